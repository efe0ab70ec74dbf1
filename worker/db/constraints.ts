/**
 * The database's refusals by their identity, not their wording (issue 11): which constraint of the schema
 * (worker/db/migrations) a failed statement broke. SQLite reports a violated constraint as
 * `<KIND> constraint failed: <target>` (a UNIQUE, NOT NULL or PRIMARY KEY constraint names its
 * `table.column`s, a CHECK its expression or name) and a trigger's `RAISE(ABORT, code)` as the code
 * itself; D1 passes that on inside its own message. This is the one reader of those forms.
 */

/** The CHECK constraints the domain relies on, as the schema writes them (0001_domain.sql). */
export const CHECKS = {
  /** skus.stock: a sale may never take stock below zero. */
  stockNotNegative: 'stock >= 0',
  /** customers.balance: the balance (saldo) may never go below zero. */
  balanceNotNegative: 'balance >= 0',
} as const;

/** The refusals of the schema's triggers, `RAISE(ABORT, code)` (0004_checkout_shipping_payment.sql). */
export const TRIGGER_REFUSALS = {
  promoCodeExhausted: 'promo code exhausted',
  balanceBelowZero: 'balance below zero',
  statusTransitionNotAllowed: 'order status transition not allowed',
  /** 0015_withdrawals_order_mails.sql: a withdrawal may not take more of a line than the order has left. */
  withdrawalExceedsOrder: 'withdrawal exceeds the order',
  /** 0031_back_office_orders.sql: a refund may not take more units of a line than were bought. */
  refundExceedsLine: 'refund exceeds the line',
} as const;

export type TriggerRefusal = (typeof TRIGGER_REFUSALS)[keyof typeof TRIGGER_REFUSALS];

export type ConstraintViolation =
  | { kind: 'UNIQUE' | 'NOT NULL' | 'PRIMARY KEY'; columns: string[] }
  | { kind: 'CHECK'; check: string }
  | { kind: 'TRIGGER'; refusal: TriggerRefusal };

const CONSTRAINT_FAILED = /\b(UNIQUE|NOT NULL|PRIMARY KEY|CHECK) constraint failed: (.+?)(?=: SQLITE_|$)/;

/** The constraint a database error reports, or null for any other failure. */
export function constraintViolationOf(error: unknown): ConstraintViolation | null {
  const message = String(error instanceof Error ? error.message : error);
  const failed = CONSTRAINT_FAILED.exec(message);
  if (failed) {
    const [, kind, target] = failed as unknown as [string, string, string];
    if (kind === 'CHECK') return { kind, check: target.trim() };
    return {
      kind: kind as 'UNIQUE' | 'NOT NULL' | 'PRIMARY KEY',
      columns: target.split(',').map((column) => column.trim()),
    };
  }
  const refusal = Object.values(TRIGGER_REFUSALS).find((code) => message.includes(code));
  return refusal ? { kind: 'TRIGGER', refusal } : null;
}

/** Whether `violation` is the UNIQUE, NOT NULL or PRIMARY KEY constraint of `table.column`. */
export function violatesColumn(
  violation: ConstraintViolation | null,
  kind: 'UNIQUE' | 'NOT NULL' | 'PRIMARY KEY',
  column: string,
): boolean {
  return violation?.kind === kind && violation.columns.includes(column);
}
