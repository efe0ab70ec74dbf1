// Kustom Checkout (Klarna Checkout's successor, same API on *.kustom.co) and Avarda Checkout 3 through
// the payment step, against local fakes of their APIs
// (tests/fakes): the session started once (a reload reuses it), the provider's snippet rendered with the
// page's CSP nonce, and repeated pushes and callbacks recording the payment once.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { env } from '../helpers';
import { cartWith, placeOrderPost, swedishCheckout } from './checkout-helpers';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import { countWhere, rowsOf, shopperOf, stockOf } from './payments-helpers';
import { createFakeKustom, KUSTOM_PLAYGROUND } from '../fakes/kustom';
import { createFakeAvarda } from '../fakes/avarda';
import { failPayment, findPayment, paymentOrderOf } from '../../worker/commerce/orders/payments';
import { KUSTOM_SOURCES } from '../../worker/middleware/security-headers';

const AVARDA_URL = 'https://avarda.test';
const providerEnv = {
  ...env,
  // "kustom", and "klarna" as its old name, are the same provider; its API URL is wrangler.toml's test
  // environment, where the fake answers.
  PAYMENT_PROVIDERS: '{"INVOICE":"kustom","INSTALMENT":"klarna","CARD":"avarda"}',
  KUSTOM_USERNAME: 'kustom-user',
  KUSTOM_PASSWORD: 'kustom-pass',
  AVARDA_API_URL: AVARDA_URL,
  AVARDA_CLIENT_ID: 'avarda-client',
  AVARDA_CLIENT_SECRET: 'avarda-secret',
  AVARDA_CHECKOUT_SCRIPT: 'https://avarda-cdn.test/main.js',
} as unknown as Env;

const app = createApp();
let kustom: ReturnType<typeof createFakeKustom>;
/** Calls that went to Klarna's old hosts, which stopped answering on 31 March 2026. */
let klarnaCalls: string[];
let avarda: ReturnType<typeof createFakeAvarda>;

beforeEach(() => {
  kustom = createFakeKustom();
  klarnaCalls = [];
  avarda = createFakeAvarda();
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(`${KUSTOM_PLAYGROUND}/`)) return kustom.fetch(url, init);
    if (new URL(url).hostname.endsWith('klarna.com')) {
      klarnaCalls.push(url);
      return Promise.resolve(new Response('gone', { status: 404 }));
    }
    if (url.startsWith(AVARDA_URL)) return avarda.fetch(url, init);
    return realFetch(input, init);
  });
});
afterEach(() => vi.restoreAllMocks());

/** A request to the app configured with the providers above. */
function request(path: string, init: RequestInit = {}) {
  return Promise.resolve(
    app.fetch(new Request(`http://127.0.0.1${path}`, { redirect: 'manual', ...init }), providerEnv),
  );
}

/** A request from the browser of the shopper who placed the order the path names (its cart cookie). */
async function asShopper(path: string, init: RequestInit = {}) {
  const jar = await shopperOf(path);
  return request(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: jar.header() } });
}

async function placedOrder(checkout: Record<string, unknown>, { offset = 0, quantity = 1 } = {}) {
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  const cartId = await cartWith(sku!.id, quantity);
  const response = await request('/graphql', placeOrderPost(cartId, swedishCheckout(checkout)));
  const { data, errors } = (await response.json()) as { data?: any; errors?: { message: string }[] };
  if (errors) throw new Error(errors[0]!.message);
  const publicId = new URL(data.placeOrder.redirectUrl, 'http://shop').searchParams.get('orderId')!;
  return { sku: sku!, cartId, placed: data.placeOrder as { status: string; redirectUrl: string }, publicId };
}

const INVOICE = { paymentId: 3, identityNumber: '19811218-9876' };

describe('Kustom Checkout', () => {
  test('an invoice order routed to Kustom creates one order at Kustom’s test API with lines that add up, and renders its snippet', async () => {
    const { placed, publicId, sku } = await placedOrder(INVOICE, { offset: 20, quantity: 2 });
    expect(placed.status).toBe('pending');
    const page = await asShopper(placed.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('id="klarna-checkout-container"');
    const nonce = /<script nonce="([^"]+)">window\._klarnaCheckout/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.headers.get('Content-Security-Policy')).toContain(`'nonce-${nonce}'`);
    // The payment step's page may frame Kustom's checkout, which styles itself inline.
    expect(page.headers.get('Content-Security-Policy')).toContain(`frame-src 'self' ${KUSTOM_SOURCES}`);
    expect(page.headers.get('Content-Security-Policy')).toContain(`style-src 'self' 'unsafe-inline' ${KUSTOM_SOURCES}`);
    expect(kustom.requests[0]).toBe('POST https://api.playground.kustom.co/checkout/v3/orders');
    expect(klarnaCalls).toEqual([]);
    expect(kustom.orders.size).toBe(1);
    const [sent] = [...kustom.orders.values()];
    const { order, payment } = await rowsOf(publicId);
    expect(sent).toMatchObject({
      purchase_country: 'SE',
      purchase_currency: 'SEK',
      locale: 'sv-SE',
      order_amount: order.total_inc_vat,
      merchant_reference1: order.order_number,
    });
    expect(sent!.order_lines[0]).toMatchObject({
      type: 'physical',
      quantity: 2,
      unit_price: sku.price,
      tax_rate: 2500,
    });
    expect((sent!.merchant_urls as Record<string, string>).push).toContain('klarna_order_id={checkout.order.id}');
    // Payments keep the provider key 'klarna' (docs/decisions/018-kustom-checkout.md).
    expect(payment).toMatchObject({ provider: 'klarna', reference: sent!.order_id, status: 'PENDING' });
    // A reload shows the same Kustom order.
    expect(await (await asShopper(placed.redirectUrl)).text()).toContain(sent!.order_id);
    expect(kustom.orders.size).toBe(1);
  });

  test('pushes: nothing while incomplete; once complete, repeated and concurrent pushes confirm once and acknowledge', async () => {
    const { placed, publicId } = await placedOrder(INVOICE, { offset: 21 });
    await asShopper(placed.redirectUrl);
    const { payment } = await rowsOf(publicId);
    const push = () =>
      request(`/api/payments/klarna/notify?orderId=${publicId}&klarna_order_id=${payment.reference}`, {
        method: 'POST',
      });
    expect((await push()).status).toBe(200);
    expect((await rowsOf(publicId)).order.status).toBe('PENDING_PAYMENT');
    kustom.complete(payment.reference);
    expect((await push()).status).toBe(200);
    expect((await push()).status).toBe(200);
    await Promise.all([push(), push(), push()]);
    const rows = await rowsOf(publicId);
    expect(rows.order.status).toBe('RECEIVED');
    expect(rows.payment.status).toBe('AUTHORIZED');
    expect(rows.payment.acknowledged_at).not.toBeNull();
    expect(rows.history).toEqual(['PENDING_PAYMENT', 'RECEIVED']);
    expect(kustom.acknowledged[0]).toBe(payment.reference);
    expect(kustom.requests).toContain(
      `POST https://api.playground.kustom.co/ordermanagement/v1/orders/${payment.reference}/acknowledge`,
    );
    expect(await countWhere('payments WHERE order_id = ?', rows.order.id)).toBe(1);
    // The shopper's return lands on the confirmation page.
    const back = await asShopper(
      `/api/payments/klarna/return?orderId=${publicId}&klarna_order_id=${payment.reference}`,
    );
    expect(back.headers.get('Location')).toBe(`/checkout/confirm?orderId=${publicId}&cartId=${rows.order.cart_id}`);
  });

  test('a push for an unknown Kustom order or without an id changes nothing', async () => {
    expect((await request('/api/payments/klarna/notify', { method: 'POST' })).status).toBe(400);
    expect(
      (
        await request('/api/payments/klarna/notify?klarna_order_id=00000000-0000-4000-8000-000000000000', {
          method: 'POST',
        })
      ).status,
    ).toBe(502);
  });

  test('Kustom refusing the order gives it up: cancelled, stock back, cart reopened, failure page with order-failed', async () => {
    const { placed, publicId, sku } = await placedOrder(INVOICE, { offset: 22 });
    kustom.fetch = async () => new Response(JSON.stringify({ error_code: 'BAD_VALUE' }), { status: 400 });
    const response = await asShopper(placed.redirectUrl);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/checkout/klarna-fail?orderId=${publicId}&reason=order-failed`);
    expect(response.headers.get('Set-Cookie')).toMatch(/ralph-cart=[0-9a-f]{32}/);
    expect((await rowsOf(publicId)).order.status).toBe('CANCELLED');
    expect(await stockOf(sku.id)).toBe(sku.stock);
  });

  test('the validation callback lets a pending order complete and turns away a cancelled one (its stock or balance may be gone)', async () => {
    const { placed, publicId } = await placedOrder(INVOICE, { offset: 23 });
    await asShopper(placed.redirectUrl);
    expect((await request(`/api/payments/klarna/validate?orderId=${publicId}`, { method: 'POST' })).status).toBe(200);
    await env.DB.prepare("UPDATE payments SET status = 'CANCELLED' WHERE reference = ?")
      .bind((await rowsOf(publicId)).payment.reference)
      .run();
    const refused = await request(`/api/payments/klarna/validate?orderId=${publicId}`, { method: 'POST' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe(
      `http://127.0.0.1/checkout/klarna-fail?orderId=${publicId}&reason=stock-or-balance`,
    );
  });
});

describe('Kustom refusals (its validation callback) and lines', () => {
  const validate = (publicId: string, order: unknown = {}) =>
    request(`/api/payments/klarna/validate?orderId=${publicId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(order),
    });

  test('a shopper whose email (as entered at Kustom) is on the blocklist is refused as blocked, and gets the cart back', async () => {
    const { placed, publicId, sku } = await placedOrder(INVOICE, { offset: 27 });
    await asShopper(placed.redirectUrl);
    await env.DB.prepare(
      "INSERT INTO customer_blocklist (email, reason, created_at) VALUES ('blocked-at-klarna@example.com', NULL, '2026-01-01')",
    ).run();
    expect((await validate(publicId, { billing_address: { email: 'someone@example.com' } })).status).toBe(200);
    const refused = await validate(publicId, { billing_address: { email: 'Blocked-At-Klarna@example.com' } });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe(`http://127.0.0.1/checkout/pay?orderId=${publicId}`);
    const { order, payment } = await rowsOf(publicId);
    expect(order.status).toBe('CANCELLED');
    expect(payment.failure_reason).toBe('blocked');
    expect(await stockOf(sku.id)).toBe(sku.stock);
    const page = await asShopper(`/checkout/pay?orderId=${publicId}`);
    expect(page.headers.get('Location')).toBe(`/checkout/klarna-fail?orderId=${publicId}&reason=blocked`);
    expect(
      page.headers.getSetCookie().some((cookie) => cookie.startsWith(`ralph-cart=${payment.reopened_cart_id}`)),
    ).toBe(true);
  });

  test('an order no longer held whose stock has been sold since is refused as out of stock', async () => {
    const { placed, publicId, sku } = await placedOrder(INVOICE, { offset: 28, quantity: 2 });
    await asShopper(placed.redirectUrl);
    await failPayment(env.DB, (await findPayment(env.DB, { publicId }))!, 'cancelled', 'cancelled', new Date());
    await env.DB.prepare('UPDATE skus SET stock = 1 WHERE id = ?').bind(sku.id).run();
    const refused = await validate(publicId);
    expect(refused.headers.get('Location')).toBe(
      `http://127.0.0.1/checkout/klarna-fail?orderId=${publicId}&reason=out-of-stock`,
    );
  });

  test('what gift cards and balance paid is one line named in the order’s language', async () => {
    const { publicId } = await placedOrder(INVOICE, { offset: 29 });
    const { order } = await rowsOf(publicId);
    await env.DB.prepare('UPDATE payments SET amount = amount - 1000 WHERE order_id = ?').bind(order.id).run();
    const lineName = async () => (await paymentOrderOf(env.DB, publicId))!.lines.at(-1)!;
    expect(await lineName()).toMatchObject({ kind: 'gift_card', name: 'Presentkort och saldo', totalIncVat: -1000 });
    await env.DB.prepare("UPDATE orders SET language_id = 'en-US' WHERE id = ?").bind(order.id).run();
    expect((await lineName()).name).toBe('Gift cards and balance');
  });
});

describe('Avarda Checkout 3', () => {
  test('a card order routed to Avarda initializes one purchase and renders their script with the purchase JWT', async () => {
    const { placed, publicId } = await placedOrder({}, { offset: 24 });
    const html = await (await asShopper(placed.redirectUrl)).text();
    expect(avarda.purchases.size).toBe(1);
    const [purchase] = [...avarda.purchases.values()];
    expect(html).toContain('id="avarda-checkout"');
    expect(html).toContain(`"purchaseJwt":"${purchase!.jwt}"`);
    expect(html).toMatch(/<script nonce="[^"]+">/);
    expect(purchase!.body).toMatchObject({
      checkoutSetup: { language: 'Swedish', mode: 'B2C' },
      extraIdentifiers: { orderReference: (await rowsOf(publicId)).order.order_number },
    });
    await asShopper(placed.redirectUrl);
    expect(avarda.purchases.size).toBe(1);
    expect(avarda.tokenRequests).toBe(1);
  });

  test('callbacks: completed purchase confirmed once however often Avarda calls; a timed-out one cancels and reopens the cart', async () => {
    const { placed, publicId } = await placedOrder({}, { offset: 25 });
    await asShopper(placed.redirectUrl);
    const { payment } = await rowsOf(publicId);
    const callback = () =>
      request('/api/payments/avarda/notify', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ purchaseId: payment.reference }),
      });
    expect((await callback()).status).toBe(200);
    expect((await rowsOf(publicId)).order.status).toBe('PENDING_PAYMENT');
    avarda.setStep(payment.reference, 'Completed');
    await Promise.all([callback(), callback(), callback()]);
    await callback();
    const rows = await rowsOf(publicId);
    expect(rows).toMatchObject({
      order: { status: 'RECEIVED' },
      payment: { status: 'AUTHORIZED' },
      history: ['PENDING_PAYMENT', 'RECEIVED'],
    });

    const other = await placedOrder({}, { offset: 26 });
    await asShopper(other.placed.redirectUrl);
    const otherPayment = (await rowsOf(other.publicId)).payment;
    avarda.setStep(otherPayment.reference, 'TimedOut');
    const back = await asShopper(`/api/payments/avarda/return?orderId=${other.publicId}`);
    expect(back.headers.get('Location')).toBe(`/checkout/klarna-fail?orderId=${other.publicId}&reason=cancelled`);
    expect((await rowsOf(other.publicId)).order.status).toBe('CANCELLED');
    expect(await stockOf(other.sku.id)).toBe(other.sku.stock);
  });

  test('a callback without a purchaseId is refused', async () => {
    const response = await request('/api/payments/avarda/notify', { method: 'POST', body: '{"nope":1}' });
    expect(response.status).toBe(400);
  });
});
