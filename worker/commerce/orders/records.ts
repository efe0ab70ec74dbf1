/**
 * Placed orders as they are read back: the confirmation page, getOrderPublic, the account's order list,
 * and an order's refunds and payments. Placement and status changes are in orders.ts.
 */
import type { OrderAddress, PlacedOrder } from './orders';
import { type CustomerType } from '../../../core/customer-type';

export { GUID_PATTERN } from '../../../core/guid';

/** An order as the confirmation page and getOrderPublic report it. */
export interface OrderRecord extends PlacedOrder {
  customerId: number | null;
  marketId: string;
  languageId: string;
  currency: string;
  email: string;
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  message: string | null;
  personalId: string | null;
  organizationId: string | null;
  /** A business buyer's reference / purchase order number and VAT registration number (issue 14). */
  customerOrderNumber: string | null;
  /** The carrier's page for the parcel, once the merchant's system set it (migration 0017). */
  trackingLink: string | null;
  vatNumber: string | null;
  customerType: CustomerType;
  shippingMethod: string;
  paymentMethod: string;
  promoCode: string | null;
  createdAt: string;
  updatedAt: string;
  amounts: {
    shippingFeeIncVat: number;
    shippingFeeExVat: number;
    itemValueIncVat: number;
    itemValueExVat: number;
    discountIncVat: number;
    discountExVat: number;
    balanceUsed: number;
    giftCardUsed: number;
    totalIncVat: number;
    totalExVat: number;
    vat: number;
  };
  /** Orders placed with the same email up to and including this one. */
  nthPurchase: number;
}

const ORDER_COLUMNS = `o.*, (SELECT COUNT(*) FROM orders o2 WHERE o2.email = o.email AND o2.id <= o.id) AS nth_purchase`;

/** The order with public id `publicId` (a UUID), or placed from `cartId`; null when there is none. */
export async function findOrder(
  db: D1Database,
  by: { publicId: string } | { cartId: string } | { orderNumber: string },
): Promise<OrderRecord | null> {
  const [column, value] =
    'publicId' in by
      ? ['public_id', by.publicId]
      : 'cartId' in by
        ? ['cart_id', by.cartId]
        : ['order_number', by.orderNumber];
  const row = await db
    .prepare(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.${column} = ?`)
    .bind(value)
    .first<Record<string, any>>();
  return row ? toOrderRecord(row) : null;
}

/** The orders of a customer, newest first (the account's order list). */
export async function findCustomerOrders(db: D1Database, customerId: number): Promise<OrderRecord[]> {
  const { results } = await db
    .prepare(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.customer_id = ? ORDER BY o.created_at DESC, o.id DESC`)
    .bind(customerId)
    .all<Record<string, any>>();
  return results.map(toOrderRecord);
}

/**
 * The VAT registration numbers of a customer's orders by order number (issue 14): OrderType has no field
 * for it, so my pages read it by the customer's own id, as the built-in API keeps it.
 */
export async function customerOrderVatNumbers(db: D1Database, customerId: number): Promise<Map<string, string>> {
  const { results } = await db
    .prepare('SELECT order_number, vat_number FROM orders WHERE customer_id = ? AND vat_number IS NOT NULL')
    .bind(customerId)
    .all<{ order_number: string; vat_number: string }>();
  return new Map(results.map((row) => [row.order_number, row.vat_number]));
}

export interface OrderRefund {
  id: number;
  amountIncVat: number;
  reason: string | null;
  createdAt: string;
}

export interface OrderPayment {
  id: number;
  method: string;
  reference: string;
  status: string;
  amount: number;
  createdAt: string;
}

/** Refunds and payments of an order, oldest first. */
export async function orderMoneyMovements(
  db: D1Database,
  orderId: number,
): Promise<{ refunds: OrderRefund[]; payments: OrderPayment[] }> {
  const [refunds, payments] = await db.batch([
    db
      .prepare('SELECT id, amount_inc_vat, reason, created_at FROM order_refunds WHERE order_id = ? ORDER BY id')
      .bind(orderId),
    db
      .prepare('SELECT id, method, reference, status, amount, created_at FROM payments WHERE order_id = ? ORDER BY id')
      .bind(orderId),
  ]);
  return {
    refunds: ((refunds?.results ?? []) as Record<string, any>[]).map((r) => ({
      id: r.id,
      amountIncVat: r.amount_inc_vat,
      reason: r.reason,
      createdAt: r.created_at,
    })),
    payments: ((payments?.results ?? []) as Record<string, any>[]).map((r) => ({
      id: r.id,
      method: r.method,
      reference: r.reference,
      status: r.status,
      amount: r.amount,
      createdAt: r.created_at,
    })),
  };
}

function toOrderRecord(row: Record<string, any>): OrderRecord {
  return {
    id: row.id,
    publicId: row.public_id,
    orderNumber: row.order_number,
    cartId: row.cart_id,
    status: row.status,
    customerId: row.customer_id,
    marketId: row.market_id,
    languageId: row.language_id,
    currency: row.currency_code,
    email: row.email,
    billingAddress: JSON.parse(row.billing_address),
    shippingAddress: JSON.parse(row.shipping_address),
    message: row.message,
    personalId: row.personal_id,
    organizationId: row.organization_id,
    customerOrderNumber: row.customer_order_number ?? null,
    vatNumber: row.vat_number ?? null,
    trackingLink: row.tracking_link ?? null,
    customerType: row.customer_type,
    shippingMethod: row.shipping_method,
    paymentMethod: row.payment_method,
    promoCode: row.promo_code,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    amounts: {
      shippingFeeIncVat: row.shipping_fee_inc_vat,
      shippingFeeExVat: row.shipping_fee_ex_vat,
      itemValueIncVat: row.item_value_inc_vat,
      itemValueExVat: row.item_value_ex_vat,
      discountIncVat: row.discount_inc_vat,
      discountExVat: row.discount_ex_vat,
      balanceUsed: row.balance_used,
      giftCardUsed: row.gift_card_used,
      totalIncVat: row.total_inc_vat,
      totalExVat: row.total_ex_vat,
      vat: row.vat,
    },
    nthPurchase: row.nth_purchase,
  };
}
