import { expect, test } from './fixtures';

test.describe('the shop in a browser', () => {
  test('the start page shows real products and runs without script or CSP errors', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Allt för kontoret' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nyheter', exact: true })).toBeVisible();
    // The start page's product shelves (editors' widgets) show 8 cards each.
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect((await cards.count()) % 8).toBe(0);
    await expect(cards.first().getByRole('heading')).not.toBeEmpty();
    await expect(cards.first()).toContainText('kr');
    // Images have their size set, so nothing shifts when they load.
    const image = cards.first().locator('img');
    await expect(image).toHaveAttribute('width', '600');
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('the cart counter follows a cart change made in another tab, before and after it wakes', async ({ context }) => {
    const shop = await context.newPage();
    await shop.goto('/');
    const counter = shop.getByRole('status', { name: 'Varukorgen är tom' });
    await expect(counter).toBeVisible();
    const otherTab = await context.newPage();
    await otherTab.goto('/404');
    const post = (quantities: number[]) =>
      otherTab.evaluate((items) => {
        new BroadcastChannel('ralph_channel').postMessage({
          type: 'cart',
          data: { items: items.map((quantity) => ({ quantity })) },
        });
      }, quantities);

    // Not woken (no React on the page): the server's badge follows the message.
    await post([2, 1]);
    await expect(shop.getByRole('status', { name: 'Varukorg, 3 varor' })).toBeVisible();
    await expect(shop.locator('.cart-counter__count')).toHaveText('3');
    await expect(shop.locator('[data-island="CartCounter"][data-hydrating]')).toHaveCount(0);

    // Woken by the pointer: it starts from the count it showed and keeps following.
    await shop.locator('[data-island="CartCounter"]').hover();
    await expect(shop.locator('[data-cart-button]')).toBeVisible();
    await expect(shop.locator('.cart-counter__count')).toHaveText('3');
    await post([1]);
    await expect(shop.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
  });

  test('an unknown page shows the 404 page, whose button leads back to the start page', async ({ page }) => {
    const response = await page.goto('/en/this-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'To the start page' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Everything for the office' })).toBeVisible();
  });

  test('client bundles are content-hashed and cached for a year; pages carry the security headers', async ({
    page,
    request,
  }) => {
    const response = await page.goto('/');
    const headers = response!.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    const entry = await page.locator('script[type="module"]').getAttribute('src');
    expect(entry).toMatch(/^\/assets\/entry-[A-Z0-9]+\.js$/i);
    const asset = await request.get(entry!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-type']).toContain('javascript');
  });

  test('phone and desktop layouts show the products without horizontal scrolling', async ({ page }) => {
    for (const width of [375, 1360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('article').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});
