import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { findSkus, graphqlAs, loggedInCustomer, PLAIN_SKU } from './cart-helpers';
import { cartWith, PLACE_ORDER, swedishCheckout } from './checkout-helpers';
import { ownOperation, referenceOperation } from '../operations';

const GET_ORDERS = referenceOperation('user/orders.graphql');
const GET_ORDER = ownOperation('customer.graphql');

async function placeOrderAs(token: string, skuId: number, quantity: number) {
  const cartId = await cartWith(skuId, quantity);
  const placed = await graphqlAs(token, PLACE_ORDER, {
    cartId,
    checkout: swedishCheckout(),
    channelId: '1|se',
    languageId: 'sv-SE',
    checkoutMarketId: 'se',
  });
  if (placed.errors) throw new Error(placed.errors[0]!.message);
  return cartId;
}

describe("the customer's orders", () => {
  test("getOrders lists the logged-in customer's orders, newest first, with the cart as placed and payment details", async () => {
    const customer = await loggedInCustomer(`orders-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const [first, second] = await findSkus(PLAIN_SKU, { limit: 2 });
    await placeOrderAs(customer.token, first!.id, 2);
    await placeOrderAs(customer.token, second!.id, 1);
    const { data, errors } = await graphqlAs(customer.token, GET_ORDERS, {
      channelId: '1|se',
      languageId: 'sv-SE',
      marketId: 'se',
    });
    expect(errors).toBeUndefined();
    const orders = data?.getOrders as any[];
    expect(orders).toHaveLength(2);
    expect(orders[0].cart.items.map((item: any) => [item.skuId, item.quantity])).toEqual([[second!.id, 1]]);
    expect(orders[1].cart.items.map((item: any) => [item.skuId, item.quantity])).toEqual([[first!.id, 2]]);
    expect(orders[0]).toMatchObject({
      // A card order waits for its payment step (issue 6), in Geins' words (issue 25).
      status: 'pending-payment',
      billingAddress: { firstName: 'Anna', city: 'Stockholm' },
      paymentDetails: [{ displayName: expect.stringMatching(/kort/i) }],
      refunds: [],
    });
    expect(orders[0].shippingDetails[0].name).toBeTruthy();
  });

  test('refunds recorded on an order are reported with their VAT part', async () => {
    const customer = await loggedInCustomer(`refund-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const [sku] = await findSkus(PLAIN_SKU, { limit: 1, offset: 5 });
    const cartId = await placeOrderAs(customer.token, sku!.id, 1);
    const order = await env.DB.prepare('SELECT id, order_number FROM orders WHERE cart_id = ?')
      .bind(cartId)
      .first<{ id: number; order_number: string }>();
    await env.DB.prepare(
      "INSERT INTO order_refunds (order_id, amount_inc_vat, reason, created_at) VALUES (?, 12500, 'Skadad vara', '2026-11-20T10:00:00.000Z')",
    )
      .bind(order!.id)
      .run();
    // The order is asked for by its number, the id the API shows.
    const { data } = await graphqlAs(customer.token, GET_ORDER, {
      orderId: Number(order!.order_number),
      languageId: 'sv-SE',
    });
    expect(data?.getOrder.refunds).toEqual([
      {
        id: expect.any(Number),
        itemId: 0,
        createdAt: '2026-11-20T10:00:00.000Z',
        reason: 'Skadad vara',
        total: 125,
        vat: 25,
      },
    ]);
  });

  test("another customer's order does not exist for you, and a guest gets UNAUTHENTICATED", async () => {
    const owner = await loggedInCustomer(`owner-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const other = await loggedInCustomer(`other-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const [sku] = await findSkus(PLAIN_SKU, { limit: 1, offset: 7 });
    const cartId = await placeOrderAs(owner.token, sku!.id, 1);
    const order = await env.DB.prepare('SELECT order_number FROM orders WHERE cart_id = ?')
      .bind(cartId)
      .first<{ order_number: string }>();
    const theirs = await graphqlAs(other.token, GET_ORDER, {
      orderId: Number(order!.order_number),
      languageId: 'en-US',
    });
    expect(theirs.data?.getOrder).toBeNull();
    expect(theirs.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect((await graphqlAs(other.token, GET_ORDERS, {})).data?.getOrders).toEqual([]);
    const guest = await graphqlAs('', GET_ORDERS, {});
    expect(guest.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
