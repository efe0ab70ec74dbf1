// Issue 15, cached HTML at the edge: two shoppers in two browsers get the same kept list page, each with
// their own cart count and login state put in, with and without JavaScript.
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

    await guestContext.close();
    await customerContext.close();
  });
});
