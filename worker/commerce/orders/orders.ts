/**
 * Orders (spec §3 Order, §4 statuses; DESIGN.md "Data"). An order is created from a priced cart in ONE
 * D1 batch, and a D1 batch is a transaction: if any statement fails, none of them happened. Every rule
 * that a concurrent shopper could break between our read and our write is therefore a statement that
 * FAILS when broken (a constraint or trigger), not one that quietly changes nothing:
 *
 * - the order row is `INSERT ... SELECT ... FROM carts WHERE id = ? AND completed_at IS NULL AND
 *   revision = ?`: if the cart changed or was completed since it was priced, no order row is written,
 *   and every later statement, which finds its order by this attempt's own public id (never by cart id:
 *   the same cart submitted twice at once must not reach the first attempt's order), inserts NULL into a
 *   NOT NULL order_id and fails; a second order for the cart fails UNIQUE(cart_id);
 * - stock: `stock = stock - quantity` on skus that are neither static nor made to order violates
 *   CHECK (stock >= 0) when fewer units are left, so the last unit is sold exactly once (made-to-order
 *   skus floor at 0, static stock is never lowered);
 * - gift cards: `balance = balance - amount` violates CHECK (balance >= 0) when the card was spent;
 * - customer balance: a negative ledger row fires the trigger balance_never_negative;
 * - promo codes: `uses = uses + 1` fires promo_codes_within_max_uses when the code is used up.
 * The caller learns which rule broke from the error and tells the shopper; nothing is half-written.
 */
import type { CartRecord } from '../cart/cart';
import type { CartPricing } from '../cart/pricing';
import type { PaymentMethod, ShippingMethod } from '../checkout/shipping';
import { type CustomerType } from '../../../core/customer-type';
import { CHECKS, constraintViolationOf, TRIGGER_REFUSALS, violatesColumn } from '../../db/constraints';
import { queueOrderMails, type OrderMailSetup } from '../mail/order-mails';
import { announceOrderProductChanges, announceProductChanges } from '../catalog/product-changes';
import { announcing } from '../../db/announcements';
import { mailboxOf } from '../customers/mailbox';
import {
  creditLimitGuards,
  INVOICE_LIMIT_CHECK,
  type CreditKeys,
  type InvoiceLimits,
} from '../checkout/invoice-limits';

export type OrderStatus = 'PENDING_PAYMENT' | 'RECEIVED' | 'PROCESSING' | 'COMPLETED' | 'CANCELLED';

/** docs/decisions/002-order-status.md; the trigger orders_status_transitions enforces the same. */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING_PAYMENT: ['RECEIVED', 'CANCELLED'],
  RECEIVED: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
};

export interface OrderAddress {
  firstName: string;
  lastName: string;
  careOf: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  zip: string;
  city: string;
  state: string;
  country: string;
  entryCode: string;
  mobile: string;
  phone: string;
  company: string;
}

export interface OrderDetails {
  email: string;
  customerType: CustomerType;
  identityNumber: string | null;
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  message: string | null;
  /** A business buyer's reference / purchase order number and VAT registration number (issue 14). */
  customerOrderNumber?: string | null;
  vatNumber?: string | null;
}

export interface PlaceOrderInput {
  cart: CartRecord;
  pricing: CartPricing;
  shippingMethod: ShippingMethod;
  paymentMethod: PaymentMethod;
  marketId: string;
  currency: string;
  languageId: string;
  customerId: number | null;
  details: OrderDetails;
  /** Name and article number of each sku, as the order rows keep them. */
  skus: Map<number, { name: string; articleNumber: string }>;
  now: Date;
  /**
   * Set when the payment method needs a payment step (worker/payments/registry.ts): the order waits as
   * PENDING_PAYMENT with a PENDING payment until the provider confirms (worker/commerce/orders/payments.ts), and
   * the shopper is sent to `confirmationUrl` once paid. Absent: RECEIVED at once, card and Swish
   * AUTHORIZED, invoice and instalments PENDING (paid later).
   */
  paymentStep?: { confirmationUrl: string; shopPrefix: string } | null;
  /**
   * The shop's own credit (invoice, instalments; issue 24): who asked (stored on the order), the limits
   * the batch counts them against, and whether the order is held for the merchant.
   */
  credit?: { keys: CreditKeys; limits: InvoiceLimits; hold: boolean } | null;
}

export type PlaceOrderFailure =
  'OUT_OF_STOCK' | 'BALANCE' | 'PROMO_CODE' | 'PROMO_CODE_USED' | 'CART_CHANGED' | 'CREDIT_LIMIT';

export interface PlacedOrder {
  id: number;
  publicId: string;
  orderNumber: string;
  cartId: string;
  status: OrderStatus;
}

/** The order placed from `cartId`, if any. */
export async function findOrderByCart(db: D1Database, cartId: string): Promise<PlacedOrder | null> {
  const row = await db
    .prepare('SELECT id, public_id, order_number, cart_id, status FROM orders WHERE cart_id = ?')
    .bind(cartId)
    .first<{ id: number; public_id: string; order_number: string; cart_id: string; status: OrderStatus }>();
  return row
    ? { id: row.id, publicId: row.public_id, orderNumber: row.order_number, cartId: row.cart_id, status: row.status }
    : null;
}

/** The priced cart of the order placed from `cartId`, as the shopper confirmed it. */
export async function findPlacedCart(
  db: D1Database,
  cartId: string,
): Promise<{ pricing: CartPricing; shippingMethod: ShippingMethod | null; marketId: string } | null> {
  const row = await db
    .prepare('SELECT market_id, priced_cart FROM orders WHERE cart_id = ?')
    .bind(cartId)
    .first<{ market_id: string; priced_cart: string | null }>();
  if (!row?.priced_cart) return null;
  const placed = JSON.parse(row.priced_cart) as { pricing: CartPricing; shippingMethod: ShippingMethod | null };
  return { ...placed, marketId: row.market_id };
}

/**
 * The keys a once-per-customer code's use is recorded under: the mailbox of the order's email, and the
 * account.
 */
export function promoCustomerKeys(customerId: number | null, email: string): string[] {
  const keys = [`email:${mailboxOf(email)}`];
  if (customerId !== null) keys.push(`customer:${customerId}`);
  return keys;
}

/** Whether a once-per-customer code was already used by this account or email (null: not such a code). */
export async function promoCodeUsedBy(
  db: D1Database,
  code: string,
  who: { customerId: number | null; email: string | null },
): Promise<boolean> {
  const keys = who.email
    ? promoCustomerKeys(who.customerId, who.email)
    : who.customerId !== null
      ? [`customer:${who.customerId}`]
      : [];
  if (keys.length === 0) return false;
  const row = await db
    .prepare(
      `SELECT 1 AS used FROM promo_code_customer_uses u JOIN promo_codes p ON p.code = u.code
       WHERE u.code = ? AND p.once_per_customer = 1 AND u.customer_key IN (SELECT value FROM json_each(?)) LIMIT 1`,
    )
    .bind(code, JSON.stringify(keys))
    .first<{ used: number }>();
  return row !== null;
}

/** Which rule a failed placement batch broke, from the constraint the database reports. */
export function placementFailure(error: unknown): PlaceOrderFailure | 'ALREADY_PLACED' | null {
  const violation = constraintViolationOf(error);
  if (!violation) return null;
  if (violatesColumn(violation, 'UNIQUE', 'orders.cart_id')) return 'ALREADY_PLACED';
  if (violatesColumn(violation, 'UNIQUE', 'promo_code_customer_uses.code')) return 'PROMO_CODE_USED';
  if (violatesColumn(violation, 'PRIMARY KEY', 'promo_code_customer_uses.code')) return 'PROMO_CODE_USED';
  if (violation.kind === 'CHECK' && violation.check === CHECKS.stockNotNegative) return 'OUT_OF_STOCK';
  if (violation.kind === 'CHECK' && violation.check === CHECKS.balanceNotNegative) return 'BALANCE';
  if (violation.kind === 'CHECK' && violation.check === INVOICE_LIMIT_CHECK) return 'CREDIT_LIMIT';
  if (violation.kind === 'TRIGGER' && violation.refusal === TRIGGER_REFUSALS.balanceBelowZero) return 'BALANCE';
  if (violation.kind === 'TRIGGER' && violation.refusal === TRIGGER_REFUSALS.promoCodeExhausted) return 'PROMO_CODE';
  // Rows that reference the order this batch failed to insert (ORDER_ID below) have no order id.
  if (violation.kind === 'NOT NULL' && violation.columns.some((column) => column.endsWith('.order_id')))
    return 'CART_CHANGED';
  return null;
}

// The order this batch inserted, found by the attempt's own public id: if the order row was not
// inserted (the cart changed or was completed, possibly by the same cart submitted at once), every row
// that references it fails its NOT NULL order id and the whole batch rolls back.
const ORDER_ID = '(SELECT id FROM orders WHERE public_id = ?)';

/**
 * Creates the order of `input.cart` atomically (see the module comment). Resolves with the order, or
 * with the rule that stopped it; any other database error is thrown.
 */
export async function placeOrder(
  db: D1Database,
  input: PlaceOrderInput,
): Promise<{ order: PlacedOrder } | { failure: PlaceOrderFailure }> {
  const { cart, pricing, details, now } = input;
  const at = now.toISOString();
  const publicId = crypto.randomUUID();
  const status: OrderStatus = input.paymentStep ? 'PENDING_PAYMENT' : 'RECEIVED';
  const discountIncVat = pricing.total.discountIncVat;
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO orders (id, public_id, order_number, cart_id, customer_id, channel_id, market_id, language_id,
         currency_code, customer_type, email, phone, billing_address, shipping_address, personal_id, organization_id,
         message, shipping_method, shipping_fee_inc_vat, shipping_fee_ex_vat, payment_method, payment_provider,
         item_value_inc_vat, item_value_ex_vat, discount_inc_vat, discount_ex_vat, balance_used, gift_card_used,
         total_inc_vat, total_ex_vat, vat, promo_code, status, created_at, updated_at, priced_cart,
         customer_order_number, vat_number)
       SELECT seq.n, ?, printf('%d', 100000 + seq.n), c.id, ?, c.channel_id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
         ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
       FROM carts c, (SELECT COALESCE(MAX(id), 0) + 1 AS n FROM orders) seq
       WHERE c.id = ? AND c.completed_at IS NULL AND c.revision = ?`,
      )
      .bind(
        publicId,
        input.customerId,
        input.marketId,
        input.languageId,
        input.currency,
        details.customerType,
        details.email,
        details.billingAddress.mobile || details.billingAddress.phone || null,
        JSON.stringify(details.billingAddress),
        JSON.stringify(details.shippingAddress),
        details.customerType === 'PERSON' ? details.identityNumber : null,
        details.customerType === 'ORGANIZATION' ? details.identityNumber : null,
        details.message,
        input.shippingMethod.name,
        pricing.shipping.feeIncVat,
        pricing.shipping.feeExVat,
        input.paymentMethod.code,
        input.paymentMethod.provider,
        pricing.subTotal.sellingIncVat,
        pricing.subTotal.sellingExVat,
        discountIncVat,
        pricing.total.discountExVat,
        pricing.payment.customerBalance,
        pricing.payment.pending - pricing.payment.customerBalance,
        pricing.total.sellingIncVat,
        pricing.total.sellingExVat,
        pricing.total.vat,
        pricing.promotion?.applied ? pricing.promotion.code : null,
        status,
        at,
        at,
        JSON.stringify({ pricing, shippingMethod: input.shippingMethod }),
        details.customerOrderNumber ?? null,
        details.vatNumber ?? null,
        cart.id,
        cart.revision,
      ),
  ];
  // Credit orders say who asked, and are counted against the limits right here (a CHECK refuses excess).
  if (input.credit) {
    const { keys, limits, hold } = input.credit;
    statements.push(
      db
        .prepare('UPDATE orders SET client_key = ?, mailbox = ?, identity_key = ?, held_at = ? WHERE public_id = ?')
        .bind(keys.clientKey, keys.mailbox, keys.identityKey, hold ? at : null, publicId),
      ...creditLimitGuards(db, { limits, keys, publicId, now }),
    );
  }
  pricing.lines.forEach((line, position) => {
    const sku = input.skus.get(line.skuId);
    statements.push(
      db
        .prepare(
          `UPDATE skus SET stock = CASE WHEN oversellable = 1 THEN MAX(stock - ?1, 0) ELSE stock - ?1 END
         WHERE id = ?2 AND static_stock IS NULL`,
        )
        .bind(line.quantity, line.skuId),
      db.prepare('UPDATE products SET sold_count = sold_count + ? WHERE id = ?').bind(line.quantity, line.productId),
      db
        .prepare(
          `INSERT INTO order_rows (order_id, position, sku_id, product_id, article_number, name, quantity,
           unit_price_inc_vat, unit_price_ex_vat, regular_unit_price_inc_vat, vat_rate_bp, discount_inc_vat,
           total_inc_vat, campaign_names)
         VALUES (${ORDER_ID}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          publicId,
          position + 1,
          line.skuId,
          line.productId,
          sku?.articleNumber ?? String(line.skuId),
          sku?.name ?? '',
          line.quantity,
          line.unitPrice.sellingIncVat,
          line.unitPrice.sellingExVat,
          line.unitPrice.regularIncVat,
          line.unitPrice.vatRateBp,
          line.totalPrice.discountIncVat + line.fixedDiscountIncVat,
          line.totalPrice.sellingIncVat - line.fixedDiscountIncVat,
          JSON.stringify(line.campaigns.map((c) => c.name)),
        ),
    );
  });
  // The products' stock moved: kept pages that show them are not served again (docs/decisions/015).
  statements.push(
    announceProductChanges(
      db,
      pricing.lines.map((line) => line.productId),
    ),
  );
  // A payment step waits for the provider; without one, paid later (invoice, instalments) is PENDING and
  // anything else (nothing left to pay) is settled.
  const paidLater = input.paymentMethod.code === 'INVOICE' || input.paymentMethod.code === 'INSTALMENT';
  const paymentStatus = input.paymentStep || paidLater ? 'PENDING' : 'AUTHORIZED';
  statements.push(
    db
      .prepare(
        `INSERT INTO payments (order_id, provider, reference, method, amount, currency_code, status, created_at, updated_at,
         confirmation_url, shop_prefix)
       VALUES (${ORDER_ID}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        publicId,
        input.paymentMethod.provider,
        publicId,
        input.paymentMethod.code,
        pricing.payment.toPayIncVat,
        input.currency,
        paymentStatus,
        at,
        at,
        input.paymentStep?.confirmationUrl ?? null,
        input.paymentStep?.shopPrefix ?? '',
      ),
  );
  for (const card of pricing.payment.giftCards) {
    statements.push(
      db.prepare('UPDATE gift_cards SET balance = balance - ? WHERE code = ?').bind(card.amount, card.code),
      db
        .prepare(`INSERT INTO order_gift_cards (order_id, code, amount) VALUES (${ORDER_ID}, ?, ?)`)
        .bind(publicId, card.code, card.amount),
    );
  }
  if (pricing.payment.customerBalance > 0 && input.customerId !== null) {
    statements.push(
      db
        .prepare(
          `INSERT INTO balance_transactions (customer_id, currency_code, amount, order_id, note, created_at)
         VALUES (?, ?, ?, ${ORDER_ID}, 'order', ?)`,
        )
        .bind(input.customerId, input.currency, -pricing.payment.customerBalance, publicId, at),
    );
  }
  if (pricing.promotion?.applied) {
    statements.push(
      db.prepare('UPDATE promo_codes SET uses = uses + 1 WHERE code = ?').bind(pricing.promotion.code),
      db
        .prepare(`INSERT INTO promo_code_uses (order_id, code, created_at) VALUES (${ORDER_ID}, ?, ?)`)
        .bind(publicId, pricing.promotion.code, at),
      // A welcome code (once_per_customer): one use per email and per account, unique in the table.
      ...promoCustomerKeys(input.customerId, details.email).map((key) =>
        db
          .prepare(
            `INSERT INTO promo_code_customer_uses (code, customer_key, order_id)
             SELECT code, ?, ${ORDER_ID} FROM promo_codes WHERE code = ? AND once_per_customer = 1`,
          )
          .bind(key, publicId, pricing.promotion!.code),
      ),
    );
  }
  statements.push(
    db
      .prepare(
        `INSERT INTO order_status_history (order_id, from_status, to_status, created_at) VALUES (${ORDER_ID}, NULL, ?, ?)`,
      )
      .bind(publicId, status, at),
    db.prepare('UPDATE carts SET completed_at = ?, updated_at = ? WHERE id = ?').bind(at, at, cart.id),
  );
  try {
    await db.batch(statements);
  } catch (error) {
    const failure = placementFailure(error);
    if (failure === null) throw error;
    if (failure === 'ALREADY_PLACED') {
      const existing = await findOrderByCart(db, cart.id);
      if (existing) return { order: existing };
      return { failure: 'CART_CHANGED' };
    }
    if (failure === 'CART_CHANGED') {
      // The cart was completed by a concurrent submission of the same order: answer with that order.
      const existing = await findOrderByCart(db, cart.id);
      if (existing) return { order: existing };
    }
    return { failure };
  }
  const order = await findOrderByCart(db, cart.id);
  if (!order) throw new Error(`order of cart ${cart.id} missing after its batch succeeded`);
  return { order };
}

/**
 * Moves an order to `to` if docs/decisions/002 allows it from its current status. Cancelling returns
 * the stock (except static), gives back what gift cards and balance paid, and returns the promo code's
 * use, in the same batch. The batch only applies while the order is still in the status it was read in
 * (the history row's order id is NULL otherwise, which fails the batch), and the status history's primary
 * key lets an order enter a status once: a repeated or concurrent move fails whole instead of returning
 * the stock twice, or cancelling an order that was paid a moment ago.
 *
 * `from` makes the move only from that status (a payment decides a PENDING_PAYMENT order, never a paid
 * one); `alongside` are statements that belong to the same change (a payment's new status) and run in
 * its batch: they happen exactly when the move does. With `mail`, the move's mail (issue 14: confirmation,
 * Behandlas, Slutförd, Avbruten) is queued once it is made; without, the scheduled sweep sends it.
 */
export async function transitionOrderStatus(
  db: D1Database,
  orderId: number,
  to: OrderStatus,
  now: Date,
  {
    from,
    alongside = [],
    mail,
  }: { from?: OrderStatus; alongside?: readonly D1PreparedStatement[]; mail?: OrderMailSetup } = {},
): Promise<'CHANGED' | 'NOT_ALLOWED' | 'NOT_FOUND'> {
  const order = await db
    .prepare('SELECT status, customer_id, currency_code, balance_used FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ status: OrderStatus; customer_id: number | null; currency_code: string; balance_used: number }>();
  if (!order) return 'NOT_FOUND';
  if (!ORDER_STATUS_TRANSITIONS[order.status].includes(to) || (from !== undefined && order.status !== from))
    return 'NOT_ALLOWED';
  const at = now.toISOString();
  const statements = [
    db
      .prepare(
        `INSERT INTO order_status_history (order_id, from_status, to_status, created_at)
       VALUES ((SELECT id FROM orders WHERE id = ? AND status = ?), ?, ?, ?)`,
      )
      .bind(orderId, order.status, order.status, to, at),
    announcing(db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?').bind(to, at, orderId), {
      kind: 'order',
      orderId,
    }),
  ];
  if (to === 'CANCELLED') {
    statements.push(
      db
        .prepare(
          `UPDATE skus SET stock = stock + (SELECT SUM(quantity) FROM order_rows r WHERE r.order_id = ?1 AND r.sku_id = skus.id)
         WHERE static_stock IS NULL AND id IN (SELECT sku_id FROM order_rows WHERE order_id = ?1)`,
        )
        .bind(orderId),
      db
        .prepare(
          `UPDATE gift_cards SET balance = balance + (SELECT amount FROM order_gift_cards g WHERE g.order_id = ?1 AND g.code = gift_cards.code)
         WHERE code IN (SELECT code FROM order_gift_cards WHERE order_id = ?1)`,
        )
        .bind(orderId),
      // The code's use is returned: a shopper whose payment failed can use it again (max_uses counts orders).
      db
        .prepare(
          'UPDATE promo_codes SET uses = uses - 1 WHERE uses > 0 AND code IN (SELECT code FROM promo_code_uses WHERE order_id = ?)',
        )
        .bind(orderId),
      db.prepare('DELETE FROM promo_code_uses WHERE order_id = ?').bind(orderId),
      db.prepare('DELETE FROM promo_code_customer_uses WHERE order_id = ?').bind(orderId),
      // The stock came back: kept pages that show these products are not served again (docs/decisions/015).
      announceOrderProductChanges(db, orderId),
    );
    if (order.customer_id !== null && order.balance_used > 0) {
      statements.push(
        db
          .prepare(
            `INSERT INTO balance_transactions (customer_id, currency_code, amount, order_id, note, created_at)
           VALUES (?, ?, ?, ?, 'order cancelled', ?)`,
          )
          .bind(order.customer_id, order.currency_code, order.balance_used, orderId, at),
      );
    }
  }
  statements.push(...alongside);
  try {
    await db.batch(statements);
  } catch (error) {
    // Someone else moved the order first: its status row exists already, or the transition is refused.
    const violation = constraintViolationOf(error);
    const moved =
      (violation?.kind === 'UNIQUE' &&
        violation.columns.some((column) => column.startsWith('order_status_history.'))) ||
      violation?.kind === 'PRIMARY KEY' ||
      violatesColumn(violation, 'NOT NULL', 'order_status_history.order_id') ||
      (violation?.kind === 'TRIGGER' && violation.refusal === TRIGGER_REFUSALS.statusTransitionNotAllowed);
    if (moved) return 'NOT_ALLOWED';
    throw error;
  }
  if (mail) {
    await queueOrderMails(mail, orderId).catch((error: unknown) =>
      console.error('order mails failed; the sweep tries again', orderId, error),
    );
  }
  return 'CHANGED';
}
