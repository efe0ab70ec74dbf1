// Issue 26, payments in front of a remote API: the storefront placed a card order at the API and sent the
// shopper to its own /checkout/pay?orderId=…, a 404 (the payment routes read only the storefront's D1). Now
// the API's checkout decides the payment step, as Geins' contract has it: a card option the API answers as
// an external checkout (KLARNA, with a snippet) is shown on the checkout in place of the address form and
// 'Slutför köp', nothing is placed by the storefront, and the provider (here the stand-in's hosted
// checkout, allowing the storefront's origin) sends the shopper to `/checkout/confirm?kid=…&cartid=…`,
// which the storefront reads with `checkout(id: kid, paymentType: KLARNA)`. The API's link to its payment
// step stays for a storefront that places such an order itself.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { addToCart, findSkus, PLAIN_SKU } from './cart-helpers';
import { PAYMENT, shopperWithCart, swedishPerson } from './checkout-page-helpers';
import { CookieJar, SAME_ORIGIN } from './forms-helpers';
import { notifyBuiltIn, rowsOf, signedNotification } from './payments-helpers';
import { standInApi, standInRequest, storefrontRequest } from './stand-in';
import { placeOrderPost, swedishCheckout } from './checkout-helpers';

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
async function atApi(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.cookies.size) headers.set('Cookie', jar.header());
  const response = await standInRequest(
    new Request(new URL(url, API), { ...init, headers, redirect: 'manual' }),
    apiEnv,
  );
  jar.take(response);
  return response;
}

/** The checkout form's 'Slutför köp' with card chosen (no JavaScript), from a shopper with a cart. */
async function cardCheckout(offset: number) {
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  const { jar, cartId } = await shopperWithCart(sku!.id, 1);
  const submitted = await shop('/api/checkout', jar, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SAME_ORIGIN },
    body: new URLSearchParams(swedishPerson({ paymentId: PAYMENT.CARD, email: 'kort@example.com' })).toString(),
  });
  return { submitted, jar, cartId };
}

/** The link in the provider's snippet on the checkout page. */
function snippetLinkOf(html: string): string {
  const href = /<section[^>]*id="checkout-external"[\s\S]*?<a id="edge-hosted-checkout" href="([^"]+)"/.exec(html)?.[1];
  expect(href).toBeDefined();
  return href!.replaceAll('&amp;', '&');
}

const ordersOf = async (cartId: string) =>
  (
    await env.DB.prepare('SELECT public_id, status FROM orders WHERE cart_id = ?').bind(cartId).all<{
      public_id: string;
      status: string;
    }>()
  ).results;

describe('card through a remote API’s external checkout', () => {
  test('the snippet in place of the form, the provider’s checkout, then the storefront’s confirmation', async () => {
    const { submitted, jar, cartId } = await cardCheckout(5);
    // Nothing is placed: the checkout shows the provider's checkout where 'Slutför köp' was.
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('/kassan#checkout-external');
    expect(await ordersOf(cartId)).toEqual([]);

    const page = await shop('/kassan', jar);
    const html = await page.text();
    const policy = page.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)![1]!;
    // The snippet's script runs: it carries this response's nonce; the providers' hosts may be framed.
    expect(html).toContain(
      `<script nonce="${nonce}">(function(){var a=document.getElementById("edge-hosted-checkout")`,
    );
    // The island's props keep the snippet as the API gave it: the nonce never stands in the page's text.
    const props = /data-island-props="Checkout"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(props).toContain('edge-hosted-checkout');
    expect(props).not.toContain(nonce);
    expect(policy).toMatch(/frame-src 'self' [^;]*https:\/\/\*\.klarna\.com[^;]*https:\/\/\*\.svea\.com/);
    expect(policy).toMatch(/style-src 'self' [^;]*'unsafe-inline'/);
    // The address form and 'Slutför köp' step aside; the payment methods stay to choose another.
    expect(html).toMatch(
      /<fieldset class="checkout-section" hidden=""><legend class="checkout-section__title">Adress<\/legend>/,
    );
    expect(html).toMatch(/<div class="checkout-section checkout-finish" hidden="">/);
    expect(html).toContain('Betalsätt: Kort. Du fyller i din adress och betalar i vår kassa.');
    const link = snippetLinkOf(html);
    expect(link).toMatch(
      /^https:\/\/payment\.stand-in\.test\/api\/checkout\/hosted\/[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/,
    );

    // The shopper's browser at the API: the link opens its checkout with the storefront's cart.
    const browser = new CookieJar();
    const opened = await standInRequest(
      new Request(`${link}?from=${encodeURIComponent(`${SAME_ORIGIN}/kassan`)}`, {
        headers: { Referer: `${SAME_ORIGIN}/`, 'Sec-Fetch-Site': 'cross-site' },
        redirect: 'manual',
      }),
      apiEnv,
    );
    browser.take(opened);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/kassan');
    expect(browser.get('ralph-cart')).toBe(cartId);
    // There the shopper gives the address and places the order: the API's own checkout runs its payment step.
    const placed = await atApi('/api/checkout', browser, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: API },
      body: new URLSearchParams(swedishPerson({ paymentId: PAYMENT.CARD, email: 'kort@example.com' })).toString(),
    });
    expect(placed.status).toBe(303);
    const pay = placed.headers.get('location')!;
    expect(pay).toMatch(/^\/checkout\/pay\?orderId=[0-9a-f-]{36}$/);
    const publicId = new URL(pay, API).searchParams.get('orderId')!;

    // Back on the storefront before paying: the API says the checkout is not completed, so it goes on there.
    const early = await shop(`/checkout/confirm?kid=${publicId}&cartid=${cartId}`, new CookieJar());
    expect(early.status).toBe(303);
    expect(early.headers.get('location')).toBe('/kassan');

    const step = await atApi(pay, browser);
    const reference = /\/payments\/hosted\/([0-9a-f-]{36})/.exec(step.headers.get('location')!)![1]!;
    expect((await notifyBuiltIn(await signedNotification(reference, 'authorized'))).status).toBe(200);
    const back = await atApi(`/api/payments/built-in/return?orderId=${publicId}`, browser);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${SAME_ORIGIN}/checkout/confirm?kid=${publicId}&cartid=${cartId}`);

    // The storefront's confirmation reads the order by the provider's id and shows the provider's snippet.
    api.state.calls.length = 0;
    const confirm = await shop(`/checkout/confirm?kid=${publicId}&cartid=${cartId}`, jar);
    expect(confirm.status).toBe(200);
    const confirmation = await confirm.text();
    const number = (await rowsOf(publicId)).order.order_number as string;
    expect(confirmation).toContain('Tack för din beställning');
    expect(confirmation).toContain(
      `<div class="confirm-card confirm-provider"><div class="edge-order-confirmation" lang="sv"><h2>Tack för din beställning!</h2><p>Ordernummer: ${number}</p>`,
    );
    expect(api.state.calls.map((call) => /"operationName":"(\w+)"/.exec(call.body)?.[1])).toContain(
      'confirmExternalOrder',
    );
    // The cart is done with (no new one started for the page), and the ids leave the address (kept in a
    // cookie for a reload).
    expect(jar.get('ralph-cart')).toBeUndefined();
    expect(api.state.calls.map((call) => /"operationName":"(\w+)"/.exec(call.body)?.[1])).not.toContain('cartCount');
    const reload = await shop('/checkout/confirm', jar);
    expect(reload.status).toBe(200);
    expect(await reload.text()).toContain(`Ordernummer: ${number}`);
  });

  test('a provider id or cart the API does not know, or a malformed one, is the 404 page', async () => {
    const { cartId } = await cardCheckout(7);
    const unknown = await shop(
      `/checkout/confirm?kid=0b6f2a52-6d3c-4f6e-9d0e-1c1c1c1c1c1c&cartid=${cartId}`,
      new CookieJar(),
    );
    expect(unknown.status).toBe(404);
    const malformed = await shop(`/checkout/confirm?kid=%3Cscript%3E&cartid=${cartId}`, new CookieJar());
    expect(malformed.status).toBe(404);
    // Svea's numeric id for this cart: the API has no such order.
    const sveaUnknown = await shop(`/checkout/confirm?sid=12345&cartid=${cartId}`, new CookieJar());
    expect(sveaUnknown.status).toBe(404);
    const noCart = await shop('/checkout/confirm?sid=12345', new CookieJar());
    expect(noCart.status).toBe(404);
  });
});

/** A card order a storefront places itself through the API's placeOrder (not ours): the link it answers. */
async function placedByAnotherStorefront(offset: number): Promise<string> {
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  const { cartId } = await shopperWithCart(sku!.id, 1);
  const response = await standInRequest(
    new Request(
      `${API}/graphql`,
      placeOrderPost(cartId, {
        ...swedishCheckout(),
        paymentId: 1,
        checkoutUrls: { redirectUrl: `${SAME_ORIGIN}/checkout/confirm?orderId={payment.uid}&cartId={geins.cartid}` },
      }),
    ),
    apiEnv,
  );
  const { data } = (await response.json()) as { data: { placeOrder: { redirectUrl: string } } };
  return data.placeOrder.redirectUrl;
}

describe('a payment link that proves nothing', () => {
  test('an altered link, or one for an order that no longer waits, opens nothing', async () => {
    const link = await placedByAnotherStorefront(6);
    expect(link).toMatch(/^https:\/\/payment\.stand-in\.test\/api\/checkout\/pay\/[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
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
