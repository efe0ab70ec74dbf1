// Issue 15, cached HTML at the edge: a catalog page is rendered once for nobody in particular, kept, and
// served to every shopper with their own cart count, favorites, login state and notice put in; nothing
// of one shopper is ever kept; a catalog change makes the kept page new.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker, settle } from '../helpers';
import { bumpCatalogVersion } from '../../worker/graphql/catalog-version';
import { createProduct } from './factories';
import { cartWith } from './checkout-helpers';
import { findSkus, loggedInCustomer, PLAIN_SKU } from './cart-helpers';

const FLASH = `ralph-flash=${encodeURIComponent(JSON.stringify({ kind: 'success', key: 'forms.account.loggedOut', params: {} }))}`;

/** A cart with `quantity` units of one plain product. */
async function cartOf(quantity: number): Promise<string> {
  const [sku] = await findSkus(PLAIN_SKU);
  return cartWith(sku!.id, quantity);
}

async function view(path: string, cookie?: string) {
  const response = await fetchWorker(path, cookie ? { headers: { Cookie: cookie } } : undefined);
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    cacheControl: response.headers.get('cache-control'),
    csp: response.headers.get('content-security-policy') ?? '',
    html: await response.text(),
  };
}

/** A page the cache has kept (first view renders it, the second is served from it). */
async function keptPage(path: string) {
  const first = await view(path);
  expect(first.cache).toBe('miss');
  await settle(200);
  const second = await view(path);
  expect(second.cache).toBe('hit');
  return second;
}

/** The number the header's cart badge shows. */
function cartBadge(html: string): string | undefined {
  return /class="cart-counter" role="status" aria-label="([^"]*)" data-count="(\d+)"/.exec(html)?.slice(1).join(' | ');
}

describe('kept catalog pages', () => {
  test('the second view of a product page comes from the cache, with its own nonce on every script', async () => {
    const product = await createProduct({ name: 'Cachepenna Ett' });
    const kept = await keptPage(`/p/${product.alias}`);
    expect(kept.status).toBe(200);
    expect(kept.html).toContain('Cachepenna Ett');
    const nonce = /'nonce-([^']+)'/.exec(kept.csp)?.[1];
    expect(nonce).toBeTruthy();
    const nonces = [...kept.html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
    expect(nonces.length).toBeGreaterThan(2);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    // An anonymous shopper's view is not private: a shared cache may keep it too.
    expect(kept.cacheControl ?? '').not.toMatch(/private|no-store/);
  });

  test('a guest gets the kept page as it was compressed, with their own nonce in it', async () => {
    const product = await createProduct({ name: 'Cachepenna Packad' });
    await keptPage(`/p/${product.alias}`);
    const response = await fetchWorker(`/p/${product.alias}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('x-page-cache')).toBe('hit');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    // The runtime inflates it for this in-process caller (and checks its CRC on the way).
    const html = await response.text();
    expect(html).toContain('Cachepenna Packad');
    expect(html.endsWith('</html>')).toBe(true);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const nonces = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
    expect(nonces.length).toBeGreaterThan(2);
    expect(new Set(nonces)).toEqual(new Set([nonce]));

    // A browser that takes no gzip gets the same page as text.
    const plain = await fetchWorker(`/p/${product.alias}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('Cachepenna Packad');
  });

  test('each shopper sees their own cart count and login state in the same kept page', async () => {
    await keptPage('/c/skriva-rita');

    const cart = await cartOf(3);
    const withCart = await view('/c/skriva-rita', `ralph-cart=${cart}`);
    expect(withCart.cache).toBe('hit');
    expect(cartBadge(withCart.html)).toBe('Varukorg, 3 varor | 3');
    expect(withCart.html).toContain('<span class="cart-counter__count" aria-hidden="true">3</span>');
    expect(withCart.html).toContain('data-label-out="Logga in"');
    expect(withCart.cacheControl).toBe('private, no-store');

    const customer = await loggedInCustomer(`cache-${Date.now()}@example.com`);
    const loggedIn = await view('/c/skriva-rita', `ralph-auth=${customer.token}`);
    expect(loggedIn.cache).toBe('hit');
    expect(cartBadge(loggedIn.html)).toBe('Varukorgen är tom | 0');
    expect(loggedIn.html).toContain('<details class="account-menu"');
    expect(loggedIn.html).toContain('Logga ut');
    expect(loggedIn.html).not.toContain('id="login-panel"');
    expect(loggedIn.html).toMatch(/"loggedIn":true/);
    expect(loggedIn.html).toMatch(/"logged_in":true/);
    expect(loggedIn.cacheControl).toBe('private, no-store');

    const guest = await view('/c/skriva-rita');
    expect(guest.cache).toBe('hit');
    expect(cartBadge(guest.html)).toBe('Varukorgen är tom | 0');
    expect(guest.html).toContain('id="login-panel"');
    expect(guest.html).not.toContain('account-menu');
    expect(guest.html).toMatch(/"loggedIn":false/);
  });

  test('favorites: the header count and the hearts are the shopper’s own', async () => {
    const kept = await keptPage('/c/kulspetspennor');
    const firstId = Number(/name="productId" value="(\d+)"/.exec(kept.html)![1]);
    const favorite = await view(
      '/c/kulspetspennor',
      `ralph-persisted-states=${encodeURIComponent(JSON.stringify({ favorites: [firstId] }))}`,
    );
    expect(favorite.cache).toBe('hit');
    expect(favorite.html).toContain('aria-label="Favoriter, 1 produkt"');
    expect(favorite.html).toMatch(/data-favorites-count="">1<\/span>/);
    const pressed = [
      ...favorite.html.matchAll(/name="productId" value="(\d+)" class="favorite-button[^"]*" aria-pressed="true"/g),
    ];
    expect(pressed.map((match) => Number(match[1]))).toEqual([firstId]);

    const other = await view('/c/kulspetspennor');
    expect(other.html).not.toContain('class="favorite-button favorite-button--card" aria-pressed="true"');
    expect(other.html).toContain('class="favorite-button favorite-button--card" aria-pressed="false"');
    expect(other.html).toContain('aria-label="Favoriter"');
  });

  test('nothing of the shopper who filled the cache is kept: notice, cart, login', async () => {
    const product = await createProduct({ name: 'Cachepenna Tre' });
    const path = `/p/${product.alias}`;
    const cart = await cartOf(4);
    const customer = await loggedInCustomer(`fill-${Date.now()}@example.com`);
    // The first view (the one that fills the cache) is a shopper with a notice and a cart, on a list.
    const list = '/c/papper-block';
    const first = await view(list, `${FLASH}; ralph-cart=${cart}`);
    expect(first.cache).toBe('miss');
    expect(first.html).toContain('Du är utloggad');
    expect(cartBadge(first.html)).toBe('Varukorg, 4 varor | 4');
    await settle(200);
    const next = await view(list);
    expect(next.cache).toBe('hit');
    expect(next.html).not.toContain('Du är utloggad');
    expect(cartBadge(next.html)).toBe('Varukorgen är tom | 0');

    // A logged-in customer's product page is their own (its review form): rendered for them, never kept.
    const own = await view(path, `ralph-auth=${customer.token}`);
    expect(own.cache).toBeNull();
    expect(own.cacheControl).toBe('private, no-store');
    const anonymous = await view(path);
    expect(anonymous.cache).toBe('miss');
    expect(anonymous.html).not.toContain(`fill-`);
  });

  test('pages of the shopper’s own are never served from or kept in the cache', async () => {
    const customer = await loggedInCustomer(`own-${Date.now()}@example.com`);
    const cart = await cartOf(1);
    for (const [path, cookie] of [
      ['/kassan', `ralph-cart=${cart}`],
      ['/mina-sidor/ordrar', `ralph-auth=${customer.token}`],
      ['/favoriter', ''],
    ] as const) {
      const page = await view(path, cookie);
      expect(page.status, path).toBe(200);
      expect(page.cache, path).toBeNull();
    }
    const checkout = await view('/kassan', `ralph-cart=${cart}`);
    expect(checkout.cacheControl).toBe('private, no-store');
  });

  test('a catalog change makes the kept page new', async () => {
    const product = await createProduct({ name: 'Cachepenna Fyra' });
    const path = `/p/${product.alias}`;
    await keptPage(path);
    await env.DB.prepare(
      "UPDATE product_texts SET name = 'Cachepenna Fem' WHERE product_id = ? AND language_id = 'sv-SE'",
    )
      .bind(product.id)
      .run();
    // Until the catalog version moves, the kept page stands.
    expect((await view(path)).html).toContain('Cachepenna Fyra');
    await bumpCatalogVersion(env.DB);
    const changed = await view(path);
    expect(changed.cache).toBe('miss');
    expect(changed.html).toContain('Cachepenna Fem');
    expect(changed.html).not.toContain('Cachepenna Fyra');
  });
});
