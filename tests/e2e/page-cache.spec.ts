// Issue 15, cached HTML at the edge: two shoppers in two browsers get the same kept list page, each with
// their own cart count and login state put in, with and without JavaScript; nothing of one shopper (their
// notice, cart, checkout, my pages) ever reaches the other. A kept product page shows the stock as it is
// now: another shopper's order of its last units retires it at once (docs/decisions/015). (A catalog change
// making a kept page new is an integration test, tests/integration/page-cache.test.ts: only the seed and
// admin tools change the catalog.)
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillSwedishInvoice, hydrated } from './checkout-helpers';
import { registeredCustomer } from './my-pages-helpers';

const LIST = '/c/kulspetspennor';

/** Opens the list; answers how the page cache served it ('hit', 'stale' or 'miss'). */
async function openList(page: Page): Promise<string | null> {
  const response = await page.goto(LIST);
  expect(response?.status()).toBe(200);
  return response!.headers()['x-page-cache'] ?? null;
}

test.describe('a kept page, two shoppers', () => {
  test('each sees their own cart count and login state', async ({ browser, baseURL }) => {
    const guestContext = await browser.newContext({ javaScriptEnabled: false });
    const customerContext = await browser.newContext();
    const guest = await guestContext.newPage();
    const customer = await customerContext.newPage();

    // The guest puts two of the list's first product in the cart with the plain form.
    await openList(guest);
    const card = guest.locator('article.product-card').filter({ has: guest.getByRole('button', { name: /^Köp / }) });
    await card.first().getByRole('button', { name: /^Köp / }).click();
    await card.first().getByRole('button', { name: /^Köp / }).click();
    await expect(guest.getByRole('status', { name: 'Varukorg, 2 varor' })).toBeVisible();

    // The other shopper logs in, with an empty cart.
    await registeredCustomer(customer, baseURL!, 'page-cache');

    // Both now get the list from the cache.
    expect(await openList(guest)).toMatch(/^(hit|stale)$/);
    expect(await openList(customer)).toMatch(/^(hit|stale)$/);

    await expect(guest.getByRole('status', { name: 'Varukorg, 2 varor' })).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Logga in' })).toBeVisible();
    await expect(guest.locator('summary', { hasText: 'Mina sidor' })).toHaveCount(0);

    await expect(customer.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();
    await expect(customer.locator('summary', { hasText: 'Mina sidor' })).toBeVisible();
    await expect(customer.getByRole('link', { name: 'Logga in' })).toHaveCount(0);

    // The customer's own pages are never kept; a guest asking for them gets the start page, no account.
    const orders = await customer.goto('/mina-sidor/ordrar');
    expect(orders?.headers()['cache-control']).toBe('private, no-store');
    await guest.goto('/mina-sidor/ordrar');
    expect(new URL(guest.url()).pathname).toBe('/');
    await expect(guest.locator('summary', { hasText: 'Mina sidor' })).toHaveCount(0);

    await guestContext.close();
    await customerContext.close();
  });

  test('nothing of one shopper reaches another: not their notice, cart or checkout', async ({ browser }) => {
    const firstContext = await browser.newContext({ javaScriptEnabled: false });
    const secondContext = await browser.newContext({ javaScriptEnabled: false });
    const first = await firstContext.newPage();
    const second = await secondContext.newPage();

    // The first shopper adds from the list: the list comes back with their notice and their count.
    await openList(first);
    const card = first.locator('article.product-card').filter({ has: first.getByRole('button', { name: /^Köp / }) });
    const name = (await card.first().locator('h2, h3').first().textContent())!.trim();
    await card.first().getByRole('button', { name: /^Köp / }).click();
    const notice = first.getByRole('status').filter({ hasText: 'har lagts i varukorgen' });
    await expect(notice).toContainText(name);
    await expect(first.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
    // Their own pages are never kept by any cache: the checkout lists their item.
    const checkout = await first.goto('/kassan');
    expect(checkout?.headers()['cache-control']).toBe('private, no-store');
    await expect(first.getByText(name).first()).toBeVisible();

    // The second shopper gets the same list from the cache, with nothing of the first's.
    expect(await openList(second)).toMatch(/^(hit|stale)$/);
    await expect(second.getByText('har lagts i varukorgen')).toHaveCount(0);
    await expect(second.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();
    await second.goto('/kassan');
    await expect(second.getByText(name)).toHaveCount(0);

    await firstContext.close();
    await secondContext.close();
  });

  test('a shopper reloading a kept product page after another bought its last units sees "Slut i lager"', async ({
    browser,
    baseURL,
  }) => {
    const viewer = await browser.newContext();
    const buyer = await browser.newContext();
    const product = await productWithTwoLeft(viewer.request);

    // The first shopper views the product: the second view comes from the cache.
    const page = await viewer.newPage();
    await page.goto(`/p/${product.alias}`);
    const kept = await page.reload();
    expect(kept?.headers()['x-page-cache']).toMatch(/^(hit|stale)$/);
    await expect(page.locator('.stock-status').first()).toHaveText(/Endast 2 kvar i lager/);

    // Another shopper buys both units by invoice.
    const added = await buyer.request.post('/api/cart/add', {
      form: { productId: String(product.productId), quantity: '2', redirect: '/' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    const checkout = await buyer.newPage();
    await checkout.goto('/kassan');
    await hydrated(checkout);
    await fillSwedishInvoice(checkout);
    await expect(checkout.getByRole('radio', { name: /PostNord Ombud/ })).toBeChecked();
    await checkout.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(checkout).toHaveURL(/\/checkout\/confirm(\?orderId=|$)/);

    // The first shopper reloads: sold out, with no way to add it to the cart.
    await page.reload();
    await expect(page.locator('.stock-status').first()).toHaveText(/Slut i lager/);
    await expect(page.locator('.stock-status').first()).not.toContainText('Endast 2 kvar i lager');
    await expect(page.getByRole('button', { name: 'Lägg i varukorgen' })).toHaveCount(0);

    await viewer.close();
    await buyer.close();
  });
});

/** A seeded product with one sku and exactly two units left (the last such, away from other tests' picks). */
async function productWithTwoLeft(request: APIRequestContext): Promise<{ productId: number; alias: string }> {
  const response = await request.post('/graphql', {
    data: {
      query: `{ products(take: 200, marketId: "1|se") {
        products { productId alias skus { stock { inStock oversellable static } } } } }`,
    },
  });
  type Found = {
    productId: number;
    alias: string;
    skus: { stock: { inStock: number; oversellable: number; static: number | null } }[];
  };
  const found = ((await response.json()) as { data: { products: { products: Found[] } } }).data.products.products;
  const twoLeft = found.filter(
    (p) =>
      p.skus.length === 1 &&
      p.skus[0]!.stock.inStock === 2 &&
      !p.skus[0]!.stock.oversellable &&
      !p.skus[0]!.stock.static,
  );
  expect(twoLeft.length, 'the seed has a product with two units left').toBeGreaterThan(0);
  return twoLeft[twoLeft.length - 1]!;
}
