import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { signedAuthFetch } from './auth-helpers';
import { CookieJar, getPage, postForm, SAME_ORIGIN } from './forms-helpers';

const PASSWORD = 'Q2xpZW50U2lkZUhhc2hPZlRoZVBhc3N3b3Jk'; // as the browser sends it: a hash

interface SeedProduct {
  id: number;
  sv: string;
  en: string;
}

/** Active products sold in Sweden with one sku (no size to choose), with their Swedish and English names. */
async function products(count: number, offset = 0): Promise<SeedProduct[]> {
  const rows = await env.DB.prepare(
    `SELECT p.id AS id, sv.name AS sv, en.name AS en FROM products p
     JOIN product_texts sv ON sv.product_id = p.id AND sv.language_id = 'sv-SE'
     JOIN product_texts en ON en.product_id = p.id AND en.language_id = 'en-US'
     WHERE p.is_active = 1 AND EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.market_id = '1|se')
       AND (SELECT COUNT(*) FROM skus s WHERE s.product_id = p.id) = 1
       AND (SELECT s.stock FROM skus s WHERE s.product_id = p.id) > 5
     ORDER BY p.id LIMIT ? OFFSET ?`,
  )
    .bind(count, offset)
    .all<SeedProduct>();
  expect(rows.results).toHaveLength(count);
  return rows.results;
}

function guestJar(ids: number[], others: Record<string, unknown> = {}): CookieJar {
  return new CookieJar({ 'ralph-persisted-states': encodeURIComponent(JSON.stringify({ ...others, favorites: ids })) });
}

/** The names of the cards on the favorites page, in order. */
function cardNames(html: string): string[] {
  const grid = /<ul class="product-grid favorites-grid"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
  return [...grid.matchAll(/<a class="product-card__link" href="[^"]*">([^<]*)<\/a>/g)].map((match) =>
    match[1]!.replace(/&amp;/g, '&').replace(/&#x27;/g, "'"),
  );
}

async function storedFavorites(customerId: number): Promise<number[]> {
  const rows = await env.DB.prepare(
    'SELECT product_id FROM storefront_favorites WHERE customer_id = ? ORDER BY created_at, product_id',
  )
    .bind(customerId)
    .all<{ product_id: number }>();
  return rows.results.map((row) => row.product_id);
}

async function register(jar: CookieJar, email = `fav-page-${crypto.randomUUID().slice(0, 8)}@example.se`) {
  const response = await signedAuthFetch('/api/auth/register', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: SAME_ORIGIN,
      ...(jar.cookies.size ? { Cookie: jar.header() } : {}),
    },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  jar.take(response);
  const customer = await env.DB.prepare('SELECT id FROM customers WHERE email = ?').bind(email).first<{ id: number }>();
  return { email, customerId: customer!.id, response };
}

async function login(jar: CookieJar, email: string): Promise<Response> {
  const response = await signedAuthFetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SAME_ORIGIN, Cookie: jar.header() },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  jar.take(response);
  return response;
}

describe('the favorites page', () => {
  test("lists a guest's cookie favorites, newest first, with the heart pressed and an add-to-cart form, in Swedish", async () => {
    const [first, second] = await products(2);
    const response = await fetchWorker('/favoriter', {
      headers: { Cookie: guestJar([first!.id, second!.id]).header() },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Mina favoriter<\/h1>/);
    expect(html).toContain('2 sparade produkter');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(cardNames(html)).toEqual([second!.sv, first!.sv]);
    // The cards post through the page's one form, which brings the shopper back here.
    expect(html).toContain(
      '<form id="favorites-actions" hidden="" action="/api/cart/add" method="post"><input type="hidden" name="redirect" value="/favoriter"/></form>',
    );
    for (const product of [first!, second!]) {
      expect(html).toContain(
        `<button type="submit" form="favorites-actions" formaction="/api/favorites/toggle" name="productId" value="${product.id}" class="favorite-button favorite-button--card" aria-pressed="true"`,
      );
    }
    // Each card has its buy button (these products have one sku each).
    expect(
      html.match(
        /<button type="submit" form="favorites-actions" name="productId" value="\d+" data-sku-id="\d+" class="button button--buy card-buy"/g,
      ),
    ).toHaveLength(2);
    // The header links to the page with the count.
    expect(html).toMatch(
      /<a class="header-action favorites-link" href="\/favoriter" aria-label="Favoriter, 2 produkter"/,
    );
  });

  test('lists the same favorites in English under /en/favorites', async () => {
    const [first, second] = await products(2, 2);
    const html = await getPage('/en/favorites', guestJar([first!.id, second!.id]));
    expect(html).toMatch(/<h1[^>]*>My favorites<\/h1>/);
    expect(html).toContain('2 saved products');
    expect(cardNames(html)).toEqual([second!.en, first!.en]);
    expect(html).toContain('aria-label="Favorites, 2 products"');
  });

  test('leaves out products that are no longer sold without a word', async () => {
    const [kept, gone] = await products(2, 4);
    await env.DB.prepare('UPDATE products SET is_active = 0 WHERE id = ?').bind(gone!.id).run();
    const response = await fetchWorker('/favoriter', {
      headers: { Cookie: guestJar([kept!.id, gone!.id, 99_999_999]).header() },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(cardNames(html)).toEqual([kept!.sv]);
    expect(html).toContain('1 sparad produkt');
    expect(html).not.toContain('notice--error');
  });

  test('without favorites it shows the empty state with a link to new items', async () => {
    const html = await getPage('/favoriter', new CookieJar());
    expect(html).toContain('Du har inga favoriter ännu');
    expect(html).toContain('<a class="button button--primary" href="/nyheter">Upptäck våra nyheter</a>');
    expect(cardNames(html)).toEqual([]);
  });

  test("shows a logged-in customer's favorites from D1, not the browser's cookie", async () => {
    const [mine, cookieOnly] = await products(2, 6);
    const jar = new CookieJar();
    const { customerId } = await register(jar);
    await env.DB.prepare('INSERT INTO storefront_favorites (customer_id, product_id, created_at) VALUES (?, ?, ?)')
      .bind(customerId, mine!.id, new Date().toISOString())
      .run();
    jar.cookies.set('ralph-persisted-states', encodeURIComponent(JSON.stringify({ favorites: [cookieOnly!.id] })));
    const html = await getPage('/favoriter', jar);
    expect(cardNames(html)).toEqual([mine!.sv]);
    expect(html).not.toContain('Dina favoriter sparas i den här webbläsaren');
  });

  test('a favorite shows as pressed on the product page and on list cards', async () => {
    const [product] = await products(1, 8);
    const alias = await env.DB.prepare("SELECT alias FROM product_texts WHERE product_id = ? AND language_id = 'sv-SE'")
      .bind(product!.id)
      .first<{ alias: string }>();
    const jar = guestJar([product!.id]);
    const page = await getPage(`/p/${alias!.alias}`, jar);
    expect(page).toMatch(/class="button button--favorite" aria-pressed="true"/);
    const search = await getPage(`/s/${encodeURIComponent(product!.sv)}`, jar);
    expect(search).toContain(
      `formaction="/api/favorites/toggle" name="productId" value="${product!.id}" class="favorite-button favorite-button--card" aria-pressed="true"`,
    );
  });
});

describe('guest favorites at login', () => {
  test("registering moves the cookie's favorites into the new account and clears them from the cookie", async () => {
    const [first, second] = await products(2, 10);
    const jar = guestJar([first!.id, second!.id]);
    const { customerId, response } = await register(jar);
    expect(await storedFavorites(customerId)).toEqual([first!.id, second!.id]);
    expect(
      response.headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith('ralph-persisted-states=;') && /Max-Age=0/.test(cookie)),
    ).toBe(true);
    expect(jar.get('ralph-persisted-states')).toBeUndefined();
    expect(cardNames(await getPage('/favoriter', jar))).toEqual([second!.sv, first!.sv]);
  });

  test("logging in adds the cookie's favorites after the account's own, skips duplicates and keeps the cookie's other states", async () => {
    const [own, shared, guestOnly] = await products(3, 12);
    const account = new CookieJar();
    const { email, customerId } = await register(account);
    await env.DB.prepare(
      'INSERT INTO storefront_favorites (customer_id, product_id, created_at) VALUES (?, ?, ?), (?, ?, ?)',
    )
      .bind(customerId, own!.id, '2024-01-01T00:00:00.000Z', customerId, shared!.id, '2024-01-02T00:00:00.000Z')
      .run();

    const browser = guestJar([shared!.id, guestOnly!.id], { theme: 'dark' });
    await login(browser, email);
    expect(await storedFavorites(customerId)).toEqual([own!.id, shared!.id, guestOnly!.id]);
    expect(JSON.parse(browser.get('ralph-persisted-states')!)).toEqual({ theme: 'dark', favorites: [] });
  });

  test('a wrong password merges nothing and leaves the cookie as it was', async () => {
    const [product] = await products(1, 15);
    const account = new CookieJar();
    const { email, customerId } = await register(account);
    const browser = guestJar([product!.id]);
    const response = await signedAuthFetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SAME_ORIGIN, Cookie: browser.header() },
      body: JSON.stringify({ username: email, password: 'V3JvbmdQYXNzd29yZEhhc2g=' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('ralph-persisted-states'))).toBe(false);
    expect(await storedFavorites(customerId)).toEqual([]);
  });
});

describe('the toggle answering JSON', () => {
  async function toggle(jar: CookieJar, productId: string, redirect = '/favoriter'): Promise<Response> {
    return postForm('/api/favorites/toggle', { productId, redirect }, jar, { Accept: 'application/json' });
  }

  test('adds and removes without a redirect or a one-time message, answering the state, the count and the message', async () => {
    const [product, other] = await products(2, 16);
    const jar = guestJar([other!.id]);
    const added = await toggle(jar, String(product!.id));
    expect(added.status).toBe(200);
    expect(added.headers.get('Content-Type')).toContain('application/json');
    expect(await added.json()).toEqual({
      productId: product!.id,
      favorite: true,
      count: 2,
      message: `${product!.sv} har sparats i dina favoriter`,
    });
    expect(jar.get('ralph-flash')).toBeUndefined();
    expect(JSON.parse(jar.get('ralph-persisted-states')!)).toEqual({ favorites: [other!.id, product!.id] });

    const removed = await toggle(jar, String(product!.id), '/en/favorites');
    expect(await removed.json()).toEqual({
      productId: product!.id,
      favorite: false,
      count: 1,
      message: `${product!.en} has been removed from your favorites`,
    });
    expect(JSON.parse(jar.get('ralph-persisted-states')!)).toEqual({ favorites: [other!.id] });
  });

  test("a logged-in customer's toggle answers the count of the account's favorites", async () => {
    const [product] = await products(1, 18);
    const jar = new CookieJar();
    const { customerId } = await register(jar);
    const answer = await (await toggle(jar, String(product!.id))).json();
    expect(answer).toMatchObject({ productId: product!.id, favorite: true, count: 1 });
    expect(await storedFavorites(customerId)).toEqual([product!.id]);
  });

  test('a bad product id answers 400 with the message and changes nothing', async () => {
    const jar = guestJar([]);
    for (const productId of ['abc', '99999999']) {
      const response = await toggle(jar, productId);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { message: 'Produkten kunde inte hittas' } });
    }
    expect(JSON.parse(jar.get('ralph-persisted-states')!)).toEqual({ favorites: [] });
  });
});
