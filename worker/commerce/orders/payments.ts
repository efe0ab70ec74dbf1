/**
 * The payment step of an order in D1 (issue 6, contract 7; docs/decisions/002): the provider's session
 * kept on the payment row, and the outcome recorded once however often and however concurrently the
 * provider calls back. Every change of a payment is a statement in the same batch as its order's status
 * move (`transitionOrderStatus`): the batch applies only while the order is still PENDING_PAYMENT, so
 * of two callbacks (or an approval racing a decline) exactly one changes anything.
 */
import { randomHex } from '../crypto';
import { createTranslator, localeOfLanguageId } from '../../../locales';
import { exVat } from '../pricing/money';
import { transitionOrderStatus, type OrderStatus } from './orders';
import type { PaymentMethodCode } from '../checkout/shipping';
import type {
  PaymentLine,
  PaymentOrder,
  PaymentOutcome,
  PaymentProviderId,
  PaymentSession,
} from '../../payments/types';

export type PaymentStatus = 'PENDING' | 'AUTHORIZED' | 'CAPTURED' | 'DECLINED' | 'CANCELLED';

/** A payment with what the payment step needs of its order. */
export interface PaymentRecord {
  id: number;
  provider: PaymentProviderId;
  reference: string;
  method: PaymentMethodCode;
  amount: number;
  currency: string;
  status: PaymentStatus;
  session: PaymentSession | null;
  confirmationUrl: string | null;
  shopPrefix: string;
  failureReason: string | null;
  reopenedCartId: string | null;
  acknowledgedAt: string | null;
  /** The capability the payment step gave the placing browser (cookie ralph-payment); null before it started. */
  ownerToken: string | null;
  order: {
    id: number;
    publicId: string;
    orderNumber: string;
    cartId: string;
    /** The account that placed the order; null for a guest. */
    customerId: number | null;
    status: OrderStatus;
    languageId: string;
    marketId: string;
  };
}

const PAYMENT_COLUMNS = `p.id, p.provider, p.reference, p.method, p.amount, p.currency_code, p.status, p.session, p.confirmation_url,
  p.shop_prefix, p.failure_reason, p.reopened_cart_id, p.acknowledged_at, p.owner_token, o.id AS order_id, o.public_id, o.order_number, o.cart_id,
  o.status AS order_status, o.language_id, o.market_id, o.customer_id`;

function toPaymentRecord(row: Record<string, any>): PaymentRecord {
  return {
    id: row.id,
    provider: row.provider,
    reference: row.reference,
    method: row.method,
    amount: row.amount,
    currency: row.currency_code,
    status: row.status,
    session: row.session ? (JSON.parse(row.session) as PaymentSession) : null,
    confirmationUrl: row.confirmation_url,
    shopPrefix: row.shop_prefix ?? '',
    failureReason: row.failure_reason,
    reopenedCartId: row.reopened_cart_id,
    acknowledgedAt: row.acknowledged_at,
    ownerToken: row.owner_token ?? null,
    order: {
      id: row.order_id,
      publicId: row.public_id,
      orderNumber: row.order_number,
      cartId: row.cart_id,
      customerId: row.customer_id ?? null,
      status: row.order_status,
      languageId: row.language_id,
      marketId: row.market_id,
    },
  };
}

/**
 * The payment of the order with public id `publicId`, of the order placed from `cartId`, or the one a
 * provider knows as `reference`.
 */
export async function findPayment(
  db: D1Database,
  by: { publicId: string } | { cartId: string } | { provider: PaymentProviderId; reference: string },
): Promise<PaymentRecord | null> {
  const from = `SELECT ${PAYMENT_COLUMNS} FROM payments p JOIN orders o ON o.id = p.order_id`;
  const statement =
    'publicId' in by
      ? db.prepare(`${from} WHERE o.public_id = ?`).bind(by.publicId)
      : 'cartId' in by
        ? db.prepare(`${from} WHERE o.cart_id = ?`).bind(by.cartId)
        : db.prepare(`${from} WHERE p.provider = ? AND p.reference = ?`).bind(by.provider, by.reference);
  const row = await statement.first<Record<string, any>>();
  return row ? toPaymentRecord(row) : null;
}

/** What the confirmation page needs to know of an order's payment (contract 7); null for an unknown order. */
export async function paymentStateOf(
  db: D1Database,
  publicId: string,
): Promise<{
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  provider: PaymentProviderId;
  method: PaymentMethodCode;
} | null> {
  const payment = await findPayment(db, { publicId });
  return payment
    ? {
        orderStatus: payment.order.status,
        paymentStatus: payment.status,
        provider: payment.provider,
        method: payment.method,
      }
    : null;
}

/** The outcome the shop recorded for a payment, as a provider would report it. */
export function outcomeOf(status: PaymentStatus): PaymentOutcome {
  if (status === 'AUTHORIZED' || status === 'CAPTURED') return 'authorized';
  if (status === 'DECLINED') return 'declined';
  if (status === 'CANCELLED') return 'cancelled';
  return 'pending';
}

/**
 * Keeps the provider's session on a pending payment, unless one was kept first (two reloads at once):
 * answers with the session that counts, which every later reload reuses.
 */
/** The payment's owner token, made once (a random 128-bit hex) the first time its owner starts the payment step. */
export async function ownerTokenOf(db: D1Database, payment: PaymentRecord): Promise<string> {
  if (payment.ownerToken) return payment.ownerToken;
  const row = await db
    .prepare('UPDATE payments SET owner_token = COALESCE(owner_token, ?) WHERE id = ? RETURNING owner_token')
    .bind(randomHex(16), payment.id)
    .first<{ owner_token: string }>();
  return row!.owner_token;
}

export async function keepSession(
  db: D1Database,
  payment: PaymentRecord,
  session: PaymentSession,
  now: Date,
): Promise<PaymentSession> {
  const { meta } = await db
    .prepare(
      "UPDATE payments SET session = ?, reference = ?, updated_at = ? WHERE id = ? AND session IS NULL AND status = 'PENDING'",
    )
    .bind(JSON.stringify(session), session.reference, now.toISOString(), payment.id)
    .run();
  if (meta.changes === 1) return session;
  const kept = await db
    .prepare('SELECT session FROM payments WHERE id = ?')
    .bind(payment.id)
    .first<{ session: string | null }>();
  if (!kept?.session) throw new Error(`payment ${payment.id} is no longer pending`);
  return JSON.parse(kept.session) as PaymentSession;
}

/**
 * The provider authorized the payment: payment AUTHORIZED and order RECEIVED, together. 'ALREADY' when
 * another callback got there first (or the order moved on), which changes nothing.
 */
export async function confirmPayment(
  db: D1Database,
  payment: PaymentRecord,
  now: Date,
): Promise<'CONFIRMED' | 'ALREADY'> {
  const at = now.toISOString();
  const result = await transitionOrderStatus(db, payment.order.id, 'RECEIVED', now, {
    from: 'PENDING_PAYMENT',
    alongside: [
      db
        .prepare(
          "UPDATE payments SET status = 'AUTHORIZED', failure_reason = NULL, updated_at = ? WHERE id = ? AND status = 'PENDING'",
        )
        .bind(at, payment.id),
    ],
  });
  return result === 'CHANGED' ? 'CONFIRMED' : 'ALREADY';
}

/**
 * The payment was declined or cancelled: the order is CANCELLED (stock, gift cards, balance and the promo
 * code's use come back, orders.ts) and, in the same batch, the shopper gets a new open cart with the
 * order's items, promo code, gift cards and checkout details. Answers with that cart's id, or null when
 * another callback decided first.
 */
export async function failPayment(
  db: D1Database,
  payment: PaymentRecord,
  outcome: 'declined' | 'cancelled',
  reason: string,
  now: Date,
): Promise<string | null> {
  const at = now.toISOString();
  const cartId = crypto.randomUUID().replaceAll('-', '');
  const oldCart = payment.order.cartId;
  const result = await transitionOrderStatus(db, payment.order.id, 'CANCELLED', now, {
    from: 'PENDING_PAYMENT',
    alongside: [
      db
        .prepare(
          `INSERT INTO carts (id, channel_id, market_id, customer_id, promo_code, created_at, updated_at, shipping_method_id,
         payment_method_id, checkout)
       SELECT ?, channel_id, market_id, customer_id, promo_code, ?, ?, shipping_method_id, payment_method_id, checkout
       FROM carts WHERE id = ?`,
        )
        .bind(cartId, at, at, oldCart),
      db
        .prepare(
          'INSERT INTO cart_items (cart_id, sku_id, quantity, added_at) SELECT ?, sku_id, quantity, added_at FROM cart_items WHERE cart_id = ?',
        )
        .bind(cartId, oldCart),
      db
        .prepare('INSERT INTO cart_gift_cards (cart_id, code) SELECT ?, code FROM cart_gift_cards WHERE cart_id = ?')
        .bind(cartId, oldCart),
      db
        .prepare(
          "UPDATE payments SET status = ?, failure_reason = ?, reopened_cart_id = ?, updated_at = ? WHERE id = ? AND status = 'PENDING'",
        )
        .bind(outcome === 'declined' ? 'DECLINED' : 'CANCELLED', reason, cartId, at, payment.id),
    ],
  });
  return result === 'CHANGED' ? cartId : null;
}

/** Notes that the provider was told the shop has the order (Klarna's acknowledge). */
export async function markAcknowledged(db: D1Database, paymentId: number, now: Date): Promise<void> {
  await db
    .prepare('UPDATE payments SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL')
    .bind(now.toISOString(), paymentId)
    .run();
}

/** VAT part of an amount including VAT at `vatRateBp`. */
const vatOf = (incVat: number, vatRateBp: number) => incVat - exVat(incVat, vatRateBp);

/** The order as a provider is told it (types.ts PaymentOrder): rows, shipping, and gift cards with balance. */
export async function paymentOrderOf(db: D1Database, publicId: string): Promise<PaymentOrder | null> {
  const order = await db
    .prepare(
      `SELECT o.*, m.country_code, m.vat_rate_bp AS market_vat, p.method, p.amount AS to_pay
       FROM orders o JOIN markets m ON m.id = o.market_id JOIN payments p ON p.order_id = o.id WHERE o.public_id = ?`,
    )
    .bind(publicId)
    .first<Record<string, any>>();
  if (!order) return null;
  const { results: rows } = await db
    .prepare('SELECT * FROM order_rows WHERE order_id = ? ORDER BY position')
    .bind(order.id)
    .all<Record<string, any>>();
  const lines: PaymentLine[] = rows.map((row) => ({
    kind: 'physical',
    reference: row.article_number,
    name: row.name,
    quantity: row.quantity,
    unitPriceIncVat: row.unit_price_inc_vat,
    vatRateBp: row.vat_rate_bp,
    totalIncVat: row.total_inc_vat,
    discountIncVat: row.unit_price_inc_vat * row.quantity - row.total_inc_vat,
    totalVat: vatOf(row.total_inc_vat, row.vat_rate_bp),
  }));
  if (order.shipping_fee_inc_vat > 0) {
    lines.push({
      kind: 'shipping_fee',
      reference: 'shipping',
      name: order.shipping_method,
      quantity: 1,
      unitPriceIncVat: order.shipping_fee_inc_vat,
      vatRateBp: order.market_vat,
      totalIncVat: order.shipping_fee_inc_vat,
      discountIncVat: 0,
      totalVat: vatOf(order.shipping_fee_inc_vat, order.market_vat),
    });
  }
  // Whatever gift cards and balance paid, so the lines sum to what the provider collects; named in the
  // order's language, as the provider shows the lines to the shopper.
  const paidAlready = lines.reduce((sum, line) => sum + line.totalIncVat, 0) - order.to_pay;
  if (paidAlready > 0) {
    const t = createTranslator(localeOfLanguageId(order.language_id));
    lines.push({
      kind: 'gift_card',
      reference: 'gift-card',
      name: t('payments.giftCardLine'),
      quantity: 1,
      unitPriceIncVat: -paidAlready,
      vatRateBp: 0,
      totalIncVat: -paidAlready,
      discountIncVat: 0,
      totalVat: 0,
    });
  }
  const billing = JSON.parse(order.billing_address) as Record<string, string>;
  return {
    publicId: order.public_id,
    orderNumber: order.order_number,
    method: order.method,
    countryCode: order.country_code,
    currency: order.currency_code,
    languageTag: order.language_id,
    amount: order.to_pay,
    vat: lines.reduce((sum, line) => sum + line.totalVat, 0),
    lines,
    email: order.email,
    customerType: order.customer_type,
    billing: {
      firstName: billing.firstName ?? '',
      lastName: billing.lastName ?? '',
      addressLine1: billing.addressLine1 ?? '',
      zip: billing.zip ?? '',
      city: billing.city ?? '',
      mobile: billing.mobile || billing.phone || '',
    },
  };
}

/** What one run of `cancelUnpaidOrders` did. */
export interface UnpaidOrderSweep {
  /** Orders cancelled (stock, balance and promo code use back; a reopened cart for the shopper). */
  cancelled: string[];
  /** Orders the provider had authorized after all (its notification had not arrived): confirmed instead. */
  confirmed: string[];
  /** Orders left for the next run: the provider could not be asked. */
  undecided: string[];
}

/**
 * Cancels the orders still waiting for their payment `olderThanMinutes` after they were placed, oldest
 * first and at most `limit` a run (worker/index.ts runs it every five minutes, PAYMENT_PENDING_MINUTES):
 * a shopper who walked away from the payment page must not hold the stock, the gift cards, the balance
 * or the promo code's use for ever. Each is cancelled as a declined payment is (`failPayment`, reason
 * 'cancelled', so the shopper gets a reopened cart and the failure page explains it), and only while
 * still PENDING_PAYMENT, so running it twice, or alongside a late callback, changes each order once.
 *
 * When the provider's session had started, `askProvider` first says what the provider knows: an
 * authorized payment whose notification never came is confirmed, not cancelled (the shopper paid; the
 * provider's next push acknowledges it); a declined one is recorded as declined; when the provider cannot
 * be asked the order waits for the next run.
 */
export async function cancelUnpaidOrders(
  db: D1Database,
  {
    olderThanMinutes,
    now,
    askProvider,
    limit = 100,
  }: {
    olderThanMinutes: number;
    now: Date;
    askProvider?: (payment: PaymentRecord) => Promise<PaymentOutcome>;
    limit?: number;
  },
): Promise<UnpaidOrderSweep> {
  const placedBefore = new Date(now.getTime() - olderThanMinutes * 60_000).toISOString();
  const { results } = await db
    .prepare(
      `SELECT ${PAYMENT_COLUMNS} FROM payments p JOIN orders o ON o.id = p.order_id
       WHERE o.status = 'PENDING_PAYMENT' AND p.status = 'PENDING' AND o.created_at < ? ORDER BY o.created_at LIMIT ?`,
    )
    .bind(placedBefore, limit)
    .all<Record<string, any>>();
  const sweep: UnpaidOrderSweep = { cancelled: [], confirmed: [], undecided: [] };
  for (const payment of results.map(toPaymentRecord)) {
    let outcome: PaymentOutcome = 'pending';
    if (payment.session && askProvider) {
      try {
        outcome = await askProvider(payment);
      } catch (error) {
        console.error('unpaid order sweep: provider not answering', payment.provider, payment.reference, error);
        sweep.undecided.push(payment.order.publicId);
        continue;
      }
    }
    if (outcome === 'authorized') {
      if ((await confirmPayment(db, payment, now)) === 'CONFIRMED') sweep.confirmed.push(payment.order.publicId);
    } else {
      const failed = outcome === 'declined' ? 'declined' : 'cancelled';
      if (await failPayment(db, payment, failed, failed, now)) sweep.cancelled.push(payment.order.publicId);
    }
  }
  return sweep;
}

/** Whether a product of the order now has fewer units in stock than the order has of it (static and made-to-order stock never run out). */
export async function orderStockShort(db: D1Database, orderId: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS short FROM order_rows r JOIN skus s ON s.id = r.sku_id
       WHERE r.order_id = ? AND s.static_stock IS NULL AND s.oversellable = 0 GROUP BY r.sku_id HAVING MAX(s.stock) < SUM(r.quantity) LIMIT 1`,
    )
    .bind(orderId)
    .first<{ short: number }>();
  return row !== null;
}
