// Issue 12, "Orders paid without payment" and "An order's public id is a bearer capability": each test
// reproduces the attack as it was probed, and fails on the code before the fix.
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env, fetchWorker } from '../helpers';
import { PLACE_ORDER, cartWith, swedishCheckout } from './checkout-helpers';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import { CookieJar, postForm } from './forms-helpers';
import { fetchAsShopper, pendingCardOrder, rowsOf, shopperOf, startPayment } from './payments-helpers';

const app = createApp();
/** A deployment as ops would make it: no PAYMENT_PROVIDERS, and not in test mode. */
const liveEnv = { ...env, PAYMENT_TEST_MODE: 'false', PAYMENT_PROVIDERS: '{}' };

function live(path: string, init: RequestInit = {}) {
  return Promise.resolve(app.fetch(new Request(`http://127.0.0.1${path}`, { redirect: 'manual', ...init }), liveEnv));
}

async function graphqlLive(query: string, variables: Record<string, unknown>) {
  const response = await live('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string }[] };
}

const CHECKOUT_OPTIONS = /* GraphQL */ `
  mutation options($cartId: String!) {
    createOrUpdateCheckout(cartId: $cartId, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
      paymentOptions {
        id
        name
      }
    }
  }
`;

describe('outside test mode, with no real payment provider', () => {
  test('card and Swish are not offered, and an order asking for card is refused with a clear message', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 60 });
    const cartId = await cartWith(sku!.id, 1);
    const options = await graphqlLive(CHECKOUT_OPTIONS, { cartId });
    const names = (options.data!.createOrUpdateCheckout.paymentOptions as { name: string }[]).map((o) => o.name);
    expect(names).toEqual(['INVOICE', 'INSTALMENT']);

    const placed = await graphqlLive(PLACE_ORDER, {
      cartId,
      checkout: swedishCheckout({ paymentId: 1 }),
      channelId: '1|se',
      languageId: 'sv-SE',
      checkoutMarketId: 'se',
    });
    expect(placed.errors?.[0]?.message).toBe('Välj ett av betalsätten som finns i ditt land');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE cart_id = ?').bind(cartId).first('n')).toBe(0);
  });

  test("the built-in provider's pages and notifications do not exist", async () => {
    const { placed, publicId } = await pendingCardOrder({ offset: 61 });
    const hosted = await startPayment(placed.redirectUrl);
    const jar = await shopperOf(hosted);
    expect((await live(hosted, { headers: { Cookie: jar.header() } })).status).toBe(404);
    expect((await live(placed.redirectUrl, { headers: { Cookie: jar.header() } })).status).toBe(404);
    expect((await live('/api/payments/built-in/notify', { method: 'POST', body: 'a.b.c' })).status).toBe(404);
    expect((await rowsOf(publicId)).order.status).toBe('PENDING_PAYMENT');
  });

  test('sending card to the built-in provider without test mode is a configuration error, named', async () => {
    const response = await app.request('/', {}, { ...liveEnv, PAYMENT_PROVIDERS: '{"CARD":"built-in"}' });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('PAYMENT_PROVIDERS');
  });
});

describe('in test mode', () => {
  test('the checkout and the payment page say that no real payment is made', async () => {
    const { placed } = await pendingCardOrder({ offset: 62 });
    const notice = 'Testläge: inga riktiga betalningar görs.';
    const hostedPage = await (await fetchAsShopper(await startPayment(placed.redirectUrl))).text();
    expect(hostedPage).toContain(notice);
    const [sku] = await findSkus(PLAIN_SKU, { offset: 63 });
    const checkout = await fetchWorker('/kassan', { headers: { Cookie: `ralph-cart=${await cartWith(sku!.id, 1)}` } });
    expect(await checkout.text()).toContain(notice);
  });

  test("someone holding only the order's public id cannot start, approve, cancel or reopen its payment", async () => {
    const { placed, publicId } = await pendingCardOrder({ offset: 64 });
    const hosted = await startPayment(placed.redirectUrl);
    const stranger = new CookieJar();

    expect((await fetchWorker(placed.redirectUrl, { redirect: 'manual' })).status).toBe(404);
    expect((await fetchWorker(hosted)).status).toBe(404);
    const approve = await postForm(hosted, { decision: 'approve' }, stranger);
    expect(approve.status).toBe(404);
    const cancel = await postForm(hosted, { decision: 'cancel' }, stranger);
    expect(cancel.status).toBe(404);
    expect((await rowsOf(publicId)).order.status).toBe('PENDING_PAYMENT');
    expect((await rowsOf(publicId)).payment.status).toBe('PENDING');

    // Once the shopper has cancelled, the stranger still does not get the reopened cart (details, gift cards).
    const owner = await shopperOf(hosted);
    await postForm(hosted, { decision: 'cancel' }, owner);
    const { payment } = await rowsOf(publicId);
    expect(payment.reopened_cart_id).toMatch(/^[0-9a-f]{32}$/);
    const back = await fetchWorker(`/api/payments/built-in/return?orderId=${publicId}`, { redirect: 'manual' });
    expect(back.headers.getSetCookie().join('\n')).not.toContain(payment.reopened_cart_id);
    expect(owner.get('ralph-cart')).toBe(payment.reopened_cart_id);
  });

  test("the payment step gives the shopper's browser a capability that outlives its cart cookie", async () => {
    const { placed, publicId, cartId } = await pendingCardOrder({ offset: 65 });
    const browser = new CookieJar({ 'ralph-cart': cartId });
    const pay = await fetchWorker(placed.redirectUrl, { headers: { Cookie: browser.header() }, redirect: 'manual' });
    browser.take(pay);
    expect(pay.status).toBe(302);
    expect(pay.headers.getSetCookie().join('\n')).toMatch(
      /ralph-payment=[0-9a-f]{32}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax/,
    );
    // A page in between (the hosted page's header) started a new cart for the browser.
    browser.cookies.set('ralph-cart', 'f'.repeat(32));
    const approve = await postForm(pay.headers.get('Location')!, { decision: 'approve' }, browser);
    expect(approve.status).toBe(303);
    expect(approve.headers.get('Location')).toBe(`/checkout/confirm?orderId=${publicId}&cartId=${cartId}`);
    // Someone else's capability cookie is not this payment's.
    const other = await pendingCardOrder({ offset: 66 });
    const hosted = await startPayment(other.placed.redirectUrl);
    const refused = await postForm(
      hosted,
      { decision: 'approve' },
      new CookieJar({ 'ralph-payment': browser.get('ralph-payment')! }),
    );
    expect(refused.status).toBe(404);
    expect((await rowsOf(other.publicId)).order.status).toBe('PENDING_PAYMENT');
  });

  test("once the payment step started, the order's cart id (in the confirmation URL) cancels nothing", async () => {
    const { placed, publicId, cartId } = await pendingCardOrder({ offset: 67 });
    await startPayment(placed.redirectUrl);
    // Someone who read the cart id from a URL puts it in their own cookie and opens the checkout.
    await fetchWorker('/kassan', { headers: { Cookie: `ralph-cart=${cartId}` }, redirect: 'manual' });
    const rows = await rowsOf(publicId);
    expect(rows.order.status).toBe('PENDING_PAYMENT');
    expect(rows.payment.reopened_cart_id).toBeNull();
    const hosted = await fetchWorker(`/checkout/pay?orderId=${publicId}`, {
      headers: { Cookie: `ralph-cart=${cartId}` },
      redirect: 'manual',
    });
    expect(hosted.status).toBe(404);
  });
});
