/**
 * The order mails (issue 14), sent once per order and event. The events are what D1 already records once:
 * an order's status history (`order_status_history`, one row per status entered) and its withdrawals.
 * `queueOrderMails` looks at one order's events and queues the mail of each that has none yet; the
 * outbox's unique `event_key` makes a second mail for an event impossible, however often and however
 * concurrently it runs. It runs where the events happen (placing an order, the confirmation page after a
 * payment, a withdrawal, a status move) and in the scheduled sweep (`sweepOrderMails`), which catches an
 * event whose request ended before its mail was queued.
 *
 * - RECEIVED (at placement for invoice and instalments; after the payment for card and Swish): the order
 *   confirmation with the signed withdrawal link;
 * - PROCESSING, COMPLETED, and CANCELLED of a confirmed order: a status mail (an order cancelled while it
 *   waited for its payment was never confirmed: the shopper is on the failure page, no mail);
 * - each withdrawal: its acknowledgement.
 * Events older than MAIL_EVENT_MAX_AGE_MS are not mailed: orders from before the mails existed stay quiet.
 */
import { findOrder } from '../orders/records';
import type { OrderStatus } from '../orders/orders';
import { signWithdrawalLink } from '../orders/withdrawal-link';
import { orderWithdrawals } from '../orders/withdrawal';
import { formatMoney } from '../pricing/money';
import { queueMail, type MailKind, type MailQueue } from './outbox';
import { orderConfirmationMail, orderStatusMail, withdrawalReceiptMail, type MailedStatus } from './order-templates';
import type { RenderedMail } from './layout';

/** An event older than this is not mailed (a day: longer than any sweep or retry takes). */
export const MAIL_EVENT_MAX_AGE_MS = 24 * 3600 * 1000;

/** What queueing an order's mails needs besides the order. */
export interface OrderMailSetup {
  db: D1Database;
  queue: MailQueue;
  /** Where links point (PUBLIC_ORIGIN, else the request's). */
  origin: string;
  shopName: string;
  /** The withdrawal link key (./withdrawal-link.ts `withdrawalLinkKey`). */
  linkKey: Uint8Array;
  now: Date;
}

interface OrderEvent {
  key: string;
  kind: MailKind;
  at: string;
  status?: OrderStatus;
  withdrawalId?: number;
}

/** The events of order `orderId` that a mail tells of, oldest first. */
async function orderEvents(db: D1Database, orderId: number): Promise<OrderEvent[]> {
  const [history, withdrawals] = await db.batch<Record<string, any>>([
    db
      .prepare(
        'SELECT from_status, to_status, created_at FROM order_status_history WHERE order_id = ? ORDER BY created_at',
      )
      .bind(orderId),
    db.prepare('SELECT id, created_at FROM order_withdrawals WHERE order_id = ? ORDER BY id').bind(orderId),
  ]);
  const events: OrderEvent[] = [];
  for (const row of history?.results ?? []) {
    const to = row.to_status as OrderStatus;
    if (to === 'RECEIVED')
      events.push({ key: `order-${orderId}-received`, kind: 'ORDER_CONFIRMATION', at: row.created_at });
    else if (to === 'PROCESSING' || to === 'COMPLETED' || (to === 'CANCELLED' && row.from_status !== 'PENDING_PAYMENT'))
      events.push({
        key: `order-${orderId}-${to.toLowerCase()}`,
        kind: 'ORDER_STATUS',
        at: row.created_at,
        status: to,
      });
  }
  for (const row of withdrawals?.results ?? [])
    events.push({ key: `withdrawal-${row.id}`, kind: 'WITHDRAWAL_RECEIPT', at: row.created_at, withdrawalId: row.id });
  return events;
}

async function mailedAlready(db: D1Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { results } = await db
    .prepare('SELECT event_key FROM outgoing_emails WHERE event_key IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(keys))
    .all<{ event_key: string }>();
  return new Set(results.map((row) => row.event_key));
}

/** Queues the mail of every event of order `orderId` not mailed yet; resolves with the new outbox ids. */
export async function queueOrderMails(setup: OrderMailSetup, orderId: number): Promise<number[]> {
  const { db, now } = setup;
  const recent = (await orderEvents(db, orderId)).filter(
    (event) => now.getTime() - Date.parse(event.at) <= MAIL_EVENT_MAX_AGE_MS,
  );
  const done = await mailedAlready(
    db,
    recent.map((event) => event.key),
  );
  const due = recent.filter((event) => !done.has(event.key));
  if (due.length === 0) return [];
  const publicId = (
    await db.prepare('SELECT public_id FROM orders WHERE id = ?').bind(orderId).first<{ public_id: string }>()
  )?.public_id;
  const [order, raw, withdrawals] = await Promise.all([
    publicId ? findOrder(db, { publicId }) : null,
    db
      .prepare(
        `SELECT o.*, (SELECT json_group_array(json_object('name', name, 'articleNumber', article_number, 'quantity', quantity,
           'totalIncVat', total_inc_vat)) FROM (SELECT * FROM order_rows WHERE order_id = o.id ORDER BY position)) AS lines
         FROM orders o WHERE o.id = ?`,
      )
      .bind(orderId)
      .first<Record<string, any>>(),
    orderWithdrawals(db, { orderId }, now),
  ]);
  if (!order || !raw || !withdrawals) return [];
  // A deleted account's orders have no address left to mail (worker/commerce/customers/customers.ts).
  if (order.email.endsWith('@deleted.invalid')) return [];
  const scope = { languageId: order.languageId, origin: setup.origin, shopName: setup.shopName };
  const token = await signWithdrawalLink(setup.linkKey, order.publicId, now);
  const queued: number[] = [];
  for (const event of due) {
    let mail: RenderedMail;
    if (event.kind === 'ORDER_CONFIRMATION') {
      mail = orderConfirmationMail({
        ...scope,
        withdrawalToken: token,
        order: {
          orderNumber: order.orderNumber,
          languageId: order.languageId,
          currency: order.currency,
          customerType: order.customerType,
          createdAt: order.createdAt,
          shippingMethod: order.shippingMethod,
          paymentMethod: order.paymentMethod,
          billingAddress: order.billingAddress,
          shippingAddress: order.shippingAddress,
          // Issue 14, business buyers (migration 0016): present once that migration ran.
          customerOrderNumber: raw.customer_order_number ?? null,
          vatNumber: raw.vat_number ?? null,
          lines: JSON.parse(raw.lines ?? '[]'),
          amounts: {
            itemValueIncVat: order.amounts.itemValueIncVat,
            shippingFeeIncVat: order.amounts.shippingFeeIncVat,
            discountIncVat: order.amounts.discountIncVat,
            paidWithBalance: order.amounts.balanceUsed + order.amounts.giftCardUsed,
            totalIncVat: order.amounts.totalIncVat,
            totalExVat: order.amounts.totalExVat,
            vat: order.amounts.vat,
          },
        },
      });
    } else if (event.kind === 'WITHDRAWAL_RECEIPT') {
      const recorded = withdrawals.withdrawals.find((withdrawal) => withdrawal.id === event.withdrawalId);
      if (!recorded) continue;
      mail = withdrawalReceiptMail({
        ...scope,
        orderNumber: order.orderNumber,
        recordedAt: recorded.createdAt,
        lines: recorded.lines,
        returnFee:
          withdrawals.returnFeeIncVat === null
            ? null
            : formatMoney({ amount: withdrawals.returnFeeIncVat, currency: order.currency }, order.languageId),
        withdrawalToken: token,
      });
    } else {
      const period = withdrawals.period;
      mail = orderStatusMail({
        ...scope,
        orderNumber: order.orderNumber,
        status: event.status as MailedStatus,
        at: event.at,
        withdrawal:
          event.status === 'COMPLETED' && period.kind === 'open' && period.endsAt
            ? { endsAt: period.endsAt.toISOString(), token }
            : null,
        ordersLink: order.customerId !== null,
        trackingLink: order.trackingLink,
      });
    }
    const id = await queueMail(
      db,
      setup.queue,
      { recipient: order.email, languageId: order.languageId, kind: event.kind, eventKey: event.key, ...mail },
      now,
    );
    if (id !== null) queued.push(id);
  }
  return queued;
}

/**
 * The scheduled sweep's part: the mails of recent events that have none yet (a request that ended first,
 * a status moved by another writer), for at most `limit` orders a run.
 */
export async function sweepOrderMails(setup: OrderMailSetup, limit = 50): Promise<number[]> {
  const since = new Date(setup.now.getTime() - MAIL_EVENT_MAX_AGE_MS).toISOString();
  const { results } = await setup.db
    .prepare(
      `SELECT DISTINCT order_id FROM (
         SELECT order_id, 'order-' || order_id || '-' || lower(to_status) AS event_key FROM order_status_history
         WHERE created_at >= ?1 AND to_status <> 'PENDING_PAYMENT'
           AND NOT (to_status = 'CANCELLED' AND from_status IS 'PENDING_PAYMENT')
         UNION ALL SELECT order_id, 'withdrawal-' || id FROM order_withdrawals WHERE created_at >= ?1
       ) e WHERE NOT EXISTS (SELECT 1 FROM outgoing_emails m WHERE m.event_key = e.event_key) LIMIT ?2`,
    )
    .bind(since, limit)
    .all<{ order_id: number }>();
  const queued: number[] = [];
  for (const { order_id } of results) queued.push(...(await queueOrderMails(setup, order_id)));
  return queued;
}
