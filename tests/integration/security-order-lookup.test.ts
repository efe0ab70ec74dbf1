// Issue 24, "An order's public id opens its contact data": `checkout(id: "<publicId>")` without the cart
// id, and getOrderPublic, answered the buyer's e-mail, phone and addresses to anyone holding the public id
// (which reached analytics in page URLs). Only the browser that placed the order (its cart id) or the
// logged-in owner reads them now.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker, graphql } from '../helpers';
import { createCustomer, createProduct } from './factories';
import { cartWith, placeInvoiceOrderAs, placeOrder, swedishInvoiceCheckout } from './checkout-helpers';
import { graphqlAs } from './cart-helpers';

const CHECKOUT = `query c($id: String!, $cartId: String) {
  checkout(id: $id, cartId: $cartId, paymentType: STANDARD) {
    completed
    order { orderId status email firstName billingAddress { firstName addressLine1 mobile } shippingAddress { zip } }
  }
}`;
const PUBLIC = `query p($publicOrderId: Guid!) {
  getOrderPublic(publicOrderId: $publicOrderId) { id status message customerOrderNumber billingAddress { firstName } shippingAddress { city } orderTotal { sellingPriceIncVat } }
}`;

describe('an order looked up by its public id', () => {
  test('without the cart id it has no contact data; with it, or as the owner, it has', async () => {
    const product = await createProduct({ name: 'Blyertspenna Uppslag', prices: { '1|se': 1900 } });
    const cartId = await cartWith(product.skuId);
    const placed = await placeOrder(cartId, swedishInvoiceCheckout({ email: 'anna.kontakt@example.se' }));
    expect(placed.errors).toBeUndefined();
    const { public_id: publicId, order_number: orderId } = (await env.DB.prepare(
      'SELECT public_id, order_number FROM orders WHERE cart_id = ?',
    )
      .bind(cartId)
      .first<{ public_id: string; order_number: string }>())!;

    const stranger = await graphql(CHECKOUT, { id: publicId });
    expect(stranger.errors).toBeUndefined();
    // Before: email, phone, names and both addresses of the buyer.
    expect(stranger.data!.checkout.order).toEqual({
      orderId,
      status: 'RECEIVED',
      email: null,
      firstName: null,
      billingAddress: null,
      shippingAddress: null,
    });
    const strangerPublic = await graphql(PUBLIC, { publicOrderId: publicId });
    expect(strangerPublic.data!.getOrderPublic).toMatchObject({
      id: Number(orderId),
      status: 'pending',
      billingAddress: null,
      shippingAddress: null,
      message: null,
    });
    expect(strangerPublic.data!.getOrderPublic.orderTotal.sellingPriceIncVat).toBe(68);

    const placer = await graphql(CHECKOUT, { id: publicId, cartId });
    expect(placer.data!.checkout.order).toMatchObject({
      email: 'anna.kontakt@example.se',
      billingAddress: { firstName: 'Anna', addressLine1: 'Storgatan 1', mobile: '0701234567' },
      shippingAddress: { zip: '114 55' },
    });
  });

  test('the logged-in owner reads their own order’s details; another customer does not', async () => {
    const product = await createProduct({ name: 'Gelpenna Uppslag', prices: { '1|se': 2500 } });
    const owner = await createCustomer();
    const other = await createCustomer();
    const order = await placeInvoiceOrderAs(owner.token, await cartWith(product.skuId));
    const mine = await graphqlAs(owner.token, PUBLIC, { publicOrderId: order.publicId });
    expect(mine.data!.getOrderPublic.billingAddress).toEqual({ firstName: 'Anna' });
    const theirs = await graphqlAs(other.token, PUBLIC, { publicOrderId: order.publicId });
    expect(theirs.data!.getOrderPublic.billingAddress).toBeNull();
    const theirsCheckout = await graphqlAs(other.token, CHECKOUT, { id: order.publicId });
    expect(theirsCheckout.data!.checkout.order.email).toBeNull();
  });
});

describe('the confirmation page', () => {
  test('keeps the order ids in a cookie, sends no referrer and shows the order at the bare address', async () => {
    const product = await createProduct({ name: 'Märkpenna Uppslag', prices: { '1|se': 3900 } });
    const cartId = await cartWith(product.skuId);
    await placeOrder(cartId, swedishInvoiceCheckout({ email: 'kaka@example.se' }));
    const { public_id: publicId } = (await env.DB.prepare('SELECT public_id FROM orders WHERE cart_id = ?')
      .bind(cartId)
      .first<{ public_id: string }>())!;
    const first = await fetchWorker(`/checkout/confirm?orderId=${publicId}&cartId=${cartId}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1/checkout/confirm"/>');
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith('ralph-confirm='))!;
    expect(cookie).toContain(`ralph-confirm=${publicId}.${cartId}`);
    expect(cookie).toMatch(/HttpOnly/i);
    const again = await fetchWorker('/checkout/confirm', { headers: { Cookie: cookie.split(';')[0]! } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('kaka@example.se');
    expect((await fetchWorker('/checkout/confirm')).status).toBe(404);
  });
});
