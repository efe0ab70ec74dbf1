// Issue 25, the Geins contract, card and Swish: the reference storefront (ralph-storefront CaCheckout) pays
// only through an external checkout: for a selected option of paymentType KLARNA, SVEA or WALLEY it shows
// the option's `paymentData` in place of its own address form, and the provider sends the shopper to its
// confirm page `/checkout/confirm?kid=…&cartid=…`, which asks `checkout(id: kid, paymentType: KLARNA,
// cartId)` and shows its `htmlSnippet`. Every option was STANDARD, so a card or Swish order placed through
// it ended in its error message. Now a card or Swish option is an external checkout whose snippet links
// to our checkout, and the payment step ends on that storefront's confirmation page.
import { describe, expect, test } from 'vitest';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/app';
import { env, graphql } from '../helpers';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import {
  CHECKOUT_CONFIRM,
  PLACE_ORDER,
  cartWith,
  createOrUpdateCheckout,
  placeOrderPost,
  swedishCheckout,
} from './checkout-helpers';
import { CookieJar } from './forms-helpers';
import { notifyBuiltIn, signedNotification, startPayment } from './payments-helpers';

const app = createApp();
const RALPH = 'https://ralph.kontorsgiganten.se';
/** The shop with the reference storefront's origin allowed, as its merchant configures it. */
const shop = { ...env, CORS_ORIGINS: RALPH };

async function request(path: string, init: RequestInit = {}, environment: object = shop): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`http://127.0.0.1${path}`, init, environment, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

interface PaymentOption {
  id: number;
  displayName: string;
  paymentType: string;
  paymentData: string | null;
  isSelected: boolean;
  newCheckoutSession: boolean;
}

/** The reference client's createOrUpdateCheckout with `paymentId` chosen: its payment options. */
async function paymentOptionsOf(cartId: string, paymentId: number): Promise<PaymentOption[]> {
  const { data, errors } = await createOrUpdateCheckout(cartId, { paymentId });
  expect(errors).toBeUndefined();
  return (data!.createOrUpdateCheckout as { paymentOptions: PaymentOption[] }).paymentOptions;
}

/** The link in a card option's snippet, as its path on our shop. */
function hostedLinkOf(snippet: string): string {
  const href = /href="([^"]+)"/.exec(snippet)?.[1];
  expect(href).toBeDefined();
  const url = new URL(href!.replaceAll('&#38;', '&'));
  expect(url.origin).toBe('http://127.0.0.1');
  return url.pathname;
}

const bound = async (cartId: string) =>
  (await env.DB.prepare('SELECT storefront_confirm_url FROM carts WHERE id = ?').bind(cartId).first<{
    storefront_confirm_url: string | null;
  }>())!.storefront_confirm_url;

/** A cart of one plain product, with card chosen in the reference client's checkout: the link its snippet holds. */
async function cardCheckout(offset: number) {
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  const cartId = await cartWith(sku!.id);
  const options = await paymentOptionsOf(cartId, 1);
  const card = options.find((option) => option.id === 1)!;
  return { cartId, link: hostedLinkOf(card.paymentData!) };
}

/** The shopper's browser following the snippet's link from the reference storefront's checkout page. */
function followLink(link: string, { from, referer }: { from?: string; referer?: string } = {}) {
  const query = from ? `?from=${encodeURIComponent(from)}` : '';
  return request(`${link}${query}`, {
    redirect: 'manual',
    headers: { 'Sec-Fetch-Site': 'cross-site', ...(referer ? { Referer: referer } : {}) },
  });
}

describe('card and Swish, as the reference storefront pays', () => {
  test('card and Swish are external checkouts with a snippet for the selected one; invoice stays STANDARD', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    const options = await paymentOptionsOf(cartId, 1);
    const byId = new Map(options.map((option) => [option.id, option]));
    expect(byId.get(1)).toMatchObject({ displayName: 'Kort', paymentType: 'KLARNA', isSelected: true });
    expect(byId.get(1)!.newCheckoutSession).toBe(true);
    expect(byId.get(1)!.paymentData).toContain('Betalsätt: Kort. Du fyller i din adress och betalar i vår kassa.');
    expect(byId.get(1)!.paymentData).toContain('>Till kassan och betalningen</a>');
    expect(hostedLinkOf(byId.get(1)!.paymentData!)).toMatch(
      /^\/api\/checkout\/hosted\/[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    // Only the selected option carries a snippet; Swish is external too.
    expect(byId.get(2)).toMatchObject({ displayName: 'Swish', paymentType: 'KLARNA', paymentData: null });
    expect(byId.get(3)).toMatchObject({ displayName: 'Faktura', paymentType: 'STANDARD', paymentData: null });
    expect(byId.get(3)!.newCheckoutSession).toBe(false);

    const swish = (await paymentOptionsOf(cartId, 2)).find((option) => option.id === 2)!;
    expect(swish.paymentData).toContain('Betalsätt: Swish.');
    // The link never shows the cart id (it is the cart's only credential).
    expect(swish.paymentData).not.toContain(cartId);
  });

  test('the link opens our checkout with that cart; once paid, the shopper is back on its confirm page', async () => {
    const { cartId, link } = await cardCheckout(3);
    const arrival = await followLink(link, { from: `${RALPH}/se/sv/kassan`, referer: `${RALPH}/` });
    expect(arrival.status).toBe(303);
    expect(arrival.headers.get('Location')).toBe('/kassan');
    expect(new CookieJar().take(arrival).get('ralph-cart')).toBe(cartId);
    expect(await bound(cartId)).toBe(`${RALPH}/se/sv/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`);

    // On our checkout the shopper gives the address and places the order (our storefront's own placeOrder).
    const placing = await request(
      '/graphql',
      placeOrderPost(cartId, {
        ...swedishCheckout(),
        checkoutUrls: { redirectUrl: '/checkout/confirm?orderId={payment.uid}' },
      }),
    );
    const placed = ((await placing.json()) as { data: { placeOrder: { orderId: string; redirectUrl: string } } }).data
      .placeOrder;
    const publicId = new URL(placed.redirectUrl, 'http://shop').searchParams.get('orderId')!;
    const reference = /\/payments\/hosted\/([0-9a-f-]{36})/.exec(await startPayment(placed.redirectUrl))![1]!;
    expect((await notifyBuiltIn(await signedNotification(reference, 'authorized'))).status).toBe(200);

    const back = await request(`/api/payments/built-in/return?orderId=${publicId}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('Location')).toBe(`${RALPH}/se/sv/checkout/confirm?kid=${publicId}&cartid=${cartId}`);

    // Its confirm page, as MixConfirmPage asks with `kid`: completed, and the snippet it shows.
    const confirm = await graphql(CHECKOUT_CONFIRM, {
      id: publicId,
      paymentType: 'KLARNA',
      cartId,
      channelId: '1|se',
      languageId: 'sv-SE',
      checkoutMarket: 'se',
    });
    expect(confirm.errors).toBeUndefined();
    const checkout = confirm.data!.checkout as {
      completed: boolean;
      htmlSnippet: string;
      cart: { isCompleted: boolean };
    };
    expect(checkout.completed).toBe(true);
    expect(checkout.htmlSnippet).toContain('<h2>Tack för din beställning!</h2>');
    expect(checkout.htmlSnippet).toContain(`<p>Ordernummer: ${placed.orderId}</p>`);
    expect(checkout.htmlSnippet).toContain('<p>Vi skickar en orderbekräftelse till anna@example.com.</p>');
  });

  test('without the page address, the Referer’s storefront gets the shopper back at its /checkout/confirm', async () => {
    const { cartId, link } = await cardCheckout(4);
    expect((await followLink(link, { referer: `${RALPH}/` })).status).toBe(303);
    expect(await bound(cartId)).toBe(`${RALPH}/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`);
  });
});

describe('a hosted checkout link that proves nothing', () => {
  test('a link followed from a site the merchant does not run opens nothing', async () => {
    const { cartId, link } = await cardCheckout(5);
    const arrival = await followLink(link, { from: `${RALPH}/kassan`, referer: 'https://evil.example/' });
    expect(arrival.status).toBe(303);
    expect(arrival.headers.get('Location')).toBe('/kassan');
    const jar = new CookieJar().take(arrival);
    expect(jar.get('ralph-cart')).toBeUndefined();
    expect(jar.get('ralph-flash')).toContain('forms.cart.checkoutLinkInvalid');
    expect(await bound(cartId)).toBeNull();
  });

  test('an altered token opens nothing; a page address on another origin is not where the shopper goes back', async () => {
    const { cartId, link } = await cardCheckout(6);
    const altered = link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA');
    const refused = await followLink(altered, { referer: `${RALPH}/` });
    expect(new CookieJar().take(refused).get('ralph-cart')).toBeUndefined();
    expect(await bound(cartId)).toBeNull();

    const arrival = await followLink(link, { from: 'https://evil.example/se/sv/kassan', referer: `${RALPH}/` });
    expect(new CookieJar().take(arrival).get('ralph-cart')).toBe(cartId);
    expect(await bound(cartId)).toBe(`${RALPH}/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`);
  });

  test('a storefront no longer allowed when the order is placed: the payment ends on our own confirmation', async () => {
    const { cartId, link } = await cardCheckout(7);
    await followLink(link, { from: `${RALPH}/kassan`, referer: `${RALPH}/` });
    expect(await bound(cartId)).not.toBeNull();
    const { data } = await graphql(PLACE_ORDER, {
      cartId,
      checkout: swedishCheckout(),
      channelId: '1|se',
      languageId: 'sv-SE',
      checkoutMarketId: 'se',
    });
    const publicId = new URL((data!.placeOrder as { redirectUrl: string }).redirectUrl, 'http://shop').searchParams.get(
      'orderId',
    )!;
    const row = await env.DB.prepare(
      'SELECT p.confirmation_url FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.public_id = ?',
    )
      .bind(publicId)
      .first<{ confirmation_url: string }>();
    expect(row!.confirmation_url).toBe(`/checkout/confirm?orderId={payment.uid}&cartId=${cartId}`);
  });
});

describe('the shop’s own pages', () => {
  test('their scripts on this origin get card as STANDARD: the payment step runs on our pages after placeOrder', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 5 });
    const cartId = await cartWith(sku!.id);
    const ask = (headers: Record<string, string>) =>
      request('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({
          query: `mutation($cartId: String!) { createOrUpdateCheckout(cartId: $cartId, marketId: "se",
            checkout: { paymentId: 1 }) { paymentOptions { id paymentType paymentData } } }`,
          variables: { cartId },
        }),
      });
    const cardOf = async (response: Response) =>
      (
        (await response.json()) as {
          data: {
            createOrUpdateCheckout: {
              paymentOptions: { id: number; paymentType: string; paymentData: string | null }[];
            };
          };
        }
      ).data.createOrUpdateCheckout.paymentOptions.find((option) => option.id === 1);
    expect(await cardOf(await ask({ 'Sec-Fetch-Site': 'same-origin', Origin: 'http://127.0.0.1' }))).toEqual({
      id: 1,
      paymentType: 'STANDARD',
      paymentData: null,
    });
    // Another site's page, or a server saying nothing, is another storefront: the external checkout.
    expect((await cardOf(await ask({ 'Sec-Fetch-Site': 'cross-site', Origin: RALPH })))?.paymentType).toBe('KLARNA');
    expect((await cardOf(await ask({})))?.paymentType).toBe('KLARNA');
    // A browser that sends no Sec-Fetch-Site (Safari before 16.4) names the page's origin in Origin.
    expect((await cardOf(await ask({ Origin: 'http://127.0.0.1' })))?.paymentType).toBe('STANDARD');
    expect((await cardOf(await ask({ Origin: RALPH })))?.paymentType).toBe('KLARNA');
  });

  test('the built-in checkout’s policy names no provider hosts: only a storefront in front of a remote API needs them', async () => {
    const response = await request('/kassan');
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("frame-src 'self'");
    expect(policy).not.toContain('svea');
    expect(policy).not.toContain('klarna');
  });
});
