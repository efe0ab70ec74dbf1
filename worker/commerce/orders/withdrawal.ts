/**
 * Withdrawals from orders (issue 14, "Ångra köp"; docs/decisions/011-withdrawal.md): what an order has
 * left to withdraw, its period (./withdrawal-period.ts), and recording a withdrawal in one D1 batch. The
 * batch applies only while the order can be withdrawn from (its row is inserted by a SELECT over the
 * order's status, and every withdrawn line finds it by the form's own key), and the trigger
 * order_withdrawal_within_order refuses a line that would take more than was bought, or the same units
 * twice, however many withdrawals race. The same form sent twice is one withdrawal (its request key).
 */
import { constraintViolationOf, TRIGGER_REFUSALS, violatesColumn } from '../../db/constraints';
import type { OrderStatus } from './orders';
import { withdrawalPeriod, type WithdrawalPeriod } from './withdrawal-period';

/** A line of the order with how much of it is still the shopper's to withdraw. */
export interface WithdrawableLine {
  position: number;
  skuId: number;
  name: string;
  articleNumber: string;
  bought: number;
  withdrawn: number;
  remaining: number;
}

/** A withdrawal as recorded: its time (the acknowledgement's) and what it took. */
export interface RecordedWithdrawal {
  id: number;
  createdAt: string;
  lines: { position: number; name: string; articleNumber: string; quantity: number }[];
}

/** An order as its withdrawal page and mails see it. */
export interface OrderWithdrawals {
  order: {
    id: number;
    publicId: string;
    orderNumber: string;
    customerId: number | null;
    status: OrderStatus;
    languageId: string;
    marketId: string;
    currency: string;
    email: string;
    createdAt: string;
  };
  period: WithdrawalPeriod;
  lines: WithdrawableLine[];
  withdrawals: RecordedWithdrawal[];
  /**
   * What sending the goods back costs (spec §1: 49 kr): the market's standard shipping fee, minor units;
   * null where the shop does not know it (a remote API's market states none, issue 26).
   */
  returnFeeIncVat: number | null;
}

const ORDER_SELECT = `SELECT o.id, o.public_id, o.order_number, o.customer_id, o.status, o.language_id, o.market_id,
  o.currency_code, o.email, o.created_at, m.shipping_fee_inc_vat AS return_fee,
  json_extract(o.priced_cart, '$.shippingMethod.deliveryDays.max') AS delivery_days,
  (SELECT created_at FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'COMPLETED') AS completed_at
  FROM orders o JOIN markets m ON m.id = o.market_id`;

/** The order with public id `publicId`, or row id `orderId`, with its withdrawals; null when there is none. */
export async function orderWithdrawals(
  db: D1Database,
  by: { publicId: string } | { orderId: number },
  now: Date,
): Promise<OrderWithdrawals | null> {
  const order = await (
    'publicId' in by
      ? db.prepare(`${ORDER_SELECT} WHERE o.public_id = ?`).bind(by.publicId)
      : db.prepare(`${ORDER_SELECT} WHERE o.id = ?`).bind(by.orderId)
  ).first<Record<string, any>>();
  if (!order) return null;
  const [rows, taken] = await db.batch<Record<string, any>>([
    db
      .prepare(
        'SELECT position, sku_id, name, article_number, quantity FROM order_rows WHERE order_id = ? ORDER BY position',
      )
      .bind(order.id),
    db
      .prepare(
        `SELECT w.id, w.created_at, r.position, r.quantity FROM order_withdrawals w
         JOIN order_withdrawal_rows r ON r.withdrawal_id = w.id WHERE w.order_id = ? ORDER BY w.id, r.position`,
      )
      .bind(order.id),
  ]);
  const lineRows = rows?.results ?? [];
  const withdrawn = new Map<number, number>();
  const withdrawals = new Map<number, RecordedWithdrawal>();
  for (const row of taken?.results ?? []) {
    withdrawn.set(row.position, (withdrawn.get(row.position) ?? 0) + row.quantity);
    const line = lineRows.find((candidate) => candidate.position === row.position);
    const entry: RecordedWithdrawal = withdrawals.get(row.id) ?? { id: row.id, createdAt: row.created_at, lines: [] };
    entry.lines.push({
      position: row.position,
      name: line?.name ?? '',
      articleNumber: line?.article_number ?? '',
      quantity: row.quantity,
    });
    withdrawals.set(row.id, entry);
  }
  return {
    order: {
      id: order.id,
      publicId: order.public_id,
      orderNumber: order.order_number,
      customerId: order.customer_id,
      status: order.status,
      languageId: order.language_id,
      marketId: order.market_id,
      currency: order.currency_code,
      email: order.email,
      createdAt: order.created_at,
    },
    period: withdrawalPeriod(
      { status: order.status, completedAt: order.completed_at, deliveryDays: order.delivery_days },
      now,
    ),
    lines: lineRows.map((row) => {
      const done = withdrawn.get(row.position) ?? 0;
      return {
        position: row.position,
        skuId: row.sku_id,
        name: row.name,
        articleNumber: row.article_number,
        bought: row.quantity,
        withdrawn: done,
        remaining: Math.max(row.quantity - done, 0),
      };
    }),
    withdrawals: [...withdrawals.values()],
    returnFeeIncVat: order.return_fee,
  };
}

/** Why a withdrawal was not recorded. */
export type WithdrawalRefusal =
  /** The order waits for its payment, was cancelled, or is not there. */
  | 'NOT_WITHDRAWABLE'
  /** The period is over. */
  | 'PERIOD_ENDED'
  /** No line chosen. */
  | 'NOTHING_CHOSEN'
  /** More of a line than the order has left of it (more than bought, or withdrawn already). */
  | 'EXCEEDS_ORDER';

/** The lines a shopper chose: order row position and how many units. */
export type WithdrawalChoice = readonly { position: number; quantity: number }[];

/** Whether `choice` fits what `state` has left: refusal, or null when it does. */
export function withdrawalProblem(state: OrderWithdrawals, choice: WithdrawalChoice): WithdrawalRefusal | null {
  if (state.period.kind === 'none') return 'NOT_WITHDRAWABLE';
  if (state.period.kind === 'ended') return 'PERIOD_ENDED';
  const chosen = choice.filter((line) => line.quantity > 0);
  if (chosen.length === 0) return 'NOTHING_CHOSEN';
  const positions = new Set<number>();
  for (const line of chosen) {
    const row = state.lines.find((candidate) => candidate.position === line.position);
    if (!row || positions.has(line.position) || line.quantity > row.remaining) return 'EXCEEDS_ORDER';
    positions.add(line.position);
  }
  return null;
}

/**
 * Records the withdrawal of `choice` from order `orderId` as of `now`. `requestKey` is the confirmation
 * form's key: sent again, it answers with the withdrawal it recorded first (`repeated`).
 */
export async function recordWithdrawal(
  db: D1Database,
  input: { orderId: number; choice: WithdrawalChoice; requestKey: string; via: 'ACCOUNT' | 'LINK'; now: Date },
): Promise<{ withdrawalId: number; repeated: boolean } | { refusal: WithdrawalRefusal }> {
  const existing = () =>
    db
      .prepare('SELECT id FROM order_withdrawals WHERE order_id = ? AND request_key = ?')
      .bind(input.orderId, input.requestKey)
      .first<{ id: number }>();
  const before = await existing();
  if (before) return { withdrawalId: before.id, repeated: true };
  const state = await orderWithdrawals(db, { orderId: input.orderId }, input.now);
  if (!state) return { refusal: 'NOT_WITHDRAWABLE' };
  const problem = withdrawalProblem(state, input.choice);
  if (problem) return { refusal: problem };
  const at = input.now.toISOString();
  const withdrawal = '(SELECT id FROM order_withdrawals WHERE order_id = ? AND request_key = ?)';
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO order_withdrawals (order_id, request_key, via, created_at)
           SELECT id, ?, ?, ? FROM orders WHERE id = ? AND status IN ('RECEIVED', 'PROCESSING', 'COMPLETED')`,
        )
        .bind(input.requestKey, input.via, at, input.orderId),
      ...input.choice
        .filter((line) => line.quantity > 0)
        .map((line) =>
          db
            .prepare(
              `INSERT INTO order_withdrawal_rows (withdrawal_id, order_id, position, quantity) VALUES (${withdrawal}, ?, ?, ?)`,
            )
            .bind(input.orderId, input.requestKey, input.orderId, line.position, line.quantity),
        ),
    ]);
  } catch (error) {
    const violation = constraintViolationOf(error);
    if (violatesColumn(violation, 'UNIQUE', 'order_withdrawals.order_id')) {
      const first = await existing();
      if (first) return { withdrawalId: first.id, repeated: true };
    }
    if (violation?.kind === 'TRIGGER' && violation.refusal === TRIGGER_REFUSALS.withdrawalExceedsOrder)
      return { refusal: 'EXCEEDS_ORDER' };
    if (violatesColumn(violation, 'NOT NULL', 'order_withdrawal_rows.withdrawal_id'))
      return { refusal: 'NOT_WITHDRAWABLE' };
    throw error;
  }
  const recorded = await existing();
  if (!recorded) throw new Error(`withdrawal of order ${input.orderId} missing after its batch succeeded`);
  return { withdrawalId: recorded.id, repeated: false };
}
