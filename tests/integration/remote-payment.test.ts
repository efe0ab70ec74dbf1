// Issue 26, payments in front of a remote API: the storefront placed a card order at the API and sent the
// shopper to its own /checkout/pay?orderId=…, a 404 (the payment routes read only the storefront's D1). Now
// the API's checkout decides the payment step: the storefront gives placeOrder its absolute confirmation
// page, the API (ours, a stand-in for the merchant's, allowing the storefront's origin) answers a link to
// its payment step that lets the placing shopper pay, and once paid the shopper is back on the storefront.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { addToCart, findSkus, PLAIN_SKU } from './cart-helpers';
import { PAYMENT, shopperWithCart, swedishPerson } from './checkout-page-helpers';
import { CookieJar, SAME_ORIGIN } from './forms-helpers';
import { notifyBuiltIn, rowsOf, signedNotification } from './payments-helpers';
import { standInApi, standInRequest, storefrontRequest } from './stand-in';

const API = 'https://payment.stand-in.test';

const remoteShop = { ...env, GRAPHQL_ENDPOINT: `${API}/graphql`, GRAPHQL_API_KEY: 'stand-in-channel-key-0123456789' };
/** The merchant allows the storefront's origin at the API (issue 25's CORS_ORIGINS). */
const apiEnv = { CORS_ORIGINS: SAME_ORIGIN };

let api: ReturnType<typeof standInApi>;
beforeEach(() => {
  api = standInApi(API, apiEnv);
});
afterEach(() => api.stop());

const shop = (path: string, jar: CookieJar, init: RequestInit = {}) => storefrontRequest(remoteShop, path, jar, init);

/** The shopper's browser on the API's origin, with the cookies it holds there. */
async function atApi(url: string, jar: CookieJar): Promise<Response> {
  const response = await standInRequest(
    new Request(new URL(url, API), { headers: jar.cookies.size ? { Cookie: jar.header() } : {}, redirect: 'manual' }),
    apiEnv,
  );
  jar.take(response);
  return response;
}

/** A card order placed through the storefront's checkout form (no JavaScript): its answer. */
async function placeCardOrder(offset: number) {
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  const { jar, cartId } = await shopperWithCart(sku!.id, 1);
  const placed = await shop('/api/checkout', jar, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SAME_ORIGIN },
    body: new URLSearchParams(swedishPerson({ paymentId: PAYMENT.CARD, email: 'kort@example.com' })).toString(),
  });
  return { placed, cartId };
}

describe('card and Swish through a remote API', () => {
  test('the API’s payment step: a link on its origin, the provider, then the storefront’s confirmation', async () => {
    const { placed, cartId } = await placeCardOrder(5);
    expect(placed.status).toBe(303);
    const link = placed.headers.get('location')!;
    expect(link).toMatch(/^https:\/\/payment\.stand-in\.test\/api\/checkout\/pay\/[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // The storefront's own form may lead there (form-action); its own payment pages are not involved.
    expect(placed.headers.get('content-security-policy')).toContain(`form-action 'self' ${API}`);

    // The shopper's browser holds no cookie of the API's origin: the link alone lets it pay.
    const browser = new CookieJar();
    const opened = await atApi(link, browser);
    expect(opened.status).toBe(303);
    const pay = opened.headers.get('location')!;
    expect(pay).toMatch(/^\/checkout\/pay\?orderId=[0-9a-f-]{36}$/);
    const publicId = new URL(pay, API).searchParams.get('orderId')!;
    const step = await atApi(pay, browser);
    expect(step.status).toBe(302);
    const reference = /\/payments\/hosted\/([0-9a-f-]{36})/.exec(step.headers.get('location')!)![1]!;
    expect((await notifyBuiltIn(await signedNotification(reference, 'authorized'))).status).toBe(200);

    const back = await atApi(`/api/payments/built-in/return?orderId=${publicId}`, browser);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${SAME_ORIGIN}/checkout/confirm?orderId=${publicId}&cartId=${cartId}`);
    expect((await rowsOf(publicId)).order.status).not.toBe('PENDING_PAYMENT');

    // The storefront's confirmation reads the paid order from the API.
    const confirm = await shop(`/checkout/confirm?orderId=${publicId}&cartId=${cartId}`, new CookieJar());
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html.includes('Tack för din beställning')).toBe(true);
    expect(html.includes((await rowsOf(publicId)).order.order_number as string)).toBe(true);
  });
});

describe('a payment link that proves nothing', () => {
  test('an altered link, or one for an order that no longer waits, opens nothing', async () => {
    const { placed } = await placeCardOrder(6);
    const link = placed.headers.get('location')!;
    const altered = `${link.slice(0, -4)}${link.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const refused = await atApi(altered, new CookieJar());
    expect(refused.status).toBe(404);
    expect(refused.headers.getSetCookie()).toEqual([]);

    const browser = new CookieJar();
    const pay = (await atApi(link, browser)).headers.get('location')!;
    const publicId = new URL(pay, API).searchParams.get('orderId')!;
    const step = await atApi(pay, browser);
    const reference = /\/payments\/hosted\/([0-9a-f-]{36})/.exec(step.headers.get('location')!)![1]!;
    await notifyBuiltIn(await signedNotification(reference, 'authorized'));
    // Paid: the same link gives nobody the order's payment any more.
    const again = await atApi(link, new CookieJar());
    expect(again.status).toBe(404);
    expect(publicId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a shared cart link in front of a remote API', () => {
  test('the checkout offers one; opening it copies the items into a cart at the API, a refused line named by the API', async () => {
    const [kept, scarce] = await findSkus(PLAIN_SKU, { offset: 10, limit: 2 });
    const { jar, cartId } = await shopperWithCart(kept!.id, 1);
    const { errors } = await addToCart(cartId, scarce!.id, 3, { marketId: 'se' });
    expect(errors).toBeUndefined();
    const checkout = await (await shop('/kassan', jar)).text();
    const link = /\/api\/cart\/share\/[\w-]+\.[\w-]+\.[\w-]+/.exec(checkout)?.[0];
    expect(link).toBeDefined();
    expect(link).not.toContain(cartId);
    const name = (await env.DB.prepare(`SELECT name FROM product_texts WHERE product_id = ? AND language_id = 'sv-SE'`)
      .bind(scarce!.productId)
      .first<string>('name'))!;
    await env.DB.prepare('UPDATE skus SET stock = 2 WHERE id = ?').bind(scarce!.id).run();
    try {
      const visitor = new CookieJar();
      api.state.calls.length = 0;
      const opened = await shop(link!, visitor);
      expect(opened.status).toBe(303);
      // The copy is the API's: its cart, its addToCart for each line (the refused one too), its names.
      const operations = api.state.calls.map((call) => /"operationName":"(\w+)"/.exec(call.body)?.[1]);
      expect(operations.filter((operation) => operation === 'copyAddLine')).toHaveLength(2);
      expect(operations).toContain('storefrontSharedNames');
      const visitorCart = visitor.get('ralph-cart')!;
      expect(visitorCart).not.toBe(cartId);
      const rows = await env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ?')
        .bind(visitorCart)
        .all();
      expect(rows.results).toEqual([{ sku_id: kept!.id, quantity: 1 }]);
      const notice = await (await shop('/kassan', visitor)).text();
      expect(notice).toContain(`utom ${name} som inte kunde läggas till`);
    } finally {
      await env.DB.prepare('UPDATE skus SET stock = ? WHERE id = ?').bind(scarce!.stock, scarce!.id).run();
    }
  });
});
