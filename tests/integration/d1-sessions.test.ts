// Issue 15, reads near the shopper: every request's D1 queries run in one session (Sessions API), begun
// from the shopper's bookmark cookie when they carry one, so they read their own writes even from a
// replica; plain anonymous page views carry no cookie (docs/decisions/014-d1-sessions.md).
import { describe, expect, test } from 'vitest';
import { env, fetchWorker, graphql } from '../helpers';
import { createApp } from '../../worker/app';
import { CookieJar, getPage, postForm } from './forms-helpers';
import { seededProduct, STOCK_WHERE } from './product-page-helpers';
import { ADD_TO_CART, findSkus, newCart, PLAIN_SKU } from './cart-helpers';
import { PERSONNUMMER } from './checkout-page-helpers';

const BOOKMARK_COOKIE =
  /^ralph-d1-bookmark=[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/;
const PASSWORD = 'hemligt123';

let clients = 0;
const newClient = () => ({ 'CF-Connecting-IP': `10.15.5.${(clients++ % 250) + 1}` });

/** The bookmark cookies an answer sets (the whole Set-Cookie lines). */
const bookmarkCookies = (response: Response) =>
  response.headers.getSetCookie().filter((cookie) => cookie.startsWith('ralph-d1-bookmark='));

/**
 * A GET through the app with a D1 binding that records what each session was begun from: the proof of
 * which bookmark the request's reads waited for. The request's own session is the first; a catalog page
 * rendered for the page cache (for nobody in particular) may open another, unconstrained.
 */
async function spiedGet(path: string, cookie: string) {
  const begunFrom: (string | undefined)[] = [];
  const binding = {
    prepare: (query: string) => env.DB.prepare(query),
    batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
    exec: (query: string) => env.DB.exec(query),
    dump: () => env.DB.dump(),
    withSession(constraintOrBookmark?: string) {
      begunFrom.push(constraintOrBookmark);
      return env.DB.withSession(constraintOrBookmark);
    },
  } as D1Database;
  const response = await createApp().request(path, { headers: { Cookie: cookie } }, { ...env, DB: binding });
  return { response, html: await response.text(), begunFrom };
}

describe("a shopper reads their own writes through D1's Sessions API", () => {
  test('adding to the cart answers with a bookmark, and the next page, begun from it, shows the units', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const jar = new CookieJar();
    const added = await postForm('/api/cart/add', { productId: String(product.id), quantity: '2', redirect: '/' }, jar);

    expect(added.status).toBe(303);
    const [cookie, ...more] = bookmarkCookies(added);
    expect(more).toEqual([]);
    expect(cookie).toMatch(BOOKMARK_COOKIE);
    const bookmark = jar.get('ralph-d1-bookmark')!;

    const next = await spiedGet('/', jar.header());
    expect(next.response.status).toBe(200);
    expect(next.begunFrom[0]).toBe(bookmark);
    expect(next.html).toContain('aria-label="Varukorg, 2 varor"');
    // The session moved on from the bookmark (D1 answered with a later one): the shopper keeps the newer.
    const [refreshed] = bookmarkCookies(next.response);
    expect(refreshed).toMatch(BOOKMARK_COOKIE);
    const newer = refreshed!.slice('ralph-d1-bookmark='.length, refreshed!.indexOf(';'));
    expect(newer > bookmark).toBe(true);
  });

  test('over HTTPS the bookmark cookie is Secure', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const jar = new CookieJar();
    await postForm('/api/cart/add', { productId: String(product.id), redirect: '/' }, jar);
    const response = await createApp().request('https://127.0.0.1/kassan', { headers: { Cookie: jar.header() } }, env);
    expect(response.status).toBe(200);
    await response.text();
    expect(bookmarkCookies(response)[0]).toMatch(
      /^ralph-d1-bookmark=[0-9a-f-]{59}; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  test('saved settings answer with a bookmark, and the settings page, begun from it, shows them', async () => {
    const email = `d1-sessions-${Date.now()}@example.com`;
    const jar = new CookieJar();
    const registered = await postForm(
      '/api/account/register',
      { page: '/account', customerType: 'PERSON', email, password: PASSWORD, passwordConfirm: PASSWORD },
      jar,
      newClient(),
    );
    expect(registered.status).toBe(303);
    expect(bookmarkCookies(registered)[0]).toMatch(BOOKMARK_COOKIE);

    const saved = await postForm(
      '/api/account/settings',
      {
        page: '/mina-sidor/installningar',
        customerType: 'PERSON',
        firstName: 'Sessions',
        lastName: 'Läsare',
        phone: '0701234567',
        gender: 'WOMAN',
        careOf: '',
        addressLine1: 'Replikgatan 15',
        addressLine2: '',
        zip: '114 55',
        city: 'Kiruna',
        country: 'SE',
        personalId: PERSONNUMMER,
        organizationId: '',
        company: '',
        entryCode: '',
      },
      jar,
      newClient(),
    );
    expect(saved.status).toBe(303);
    expect(bookmarkCookies(saved)[0]).toMatch(BOOKMARK_COOKIE);

    const settings = await spiedGet('/mina-sidor/installningar', jar.header());
    expect(settings.response.status).toBe(200);
    expect(settings.begunFrom).toEqual([jar.get('ralph-d1-bookmark')]);
    expect(settings.html).toMatch(/<input[^>]*name="city"[^>]*value="Kiruna"/);
    expect(settings.html).toMatch(/<input[^>]*name="addressLine1"[^>]*value="Replikgatan 15"/);
  });

  test('a GraphQL mutation answers with a bookmark; a GraphQL query, though POSTed, sets none', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await newCart();
    const read = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ channel { id } }' }),
    });
    expect(read.status).toBe(200);
    expect(bookmarkCookies(read)).toEqual([]);

    const write = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: ADD_TO_CART,
        variables: {
          id: cartId,
          item: { skuId: sku!.id, quantity: 1 },
          allowExternalShippingFee: false,
          channelId: '1|se',
          languageId: 'sv-SE',
          marketId: 'se',
        },
      }),
    });
    expect(write.status).toBe(200);
    expect(bookmarkCookies(write)[0]).toMatch(BOOKMARK_COOKIE);
    const cart = await graphql<{ getCart: { items: { quantity: number }[] } }>(
      'query($id: String) { getCart(id: $id) { items { quantity } } }',
      { id: cartId },
    );
    expect(cart.data!.getCart.items.map((item) => item.quantity)).toEqual([1]);
  });
});

describe('anonymous page views carry no bookmark', () => {
  test('the home, a list and a product page answer a visitor without cookies with no bookmark cookie', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    for (const path of ['/', '/c/kulspetspennor', `/p/${product.alias}`]) {
      const response = await fetchWorker(path);
      expect(response.status, path).toBe(200);
      await response.text();
      expect(bookmarkCookies(response), path).toEqual([]);
    }
  });
});

describe('a bookmark cookie that is not a bookmark is ignored', () => {
  test.each([
    ['text', 'garbage'],
    ['past D1 in hex', 'ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff0'],
    ['an injection', "'; DROP TABLE carts; --"],
    ['an overlong value', '0'.repeat(4096)],
  ])('%s: the page still answers 200, the session starts unconstrained, the cookie is dropped', async (_, value) => {
    const page = await spiedGet('/', `ralph-d1-bookmark=${encodeURIComponent(value)}`);
    expect(page.response.status).toBe(200);
    expect(page.html).toContain('aria-label="Varukorgen är tom"');
    expect(page.begunFrom[0]).toBe('first-unconstrained');
    expect(page.begunFrom).not.toContain(value);
    expect(bookmarkCookies(page.response)).toEqual(['ralph-d1-bookmark=; Max-Age=0; Path=/']);
  });

  test('a shopper with a garbage cookie who adds to the cart gets a real bookmark instead', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const jar = new CookieJar({ 'ralph-d1-bookmark': 'garbage' });
    const added = await postForm('/api/cart/add', { productId: String(product.id), redirect: '/' }, jar);
    expect(added.status).toBe(303);
    expect(bookmarkCookies(added)[0]).toMatch(BOOKMARK_COOKIE);
    expect(await getPage('/', jar)).toContain('aria-label="Varukorg, 1 vara"');
  });
});
