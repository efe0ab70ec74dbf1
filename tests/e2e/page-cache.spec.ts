// Issue 15, cached HTML at the edge: two shoppers in two browsers get the same kept list page, each with
// their own cart count and login state put in, with and without JavaScript; nothing of one shopper (their
// notice, cart, checkout, my pages) ever reaches the other. (A catalog change making a kept page new is an
// integration test, tests/integration/page-cache.test.ts: only the seed and admin tools change the catalog.)
import { expect, test, type Page } from '@playwright/test';
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
});
