// Issue 15, scripts on intent: a page loads no React until the shopper reaches for an island, and the
// click, key or tap that woke it is not lost.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The scripts the page has fetched so far (file names). */
function scriptsLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => entry.name.replace(/^.*\//, '')),
  );
}

/** React and the islands come in the `hydrate` chunk (client/browser/hydrate.tsx). */
const REACT_CHUNK = /^chunk-hydrate-/;

test.describe('islands wake on intent', () => {
  test('a page left alone loads no React; the first click on the cart opens the cart panel', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    expect((await scriptsLoaded(page)).filter((name) => REACT_CHUNK.test(name))).toEqual([]);
    await expect(page.locator('[data-island][data-hydrating]')).toHaveCount(0);

    // One click on the server's link (a link to the checkout without JavaScript): the panel opens here. The
    // click is aimed at the cart, link or button: the pointer moving onto it wakes the island, which may
    // have become the button by the time the button is pressed (what a shopper's click then meets too).
    await expect(page.locator('[data-island="CartCounter"] a[href="/kassan"]')).toBeVisible();
    await page.locator('[data-island="CartCounter"] .cart-link').click();
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Varukorgen är tom')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await scriptsLoaded(page)).some((name) => REACT_CHUNK.test(name))).toBe(true);
  });

  test('a press on the cart that hydration turns from link into button mid-press still opens the panel', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    const link = page.locator('[data-island="CartCounter"] a[href="/kassan"]');
    const box = (await link.boundingBox())!;
    // The button goes down on the server's link, and comes up once the island has made it a button: the
    // browser sends that click to the island, which no control takes.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect(page.locator('[data-island="CartCounter"][data-hydrated]')).toHaveCount(1);
    await expect(page.locator('[data-island="CartCounter"] button.cart-link')).toBeVisible();
    await page.mouse.up();
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the search box wakes with its first suggestion request, not with the click or the first key', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      const name = request.url().replace(/^.*\//, '');
      if (REACT_CHUNK.test(name)) requests.push('react');
      if ((request.postData() ?? '').includes('"searchText":"st"')) requests.push('suggestions for "st"');
    });
    await page.goto('/en');
    await page.waitForLoadState('load');
    const box = page.locator('[data-island="SearchBox"] input[name="q"]');
    // React's first run is a long task: after the click or the first key it would hold back the next key.
    await box.click();
    await page.keyboard.type('s');
    await page.waitForTimeout(700);
    expect(requests).toEqual([]);
    await expect(page.locator('[data-island="SearchBox"][data-hydrating]')).toHaveCount(0);
    // The second letter: the page script asks for suggestions, and then wakes the island to show them.
    await page.keyboard.type('t');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list.getByRole('option').first()).toBeVisible();
    expect(requests).toEqual(['suggestions for "st"', 'react']);
    await expect(box).toHaveValue('st');
  });

  test('text typed into the search box before React is there gets suggestions', async ({ page }) => {
    await page.goto('/en');
    await page.waitForLoadState('load');
    const box = page.locator('[data-island="SearchBox"] input[name="q"]');
    await expect(page.locator('[data-island="SearchBox"][data-hydrating]')).toHaveCount(0);
    // Keys straight into the server's plain search field: the suggestion request wakes the island.
    await box.pressSequentially('stapler', { delay: 10 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue('stapler');
  });

  test('a keyboard user tabbing to the cart keeps the focus on it when it wakes, and Enter opens it', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.locator('[data-island="CartCounter"] a').focus();
    const button = page.locator('[data-island="CartCounter"] button[data-cart-button]');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Varukorg' })).toBeVisible();
  });

  test('add to cart on a product page: the count changes at once and the notice shows', async ({ page }) => {
    await page.goto('/c/kulspetspennor');
    const card = page.locator('article.product-card').first();
    await card.locator('a').first().click();
    await page.waitForLoadState('load');
    await expect(page.locator('[data-island][data-hydrating]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
    await expect(page.locator('[data-cart-notice]')).toContainText('Tillagd i varukorgen');
  });
});
