// Shared steps of the checkout tests: the reference checkout operations and a complete, valid checkout.
import { env, graphql } from '../helpers';
import { referenceOperation } from '../operations';
import { addToCart, graphqlAs, newCart } from './cart-helpers';

const OWN = import.meta.glob('../../worker/graphql/operations/checkout*.graphql', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
/** Spec §7 operation 1, as our own operation (worker/graphql/operations/checkout.graphql). */
export const VALIDATE_ORDER_CREATION = OWN['../../worker/graphql/operations/checkout.graphql']!;
/** The carriers with their delivery estimates (worker/graphql/operations/checkout-shipping.graphql). */
export const CHECKOUT_SHIPPING_OPTIONS = OWN['../../worker/graphql/operations/checkout-shipping.graphql']!;
export const GET_ORDER_PUBLIC = OWN['../../worker/graphql/operations/checkout-order.graphql']!;

export const CREATE_OR_UPDATE_CHECKOUT = referenceOperation('checkout/create-or-update.graphql');
export const SET_CART_SHIPPING_FEE = referenceOperation('checkout/set-cart-shipping-fee.graphql');
export const PLACE_ORDER = referenceOperation('checkout/place-order.graphql');
export const CHECKOUT_CONFIRM = referenceOperation('checkout/checkout-confirm.graphql');
export const GET_CHECKOUT_AND_ORDER = referenceOperation('checkout/get-checkout-and-order.graphql');

export const STOCKHOLM = {
  firstName: 'Anna',
  lastName: 'Svensson',
  addressLine1: 'Storgatan 1',
  zip: '114 55',
  city: 'Stockholm',
  country: 'SE',
  mobile: '0701234567',
};

/** A complete checkout in Sweden: card payment, the default carrier. */
export function swedishCheckout(overrides: Record<string, unknown> = {}) {
  return {
    email: 'anna@example.com',
    customerType: 'PERSON',
    billingAddress: STOCKHOLM,
    shippingAddress: STOCKHOLM,
    paymentId: 1,
    shippingId: 1,
    ...overrides,
  };
}

/** A complete checkout in Sweden paid by invoice: RECEIVED at once, with no payment step (issue 6). */
export function swedishInvoiceCheckout(overrides: Record<string, unknown> = {}) {
  return swedishCheckout({ paymentId: 3, identityNumber: '19811218-9876', ...overrides });
}

export function createOrUpdateCheckout(
  cartId: string,
  checkout: Record<string, unknown> | null,
  { marketId = 'se', languageId = 'sv-SE' } = {},
) {
  return graphql(CREATE_OR_UPDATE_CHECKOUT, {
    cartId,
    checkout,
    channelId: '1|se',
    languageId,
    checkoutMarketId: marketId,
  });
}

export function placeOrder(
  cartId: string,
  checkout: Record<string, unknown> = swedishCheckout(),
  { marketId = 'se', languageId = 'sv-SE' } = {},
) {
  return graphql(PLACE_ORDER, { cartId, checkout, channelId: '1|se', languageId, checkoutMarketId: marketId });
}

/** The reference client's placeOrder in Sweden as a POST to /graphql, for a shop of its own configuration. */
export function placeOrderPost(cartId: string, checkout: Record<string, unknown>): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: PLACE_ORDER,
      variables: { cartId, checkout, channelId: '1|se', languageId: 'sv-SE', checkoutMarketId: 'se' },
    }),
  };
}

/** A new cart in `marketId` holding `quantity` of `skuId`. */
export async function cartWith(skuId: number, quantity = 1, marketId = 'se'): Promise<string> {
  const cartId = await newCart(marketId);
  const { errors } = await addToCart(cartId, skuId, quantity, { marketId });
  if (errors) throw new Error(errors[0]!.message);
  return cartId;
}

/** Places an invoice order of `cartId` as the customer with `token`: its row id, public id and number (100001…). */
export async function placeInvoiceOrderAs(
  token: string,
  cartId: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; publicId: string; number: string }> {
  const placed = await graphqlAs(token, PLACE_ORDER, {
    cartId,
    checkout: swedishInvoiceCheckout(overrides),
    channelId: '1|se',
    languageId: 'sv-SE',
    checkoutMarketId: 'se',
  });
  if (placed.errors) throw new Error(placed.errors[0]!.message);
  const row = await env.DB.prepare('SELECT id, public_id, order_number FROM orders WHERE cart_id = ?')
    .bind(cartId)
    .first<{ id: number; public_id: string; order_number: string }>();
  return { id: row!.id, publicId: row!.public_id, number: row!.order_number };
}
