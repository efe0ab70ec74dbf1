import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import type { AppEnv } from '../../worker/app-env';
import { favoriteProductIds } from '../../worker/session/favorites';
import { env } from '../helpers';
import { signedAuthFetch } from './auth-helpers';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';
import { type Customer } from '../../worker/commerce/customers/customers';
import { readConfig } from '../../worker/config';

const PASSWORD = 'Q2xpZW50U2lkZUhhc2hPZlRoZVBhc3N3b3Jk'; // as the browser sends it: a hash

async function activeProducts(count: number): Promise<{ id: number; name: string }[]> {
  const rows = await env.DB.prepare(
    `SELECT p.id AS id, t.name AS name FROM products p JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE'
     WHERE p.is_active = 1 AND EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.market_id = '1|se')
     ORDER BY p.id LIMIT ?`,
  )
    .bind(count)
    .all<{ id: number; name: string }>();
  return rows.results;
}

function favoritesCookie(jar: CookieJar): unknown {
  const raw = jar.get('ralph-persisted-states');
  return raw === undefined ? undefined : JSON.parse(raw);
}

async function loggedIn(): Promise<{ jar: CookieJar; customerId: number }> {
  const email = `fav-${crypto.randomUUID().slice(0, 8)}@example.se`;
  const response = await signedAuthFetch('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const jar = new CookieJar().take(response);
  expect(jar.get('ralph-auth')).toBeDefined();
  const customer = await env.DB.prepare('SELECT id FROM customers WHERE email = ?').bind(email).first<{ id: number }>();
  return { jar, customerId: customer!.id };
}

async function storedFavorites(customerId: number): Promise<number[]> {
  const rows = await env.DB.prepare(
    'SELECT product_id FROM storefront_favorites WHERE customer_id = ? ORDER BY product_id',
  )
    .bind(customerId)
    .all<{ product_id: number }>();
  return rows.results.map((row) => row.product_id);
}

/** What page modules get from favoriteProductIds for a request with these cookies and customer. */
async function favoritesSeenByPages(cookie: string, customer?: Customer): Promise<number[]> {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('config', readConfig(env));
    c.set('customer', customer);
    await next();
  });
  app.get('/', async (c) => c.json([...(await favoriteProductIds(c))]));
  const response = await app.request('/', { headers: { Cookie: cookie } }, env);
  return response.json();
}

describe('POST /api/favorites/toggle without JavaScript', () => {
  test("a guest's toggle adds the product to the ralph-persisted-states cookie, and a second one removes it", async () => {
    const [product] = await activeProducts(1);
    const jar = new CookieJar();
    const added = await postForm('/api/favorites/toggle', { productId: String(product!.id), redirect: '/' }, jar);
    expect(added.status).toBe(303);
    expect(added.headers.get('Location')).toBe('/');
    expect(added.headers.getSetCookie().find((cookie) => cookie.startsWith('ralph-persisted-states='))).toMatch(
      /; Max-Age=31536000; Path=\/; SameSite=Lax$/,
    );
    expect(favoritesCookie(jar)).toEqual({ favorites: [product!.id] });
    const addedNotice = flashNotice(await getPage('/', jar));
    expect(addedNotice).toMatchObject({ role: 'status', text: `${product!.name} har sparats i dina favoriter` });
    expect(await favoritesSeenByPages(jar.header())).toEqual([product!.id]);

    await postForm('/api/favorites/toggle', { productId: String(product!.id), redirect: '/en' }, jar);
    expect(favoritesCookie(jar)).toEqual({ favorites: [] });
    const removedNotice = flashNotice(await getPage('/en', jar));
    expect(removedNotice?.text).toMatch(/ has been removed from your favorites$/);
    expect(await favoritesSeenByPages(jar.header())).toEqual([]);
  });

  test('a malformed favorites cookie counts as none and is replaced; other saved states are kept', async () => {
    const [first, second] = await activeProducts(2);
    const broken = new CookieJar({ 'ralph-persisted-states': encodeURIComponent('{"favorites":"everything"') });
    expect(await favoritesSeenByPages(broken.header())).toEqual([]);
    await postForm('/api/favorites/toggle', { productId: String(first!.id), redirect: '/' }, broken);
    expect(favoritesCookie(broken)).toEqual({ favorites: [first!.id] });

    const withOthers = new CookieJar({
      'ralph-persisted-states': encodeURIComponent(JSON.stringify({ favorites: [first!.id], theme: 'dark' })),
    });
    await postForm('/api/favorites/toggle', { productId: String(second!.id), redirect: '/' }, withOthers);
    expect(favoritesCookie(withOthers)).toEqual({ favorites: [first!.id, second!.id], theme: 'dark' });
  });

  test("a logged-in customer's toggle writes the favorites table and leaves the guest cookie alone", async () => {
    const [product] = await activeProducts(1);
    const { jar, customerId } = await loggedIn();
    await postForm('/api/favorites/toggle', { productId: String(product!.id), redirect: '/' }, jar);
    expect(await storedFavorites(customerId)).toEqual([product!.id]);
    expect(jar.get('ralph-persisted-states')).toBeUndefined();
    expect(flashNotice(await getPage('/', jar))?.text).toContain(`${product!.name} har sparats i dina favoriter`);
    expect(await favoritesSeenByPages('', { id: customerId, email: 'x@example.se' })).toEqual([product!.id]);

    await postForm('/api/favorites/toggle', { productId: String(product!.id), redirect: '/' }, jar);
    expect(await storedFavorites(customerId)).toEqual([]);
    expect(flashNotice(await getPage('/', jar))?.text).toBe(`${product!.name} har tagits bort från dina favoriter`);
  });

  test('a bad or unknown product id changes nothing and says so', async () => {
    const [product] = await activeProducts(1);
    const jar = new CookieJar({
      'ralph-persisted-states': encodeURIComponent(JSON.stringify({ favorites: [product!.id] })),
    });
    for (const productId of ['', 'abc', '0', '99999999']) {
      const response = await postForm('/api/favorites/toggle', { productId, redirect: '/' }, jar);
      expect(response.status).toBe(303);
      expect(flashNotice(await getPage('/', jar))).toMatchObject({
        role: 'alert',
        text: 'Produkten kunde inte hittas',
      });
    }
    expect(favoritesCookie(jar)).toEqual({ favorites: [product!.id] });
  });

  test('a product that is no longer sold can be removed from the favorites, not added', async () => {
    // The seed sells everything: one product leaves the range for this test.
    const gone = await env.DB.prepare('SELECT id FROM products ORDER BY id DESC LIMIT 1').first<{ id: number }>();
    await env.DB.prepare('UPDATE products SET is_active = 0 WHERE id = ?').bind(gone!.id).run();
    const jar = new CookieJar();
    await postForm('/api/favorites/toggle', { productId: String(gone!.id), redirect: '/' }, jar);
    expect(favoritesCookie(jar)).toBeUndefined();
    expect(flashNotice(await getPage('/', jar))?.role).toBe('alert');

    const keeper = new CookieJar({
      'ralph-persisted-states': encodeURIComponent(JSON.stringify({ favorites: [gone!.id] })),
    });
    await postForm('/api/favorites/toggle', { productId: String(gone!.id), redirect: '/' }, keeper);
    expect(favoritesCookie(keeper)).toEqual({ favorites: [] });
    expect(flashNotice(await getPage('/', keeper))?.text).toBe('Produkten har tagits bort från dina favoriter');
  });

  test('a post from another site is refused and changes nothing', async () => {
    const [product] = await activeProducts(1);
    const { jar, customerId } = await loggedIn();
    const response = await postForm('/api/favorites/toggle', { productId: String(product!.id), redirect: '/' }, jar, {
      Origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(await storedFavorites(customerId)).toEqual([]);
  });
});
