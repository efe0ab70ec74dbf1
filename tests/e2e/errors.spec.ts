// Spec §8: what a shopper meets when the page's scripts or the API fail. A chunk that cannot load (a page
// left open across a deploy) reloads the page once, and within a minute shows the error notice instead
// of reloading again; a failed GraphQL request shows a localized notice with a way to try again.
import { expect, test, type Page } from '@playwright/test';

/** React and the islands come in the `hydrate` chunk (client/browser/hydrate.tsx). */
const REACT_CHUNK = '**/assets/chunk-hydrate-*.js';

function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test.describe('a script chunk that cannot load', () => {
  test('reloads the page once; failing again within a minute, it shows the notice, whose button tries again', async ({
    page,
  }) => {
    await page.route(REACT_CHUNK, (route) => route.abort());
    await page.goto('/');
    await page.waitForLoadState('load');
    const loads = countLoads(page);
    const search = page.getByRole('combobox', { name: 'Sök produkter' });

    // The first reach for the search box needs React, which cannot load: the page reloads (a deploy's
    // new chunks come with the new page).
    const reloaded = page.waitForEvent('load');
    await search.click();
    await reloaded;
    expect(loads()).toBe(1);
    await expect(page).toHaveURL(/\/$/);

    // Still failing a moment later: no second reload, the notice in the page's language instead.
    await search.click();
    const notice = page.getByRole('alert').filter({ hasText: 'Något gick tyvärr fel' });
    await expect(notice).toBeVisible();
    await page.waitForTimeout(500);
    expect(loads()).toBe(1);

    // Once the script is there again, "Försök igen" brings a page whose search box works.
    await page.unroute(REACT_CHUNK);
    const retried = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Försök igen' }).click();
    await retried;
    await page.getByRole('combobox', { name: 'Sök produkter' }).click();
    await expect(page.locator('[data-island="SearchBox"][data-hydrated]')).toHaveCount(1);
    await expect(page.getByRole('alert').filter({ hasText: 'Något gick tyvärr fel' })).toBeHidden();
  });
});

test.describe('a GraphQL request that fails', () => {
  test('add to cart while the API answers 503: the notice says so, and its button adds once the API is back', async ({
    page,
  }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/c/kulspetspennor');
    await page.locator('article.product-card').first().locator('a').first().click();
    await page.waitForLoadState('load');
    await page.route('**/graphql', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));

    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Varan kunde inte läggas i varukorgen' });
    await expect(notice).toContainText('Varan kunde inte läggas i varukorgen. Försök igen om en stund.');
    await expect(page.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();
    expect(logged.some((text) => text.includes('Response not successful: Received status code 503'))).toBe(true);

    await page.unroute('**/graphql');
    await notice.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
    await expect(page.locator('[data-cart-notice]')).toContainText('Tillagd i varukorgen');
    await expect(notice).toBeHidden();
  });

  test("add to cart with no network: the notice, and 'Network request failed' in the log", async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/c/kulspetspennor');
    await page.locator('article.product-card').first().locator('a').first().click();
    await page.waitForLoadState('load');
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));

    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Varan kunde inte läggas i varukorgen' });
    await expect(notice.getByRole('button', { name: 'Försök igen' })).toBeVisible();
    expect(logged.some((text) => text.includes('Network request failed'))).toBe(true);
  });
});
