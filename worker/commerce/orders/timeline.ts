/**
 * What my pages show of each of a customer's orders beyond the API's order (issue 14): the statuses it
 * entered and when (`order_status_history`, docs/decisions/002), its withdrawal period and what is left
 * to withdraw, and its withdrawals. The reference API (Geins merchant API) has no field for any of it, so
 * the account's order page reads it here, server-side, by the logged-in customer's own id.
 */
import type { OrderStatus } from './orders';
import { withdrawalPeriod, type WithdrawalPeriod } from './withdrawal-period';

export interface OrderTimeline {
  publicId: string;
  orderNumber: string;
  /** Each status the order entered, oldest first, with its time (ISO). */
  history: { status: OrderStatus; at: string }[];
  period: WithdrawalPeriod;
  /** Units of the order not withdrawn yet. */
  unitsLeft: number;
  /** The withdrawals made, oldest first: when, and how many units. */
  withdrawals: { at: string; units: number }[];
}

/** The timelines of customer `customerId`'s orders by order number. */
export async function customerOrderTimelines(
  db: D1Database,
  customerId: number,
  now: Date,
): Promise<Map<string, OrderTimeline>> {
  const [orders, history, withdrawals] = await db.batch<Record<string, any>>([
    db
      .prepare(
        `SELECT o.id, o.public_id, o.order_number, o.status,
           json_extract(o.priced_cart, '$.shippingMethod.deliveryDays.max') AS delivery_days,
           (SELECT SUM(quantity) FROM order_rows r WHERE r.order_id = o.id) AS units,
           (SELECT COALESCE(SUM(quantity), 0) FROM order_withdrawal_rows w WHERE w.order_id = o.id) AS withdrawn
         FROM orders o WHERE o.customer_id = ?`,
      )
      .bind(customerId),
    db
      .prepare(
        `SELECT h.order_id, h.to_status, h.created_at FROM order_status_history h JOIN orders o ON o.id = h.order_id
         WHERE o.customer_id = ? ORDER BY h.created_at, h.rowid`,
      )
      .bind(customerId),
    db
      .prepare(
        `SELECT w.order_id, w.created_at, SUM(r.quantity) AS units FROM order_withdrawals w
         JOIN order_withdrawal_rows r ON r.withdrawal_id = w.id JOIN orders o ON o.id = w.order_id
         WHERE o.customer_id = ? GROUP BY w.id ORDER BY w.id`,
      )
      .bind(customerId),
  ]);
  const byId = new Map<number, OrderTimeline>();
  const completedAt = new Map<number, string>();
  for (const row of history?.results ?? []) {
    if (row.to_status === 'COMPLETED') completedAt.set(row.order_id, row.created_at);
  }
  for (const row of orders?.results ?? []) {
    byId.set(row.id, {
      publicId: row.public_id,
      orderNumber: row.order_number,
      history: [],
      period: withdrawalPeriod(
        { status: row.status, completedAt: completedAt.get(row.id) ?? null, deliveryDays: row.delivery_days },
        now,
      ),
      unitsLeft: Math.max((row.units ?? 0) - row.withdrawn, 0),
      withdrawals: [],
    });
  }
  for (const row of history?.results ?? [])
    byId.get(row.order_id)?.history.push({ status: row.to_status, at: row.created_at });
  for (const row of withdrawals?.results ?? [])
    byId.get(row.order_id)?.withdrawals.push({ at: row.created_at, units: row.units });
  return new Map([...byId.values()].map((timeline) => [timeline.orderNumber, timeline]));
}
