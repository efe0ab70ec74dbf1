// Issue 26, identity through the remote API: in front of a merchant's API, accounts are the API's. The
// storefront logged shoppers in against its own database, so the API refused their tokens ("Du måste vara
// inloggad"): my pages, settings and an order placed logged in all failed. Now log in, register, refresh,
// password change, reset and logout go to the API's auth endpoint with spec §7's signed challenge, signed
// by the storefront server, and the API's token is what every operation carries as Bearer.
//
// The stand-in for the merchant's API is another instance of our worker at https://api.stand-in.test (its
// /graphql and its /api/auth), with its own AUTH_SECRET; the storefront's secret is another one, so no token
// the storefront could make itself would be believed by the API, nor the other way round.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { env, eventually } from '../helpers';
import { CookieJar, SAME_ORIGIN } from './forms-helpers';
import { addToCart, findSkus, newCart, PLAIN_SKU } from './cart-helpers';
import { PAYMENT, swedishPerson } from './checkout-page-helpers';
import { standInApi, storefrontEnvFor, storefrontRequest } from './stand-in';

const API = 'https://identity.stand-in.test';

const remoteShop = storefrontEnvFor(API);

const PLAIN = 'hemligt123';
/** base64(SHA-384('hemligt123' + spec §9's salt)), as in account-forms.test.ts. */
const DIGEST = '6CxFRXKN6C1DRC6VPFPLpAiLYL2SvU+IpUQVM2XO5IEbXBqmMi0VqKjsej1xtRF9';
let serial = 0;
const newEmail = () => `fjarr-${Date.now()}-${serial++}@example.com`;
let clients = 0;
/** Each test's shopper comes from an address of its own (the per-client login throttles). */
let shopperAddress = '';

let api: ReturnType<typeof standInApi>;
const calls = () => api.state.calls;

beforeEach(() => {
  shopperAddress = `10.26.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;
  api = standInApi(API);
});
afterEach(() => api.stop());

const authCalls = () => calls().filter((call) => call.path.startsWith('/api/auth/'));

/** A request to the storefront from the shopper's browser (same origin), keeping the cookies it sets. */
const shop = (path: string, jar: CookieJar, init: RequestInit = {}) =>
  storefrontRequest(remoteShop, path, jar, init, shopperAddress);

const form = (path: string, fields: Record<string, string>, jar: CookieJar) =>
  shop(path, jar, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SAME_ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });

async function graphql(query: string, jar: CookieJar) {
  const response = await shop('/graphql', jar, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
}

const ME = `query me { getUser(channelId: "1|se", languageId: "sv-SE") { email customerType } }`;

/** A customer of the stand-in, in its database, by e-mail. */
const apiCustomer = (email: string) =>
  env.DB.prepare('SELECT id, customer_type FROM customers WHERE email = ?').bind(email).first<{ id: number }>();

async function registered(jar = new CookieJar(), email = newEmail()) {
  const response = await form(
    '/api/account/register',
    { page: '/account', email, password: PLAIN, passwordConfirm: PLAIN, customerType: 'ORGANIZATION', remember: 'on' },
    jar,
  );
  return { response, jar, email };
}

describe('accounts of a remote API, through the storefront', () => {
  test('registering creates the account at the API, signed by the storefront server, and logs the shopper in', async () => {
    const { response, jar, email } = await registered();
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/account');
    expect(await apiCustomer(email)).toMatchObject({ customer_type: 'ORGANIZATION' });
    // Spec §7: the username alone, the sign endpoint, then the credentials with that signature; the
    // password as its digest, never as typed.
    expect(authCalls().map((call) => `${call.method} ${call.path.replace(/sign\/.+$/, 'sign/…')}`)).toEqual([
      'POST /api/auth/register',
      'GET /api/auth/sign/…',
      'POST /api/auth/register',
    ]);
    const credentials = JSON.parse(authCalls()[2]!.body) as Record<string, unknown>;
    expect(credentials).toMatchObject({ username: email, password: DIGEST, customerType: 'ORGANIZATION' });
    expect(typeof credentials.signature).toBe('string');
    expect(authCalls()[2]!.body.includes(PLAIN)).toBe(false);
    expect(jar.get('ralph-user')).toBe(email);
    expect(jar.get('ralph-user-type')).toBe('ORGANIZATION');
    // The API's token, which the API itself answers getUser for, through the storefront's /graphql.
    const me = await graphql(ME, jar);
    expect(me.data!.getUser).toEqual({ email, customerType: 'ORGANIZATION' });
    expect(calls().at(-1)!.authorization).toBe(`Bearer ${jar.get('ralph-auth')}`);
  });

  test('log in with the right password gives my pages; a wrong one the spec’s message and no session', async () => {
    const { email } = await registered();
    const wrong = new CookieJar();
    const refused = await form('/api/account/login', { page: '/account', email, password: 'fel-lösen-1' }, wrong);
    expect(refused.status).toBe(303);
    expect(wrong.get('ralph-auth')).toBeUndefined();
    const notice = await (await shop('/account', wrong)).text();
    expect(notice.includes('Fel email eller lösenord, försök gärna igen')).toBe(true);
    // The API opens sessions only for a password: no passkey button (its endpoint answers 404 here).
    expect(notice.includes('data-passkey-login')).toBe(false);
    const passkey = await shop('/api/auth/passkey/login-options', wrong, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SAME_ORIGIN },
      body: '{}',
    });
    expect(passkey.status).toBe(404);

    const jar = new CookieJar();
    const loggedIn = await form('/api/account/login', { page: '/account', email, password: PLAIN }, jar);
    expect(loggedIn.status).toBe(303);
    const settings = await shop('/mina-sidor/installningar', jar);
    expect(settings.status).toBe(200);
    expect((await settings.text()).includes(email)).toBe(true);
  });

  test('an expired token is refreshed at the API in place; the old refresh token no longer works', async () => {
    const { jar, email } = await registered();
    const firstRefresh = jar.get('ralph-auth-refresh')!;
    jar.cookies.delete('ralph-auth');
    const settings = await shop('/mina-sidor/installningar', jar);
    expect(settings.status).toBe(200);
    expect((await settings.text()).includes(email)).toBe(true);
    expect(authCalls().at(-1)).toMatchObject({ method: 'GET', path: '/api/auth/login', refresh: firstRefresh });
    expect(jar.get('ralph-auth')).toMatch(/^eyJ/);
    expect(jar.get('ralph-auth-refresh')).not.toBe(firstRefresh);
    expect((await graphql(ME, jar)).data!.getUser.email).toBe(email);
  });

  test('log out ends the session at the API too', async () => {
    const { jar } = await registered();
    const refreshToken = jar.get('ralph-auth-refresh')!;
    const out = await form('/api/account/logout', {}, jar);
    expect(out.status).toBe(303);
    expect(jar.get('ralph-auth')).toBeUndefined();
    expect(authCalls().at(-1)).toMatchObject({ method: 'POST', path: '/api/auth/logout', refresh: refreshToken });
    // The API's refresh token is dead: a copy of the cookie logs nobody in.
    const copy = new CookieJar({ 'ralph-auth-refresh': refreshToken });
    await shop('/mina-sidor/installningar', copy);
    expect(copy.get('ralph-auth')).toBeUndefined();
  });

  test('a password change goes to the API; the old password no longer logs in', async () => {
    const { jar, email } = await registered();
    const changed = await shop('/api/auth/password', jar, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SAME_ORIGIN },
      body: JSON.stringify({ username: email }),
    });
    const { sign } = (await changed.json()) as { sign: string };
    const signature = await (await shop(`/api/auth/sign/${encodeURIComponent(sign)}`, jar)).json();
    const NEW_DIGEST = 'bmV3LXBhc3N3b3JkLWRpZ2VzdC1vZi1zb21lLWxlbmd0aC0wMTIzNDU2Nzg5YWJj';
    const answer = await shop('/api/auth/password', jar, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SAME_ORIGIN },
      body: JSON.stringify({ username: email, password: DIGEST, newPassword: NEW_DIGEST, signature }),
    });
    expect(answer.status).toBe(200);
    expect(authCalls().at(-1)).toMatchObject({ method: 'POST', path: '/api/auth/password' });
    const old = new CookieJar();
    expect((await form('/api/account/login', { page: '/account', email, password: PLAIN }, old)).status).toBe(303);
    expect(old.get('ralph-auth')).toBeUndefined();
  });
});

describe('a forgotten password, through a remote API', () => {
  test('the API mails the key; the storefront’s reset page sets the new password at the API', async () => {
    const { email } = await registered();
    const asking = new CookieJar();
    const asked = await form('/api/account/forgot-password', { page: '/account', email }, asking);
    expect(asked.status).toBe(303);
    // The API's mail (its outbox is in the shared database): a Geins API links to the storefront's page.
    const mail = await eventually(
      () =>
        env.DB.prepare(
          "SELECT body FROM outgoing_emails WHERE recipient = ? AND kind = 'PASSWORD_RESET' ORDER BY id DESC",
        )
          .bind(email)
          .first<{ body: string }>(),
      (row) => row !== null,
    );
    const key = /reset-password\?resetKey=([0-9a-f]{48})/.exec(mail?.body ?? '')![1]!;

    const jar = new CookieJar();
    const opened = await shop(`/account/reset-password?resetKey=${key}`, jar);
    expect(opened.status).toBe(303);
    const page = await (await shop('/account/reset-password', jar)).text();
    // The API says whose a key is only when it is used: the page asks for the password without naming it.
    expect(page.includes('Välj ett nytt lösenord för ditt konto. Sedan loggar du in med det.')).toBe(true);
    const NEW = 'ett-nytt-losen-42';
    const reset = await form(
      '/api/account/reset-password',
      { page: '/account/reset-password', password: NEW, passwordConfirm: NEW },
      jar,
    );
    expect(reset.status).toBe(303);
    expect(reset.headers.get('location')).toBe('/account');
    expect(
      (await (await shop('/account', jar)).text()).includes('Ditt nya lösenord är sparat. Logga in med det.'),
    ).toBe(true);

    const withNew = new CookieJar();
    await form('/api/account/login', { page: '/account', email, password: NEW }, withNew);
    expect(withNew.get('ralph-user')).toBe(email);
    const withOld = new CookieJar();
    await form('/api/account/login', { page: '/account', email, password: PLAIN }, withOld);
    expect(withOld.get('ralph-auth')).toBeUndefined();
  });
});

describe('what the storefront keeps for the API’s customers', () => {
  test('a logged-in shopper’s favorites: the storefront’s own, keyed by the API’s customer id', async () => {
    const { jar, email } = await registered();
    const customer = (await apiCustomer(email))!;
    // A product of the API's catalog (the stand-in's rows; the storefront asks the API whether it exists).
    const product = (await env.DB.prepare(
      `SELECT p.id AS id FROM products p WHERE p.is_active = 1
         AND EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.market_id = '1|se') ORDER BY p.id LIMIT 1`,
    ).first<{ id: number }>())!;
    const toggled = await form('/api/favorites/toggle', { productId: String(product.id), redirect: '/' }, jar);
    expect(toggled.status).toBe(303);
    const kept = await env.DB.prepare('SELECT customer_id, product_id FROM storefront_favorites WHERE customer_id = ?')
      .bind(customer.id)
      .all();
    expect(kept.results).toEqual([{ customer_id: customer.id, product_id: product.id }]);
  });
});

describe('my account at a remote API, through the storefront', () => {
  test('deleting the account: the password is checked at the API, which deletes it; the storefront forgets its favorites', async () => {
    const { jar, email } = await registered();
    const customer = (await apiCustomer(email))!;
    await env.DB.prepare('INSERT INTO storefront_favorites (customer_id, product_id, created_at) VALUES (?, 7, ?)')
      .bind(customer.id, new Date().toISOString())
      .run();
    const wrong = await form(
      '/api/account/delete',
      { password: 'inte-mitt-losen', page: '/mina-sidor/installningar' },
      jar,
    );
    expect(wrong.status).toBe(303);
    expect(await apiCustomer(email)).not.toBeNull();

    const deleted = await form('/api/account/delete', { password: PLAIN, page: '/mina-sidor/installningar' }, jar);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get('location')).toBe('/');
    expect(jar.get('ralph-auth')).toBeUndefined();
    // The API's deleteUser ran with the fresh token the password check gave (it asks for a recent password).
    expect(await apiCustomer(email)).toBeNull();
    const kept = await env.DB.prepare('SELECT COUNT(*) AS n FROM storefront_favorites WHERE customer_id = ?')
      .bind(customer.id)
      .first<{ n: number }>();
    expect(kept!.n).toBe(0);
  });
});

describe('buy again through a remote API', () => {
  test('an order placed logged in is the API customer’s; buying it again fills a cart at the API', async () => {
    const { jar, email } = await registered();
    const [sku] = await findSkus(PLAIN_SKU, { offset: 9 });
    const cartId = await newCart('se');
    expect((await addToCart(cartId, sku!.id, 2)).errors).toBeUndefined();
    jar.cookies.set('ralph-cart', cartId);
    const placed = await form(
      '/api/checkout',
      swedishPerson({ email, customerType: 'PERSON', paymentId: PAYMENT.INVOICE }),
      jar,
    );
    expect(placed.status).toBe(303);
    const order = await env.DB.prepare(
      'SELECT o.order_number AS number, c.email AS email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.cart_id = ?',
    )
      .bind(cartId)
      .first<{ number: string; email: string }>();
    expect(order).toEqual({ number: expect.stringMatching(/^\d+$/), email });

    const again = await form(
      '/api/account/orders/buy-again',
      { order: order!.number, page: '/mina-sidor/ordrar' },
      jar,
    );
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/kassan');
    // The API made the cart and took the line, asked with the customer's token (the ordered cart first,
    // which it refuses as completed, then its new one).
    const adds = calls()
      .filter((call) => call.body.includes('copyAddLine'))
      .map((call) => call.authorization);
    expect(adds.length).toBeGreaterThan(0);
    expect(new Set(adds)).toEqual(new Set([`Bearer ${jar.get('ralph-auth')}`]));
    const newCartId = jar.get('ralph-cart')!;
    expect(newCartId).not.toBe(cartId);
    const lines = await env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ?')
      .bind(newCartId)
      .all<{ sku_id: number; quantity: number }>();
    expect(lines.results).toEqual([{ sku_id: sku!.id, quantity: 2 }]);

    // The withdrawal function reads the storefront's own orders, so it is off here, and says what to do.
    const orders = await (await shop('/mina-sidor/ordrar', jar)).text();
    expect(orders.includes('Vill du ångra köpet? Kontakta vår kundtjänst, så hjälper vi dig.')).toBe(true);
    expect(orders.includes('/angra-kop?t=')).toBe(false);
    const page = await shop('/angra-kop?t=anything', jar);
    expect(page.status).toBe(200);
    expect((await page.text()).includes('I den här butiken ångrar du ett köp genom att kontakta vår kundtjänst.')).toBe(
      true,
    );
  });
});

describe('what the storefront never believes', () => {
  test('a token made with the storefront’s own secret is no one at the API: a guest, the cookie dropped', async () => {
    const { email } = await registered();
    const customer = (await apiCustomer(email))!;
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({ email, sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customer.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(remoteShop.AUTH_SECRET));
    const jar = new CookieJar({ 'ralph-auth': forged });
    const page = await shop('/mina-sidor/installningar', jar);
    // My pages send a guest to log in.
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/');
    expect(jar.get('ralph-auth')).toBeUndefined();
  });

  test('an API that cannot be reached logs nobody out: a guest for that request, the cookies kept', async () => {
    const { jar } = await registered();
    const token = jar.get('ralph-auth');
    // A token the isolate has not met yet (its answer is kept a minute): the API must be asked.
    jar.cookies.set('ralph-auth', `${token}x`);
    api.state.down = true;
    await shop('/', jar);
    expect(jar.get('ralph-auth')).toBe(`${token}x`);
    expect(jar.get('ralph-auth-refresh')).toBeDefined();
  });

  test('without the API’s auth and sign endpoints nobody can log in, with a clear message', async () => {
    const { email } = await registered();
    api.state.calls.length = 0;
    const off = { ...remoteShop, AUTH_ENDPOINT: '', SIGN_ENDPOINT: '' };
    const jar = new CookieJar();
    const response = await storefrontRequest(
      off,
      '/api/account/login',
      jar,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SAME_ORIGIN },
        body: new URLSearchParams({ page: '/account', email, password: PLAIN }).toString(),
      },
      shopperAddress,
    );
    expect(response.status).toBe(303);
    expect(jar.get('ralph-auth')).toBeUndefined();
    expect(authCalls()).toEqual([]);
    const notice = await storefrontRequest(off, response.headers.get('location')!, jar);
    expect(
      (await notice.text()).includes('Inloggning och konton går inte att nå just nu. Försök igen om en stund.'),
    ).toBe(true);
  });
});
