/**
 * Returns as the merchant's staff work them (issue 27): each withdrawal (worker/commerce/orders/
 * withdrawal.ts) is a return on its way; staff mark its goods received, then refund exactly what it
 * withdrew (./refunds.ts through the payment provider), and the withdrawal remembers which refund it was.
 */

export type ReturnState = 'open' | 'received' | 'refunded' | 'all';

export interface ReturnRow {
  id: number;
  orderId: number;
  orderNumber: string;
  email: string;
  currency: string;
  via: 'ACCOUNT' | 'LINK';
  createdAt: string;
  receivedAt: string | null;
  receivedBy: string | null;
  refundedAt: string | null;
  refundedAmount: number | null;
  lines: { position: number; name: string; articleNumber: string; quantity: number }[];
}

const STATE_SQL: Record<ReturnState, string> = {
  open: 'w.received_at IS NULL AND w.refund_id IS NULL',
  received: 'w.received_at IS NOT NULL AND w.refund_id IS NULL',
  refunded: 'w.refund_id IS NOT NULL',
  all: '1 = 1',
};

/** Withdrawals in `state`, oldest first (first come, first served), a page at a time. */
export function returnsQueue(
  db: D1Database,
  state: ReturnState,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: ReturnRow[] }> {
  return selectReturns(db, STATE_SQL[state], [], page);
}

/** Withdrawal `id` as the queue shows it, or null. */
export async function findReturn(db: D1Database, id: number): Promise<ReturnRow | null> {
  const { rows } = await selectReturns(db, 'w.id = ?', [id], { skip: 0, take: 1 });
  return rows[0] ?? null;
}

async function selectReturns(
  db: D1Database,
  where: string,
  bind: unknown[],
  page: { skip: number; take: number },
): Promise<{ total: number; rows: ReturnRow[] }> {
  const [count, rows] = await db.batch<Record<string, any>>([
    db.prepare(`SELECT COUNT(*) AS total FROM order_withdrawals w WHERE ${where}`).bind(...bind),
    db
      .prepare(
        `SELECT w.id, w.order_id, o.order_number, o.email, o.currency_code, w.via, w.created_at, w.received_at,
                w.received_by, f.created_at AS refunded_at, f.amount_inc_vat AS refunded_amount,
                (SELECT json_group_array(json_object('position', r.position, 'quantity', r.quantity, 'name', l.name,
                   'articleNumber', l.article_number))
                 FROM order_withdrawal_rows r JOIN order_rows l ON l.order_id = r.order_id AND l.position = r.position
                 WHERE r.withdrawal_id = w.id) AS lines
         FROM order_withdrawals w JOIN orders o ON o.id = w.order_id LEFT JOIN order_refunds f ON f.id = w.refund_id
         WHERE ${where} ORDER BY w.created_at, w.id LIMIT ? OFFSET ?`,
      )
      .bind(...bind, page.take, page.skip),
  ]);
  return {
    total: count!.results[0]?.total ?? 0,
    rows: rows!.results.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      orderNumber: row.order_number,
      email: row.email,
      currency: row.currency_code,
      via: row.via,
      createdAt: row.created_at,
      receivedAt: row.received_at,
      receivedBy: row.received_by,
      refundedAt: row.refunded_at,
      refundedAmount: row.refunded_amount,
      lines: JSON.parse(row.lines ?? '[]'),
    })),
  };
}

/** Marks withdrawal `id`'s goods received by `staffEmail`, with `alongside` (the audit row); false when they were already. */
export async function markReturnReceived(
  db: D1Database,
  id: number,
  staffEmail: string,
  now: Date,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  const [marked] = await db.batch([
    db
      .prepare('UPDATE order_withdrawals SET received_at = ?, received_by = ? WHERE id = ? AND received_at IS NULL')
      .bind(now.toISOString(), staffEmail, id),
    ...alongside,
  ]);
  return marked!.meta.changes === 1;
}

/** The statement that ties withdrawal `id` to the refund recorded under `reference` (in the refund's batch). */
export function returnRefundedStatement(db: D1Database, id: number, reference: string): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE order_withdrawals SET refund_id = (SELECT id FROM order_refunds WHERE provider_reference = ?) WHERE id = ? AND refund_id IS NULL',
    )
    .bind(reference, id);
}
