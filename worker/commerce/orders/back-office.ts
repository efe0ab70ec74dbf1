/**
 * Orders as the merchant's staff read them (issue 27): a filtered, searched, paged list, and one order with
 * everything that happened to it (its lines, statuses, payments, refunds, withdrawals and mails). Moves and
 * refunds are made where they always were (orders.ts, refunds.ts); this is the reading side.
 */
import { containing } from '../../db/like';
import type { OrderStatus } from './orders';
import { findOrder, orderMoneyMovements, type OrderRecord, type OrderPayment, type OrderRefund } from './records';

export const ORDER_STATUSES: readonly OrderStatus[] = [
  'PENDING_PAYMENT',
  'RECEIVED',
  'PROCESSING',
  'COMPLETED',
  'CANCELLED',
];

export interface OrderFilter {
  /** A status, or HELD: credit orders waiting for the merchant (docs/decisions/019). */
  status?: OrderStatus | 'HELD';
  marketId?: string;
  paymentMethod?: string;
  /** Placed on or after this day, and on or before that one (YYYY-MM-DD, the shop's clock is close enough: UTC). */
  from?: string;
  to?: string;
  /** An order number, an e-mail address or a name, or part of one. */
  search?: string;
}

export interface OrderListRow {
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  held: boolean;
  email: string;
  name: string;
  marketId: string;
  currency: string;
  totalIncVat: number;
  paymentMethod: string;
}

const NAME_SQL = `trim(COALESCE(json_extract(o.billing_address, '$.firstName'), '') || ' ' ||
  COALESCE(json_extract(o.billing_address, '$.lastName'), ''))`;

/** The orders `filter` names, newest first, a page at a time, with how many there are in all. */
export async function findOrders(
  db: D1Database,
  filter: OrderFilter,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: OrderListRow[] }> {
  const where: string[] = [];
  const bind: unknown[] = [];
  const add = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    bind.push(...values);
  };
  if (filter.status === 'HELD') add("o.held_at IS NOT NULL AND o.status <> 'CANCELLED'");
  else if (filter.status) add('o.status = ?', filter.status);
  if (filter.marketId) add('o.market_id = ?', filter.marketId);
  if (filter.paymentMethod) add('o.payment_method = ?', filter.paymentMethod);
  if (filter.from) add('o.created_at >= ?', `${filter.from}T00:00:00.000Z`);
  if (filter.to) add('o.created_at <= ?', `${filter.to}T23:59:59.999Z`);
  const search = filter.search?.trim();
  if (search) {
    const pattern = containing(search.toLowerCase());
    add(
      `(o.order_number = ? OR lower(o.email) LIKE ? ESCAPE '\\' OR lower(${NAME_SQL}) LIKE ? ESCAPE '\\'
        OR lower(COALESCE(json_extract(o.billing_address, '$.company'), '')) LIKE ? ESCAPE '\\')`,
      search,
      pattern,
      pattern,
      pattern,
    );
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const [count, rows] = await db.batch<Record<string, any>>([
    db.prepare(`SELECT COUNT(*) AS total FROM orders o ${clause}`).bind(...bind),
    db
      .prepare(
        `SELECT o.order_number, o.created_at, o.status, o.held_at, o.email, ${NAME_SQL} AS name, o.market_id,
                o.currency_code, o.total_inc_vat, o.payment_method
         FROM orders o ${clause} ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...bind, page.take, page.skip),
  ]);
  return {
    total: count!.results[0]?.total ?? 0,
    rows: rows!.results.map((row) => ({
      orderNumber: row.order_number,
      createdAt: row.created_at,
      status: row.status,
      held: row.held_at !== null && row.status !== 'CANCELLED',
      email: row.email,
      name: row.name,
      marketId: row.market_id,
      currency: row.currency_code,
      totalIncVat: row.total_inc_vat,
      paymentMethod: row.payment_method,
    })),
  };
}

export interface OrderLine {
  position: number;
  articleNumber: string;
  name: string;
  quantity: number;
  unitPriceIncVat: number;
  discountIncVat: number;
  totalIncVat: number;
  vatRateBp: number;
  /** Units refunded so far. */
  refunded: number;
}

export interface OrderMail {
  id: number;
  kind: string;
  subject: string;
  recipient: string;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  attempts: number;
  lastError: string | null;
}

export interface BackOfficeOrder {
  order: OrderRecord;
  heldAt: string | null;
  releasedAt: string | null;
  lines: OrderLine[];
  history: { status: OrderStatus; at: string }[];
  payments: OrderPayment[];
  paymentProvider: string;
  refunds: OrderRefund[];
  /** The shipping fee was paid and is not refunded yet. */
  shippingRefundable: boolean;
  withdrawals: { id: number; at: string; units: number }[];
  mails: OrderMail[];
}

/** Order `orderNumber` with all that happened to it, or null. */
export async function backOfficeOrder(db: D1Database, orderNumber: string): Promise<BackOfficeOrder | null> {
  const order = await findOrder(db, { orderNumber });
  if (!order) return null;
  const [extra, lines, history, withdrawals, mails] = await db.batch<Record<string, any>>([
    db
      .prepare(
        `SELECT held_at, released_at, payment_provider, shipping_fee_inc_vat > 0 AND NOT EXISTS
           (SELECT 1 FROM order_refunds f WHERE f.order_id = o.id AND f.shipping_inc_vat > 0) AS shipping_refundable
         FROM orders o WHERE id = ?`,
      )
      .bind(order.id),
    db
      .prepare(
        `SELECT r.position, r.article_number, r.name, r.quantity, r.unit_price_inc_vat, r.discount_inc_vat,
                r.total_inc_vat, r.vat_rate_bp,
                (SELECT COALESCE(SUM(f.quantity), 0) FROM order_refund_rows f WHERE f.order_id = r.order_id
                  AND f.position = r.position) AS refunded
         FROM order_rows r WHERE r.order_id = ? ORDER BY r.position`,
      )
      .bind(order.id),
    db
      .prepare('SELECT to_status, created_at FROM order_status_history WHERE order_id = ? ORDER BY created_at, rowid')
      .bind(order.id),
    db
      .prepare(
        `SELECT w.id, w.created_at, (SELECT SUM(quantity) FROM order_withdrawal_rows r WHERE r.withdrawal_id = w.id) AS units
         FROM order_withdrawals w WHERE w.order_id = ? ORDER BY w.id`,
      )
      .bind(order.id),
    db
      .prepare(
        `SELECT id, kind, subject, recipient, created_at, sent_at, failed_at, attempts, last_error FROM outgoing_emails
         WHERE event_key LIKE ? ESCAPE '\\' OR event_key IN (SELECT 'withdrawal-' || id FROM order_withdrawals WHERE order_id = ?)
            OR event_key LIKE ? ESCAPE '\\'
         ORDER BY id`,
      )
      .bind(`order-${order.id}-%`, order.id, `resend-order-${order.id}-%`),
  ]);
  const { payments, refunds } = await orderMoneyMovements(db, order.id);
  const more = extra!.results[0]!;
  return {
    order,
    heldAt: more.held_at,
    releasedAt: more.released_at,
    paymentProvider: more.payment_provider,
    shippingRefundable: more.shipping_refundable === 1,
    lines: lines!.results.map((row) => ({
      position: row.position,
      articleNumber: row.article_number,
      name: row.name,
      quantity: row.quantity,
      unitPriceIncVat: row.unit_price_inc_vat,
      discountIncVat: row.discount_inc_vat,
      totalIncVat: row.total_inc_vat,
      vatRateBp: row.vat_rate_bp,
      refunded: row.refunded,
    })),
    history: history!.results.map((row) => ({ status: row.to_status, at: row.created_at })),
    payments,
    refunds,
    withdrawals: withdrawals!.results.map((row) => ({ id: row.id, at: row.created_at, units: row.units ?? 0 })),
    mails: mails!.results.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      recipient: row.recipient,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      failedAt: row.failed_at,
      attempts: row.attempts,
      lastError: row.last_error,
    })),
  };
}
