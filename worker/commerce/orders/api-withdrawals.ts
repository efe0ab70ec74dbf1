/**
 * The withdrawal function in front of a remote commerce API (issue 26, docs/decisions/021): withdrawals
 * from the API's orders, keyed by the order's public id, in the storefront's own tables (migration 0029).
 * A Geins API has no place for them. What an order has of each line is the API's answer when the first
 * withdrawal was made (kept, so the trigger storefront_withdrawal_within_order holds the rule however many
 * withdrawals race); the caller checks the period and the shopper's choice against the API's order first
 * (./withdrawal.ts `withdrawalProblem`). The same form sent twice is one withdrawal (its request key).
 */
import { constraintViolationOf, TRIGGER_REFUSALS, violatesColumn } from '../../db/constraints';
import type { WithdrawalChoice, WithdrawalRefusal } from './withdrawal';

/** A withdrawal recorded for an API order: when, and how many units of which line. */
export interface StorefrontWithdrawal {
  id: number;
  createdAt: string;
  rows: { position: number; quantity: number }[];
}

/** The withdrawals recorded for the API's order `publicId`, oldest first. */
export async function storefrontWithdrawals(db: D1Database, publicId: string): Promise<StorefrontWithdrawal[]> {
  const { results } = await db
    .prepare(
      `SELECT w.id, w.created_at, r.position, r.quantity FROM storefront_withdrawals w
       JOIN storefront_withdrawal_rows r ON r.withdrawal_id = w.id
       WHERE w.api_order = ? ORDER BY w.id, r.position`,
    )
    .bind(publicId)
    .all<{ id: number; created_at: string; position: number; quantity: number }>();
  const withdrawals = new Map<number, StorefrontWithdrawal>();
  for (const row of results) {
    const entry = withdrawals.get(row.id) ?? { id: row.id, createdAt: row.created_at, rows: [] };
    entry.rows.push({ position: row.position, quantity: row.quantity });
    withdrawals.set(row.id, entry);
  }
  return [...withdrawals.values()];
}

/**
 * Records the withdrawal of `choice` from the API's order `publicId`, whose lines the API listed as
 * `lines` (position, units bought). `requestKey` is the confirmation form's key: sent again, it answers
 * with the withdrawal it recorded first (`repeated`).
 */
export async function recordStorefrontWithdrawal(
  db: D1Database,
  input: {
    publicId: string;
    customerId: number;
    lines: readonly { position: number; bought: number }[];
    choice: WithdrawalChoice;
    requestKey: string;
    now: Date;
  },
): Promise<{ withdrawalId: number; repeated: boolean } | { refusal: WithdrawalRefusal }> {
  const existing = () =>
    db
      .prepare('SELECT id FROM storefront_withdrawals WHERE api_order = ? AND request_key = ?')
      .bind(input.publicId, input.requestKey)
      .first<{ id: number }>();
  const before = await existing();
  if (before) return { withdrawalId: before.id, repeated: true };
  const withdrawal = '(SELECT id FROM storefront_withdrawals WHERE api_order = ? AND request_key = ?)';
  try {
    await db.batch([
      ...input.lines.map((line) =>
        db
          .prepare('INSERT OR IGNORE INTO storefront_withdrawal_lines (api_order, position, quantity) VALUES (?, ?, ?)')
          .bind(input.publicId, line.position, line.bought),
      ),
      db
        .prepare(
          'INSERT INTO storefront_withdrawals (api_order, customer_id, request_key, created_at) VALUES (?, ?, ?, ?)',
        )
        .bind(input.publicId, input.customerId, input.requestKey, input.now.toISOString()),
      ...input.choice
        .filter((line) => line.quantity > 0)
        .map((line) =>
          db
            .prepare(
              `INSERT INTO storefront_withdrawal_rows (withdrawal_id, api_order, position, quantity) VALUES (${withdrawal}, ?, ?, ?)`,
            )
            .bind(input.publicId, input.requestKey, input.publicId, line.position, line.quantity),
        ),
    ]);
  } catch (error) {
    const violation = constraintViolationOf(error);
    if (violatesColumn(violation, 'UNIQUE', 'storefront_withdrawals.api_order')) {
      const first = await existing();
      if (first) return { withdrawalId: first.id, repeated: true };
    }
    if (violation?.kind === 'TRIGGER' && violation.refusal === TRIGGER_REFUSALS.withdrawalExceedsOrder)
      return { refusal: 'EXCEEDS_ORDER' };
    throw error;
  }
  const recorded = await existing();
  if (!recorded) throw new Error(`withdrawal of order ${input.publicId} missing after its batch succeeded`);
  return { withdrawalId: recorded.id, repeated: false };
}
