// Issue 28: the shop's service worker and web app manifest. Offline after browsing, a product page seen
// shows as it was with "Du är offline" and nothing can be bought from it; the cart is shown from its last
// copy; a page not seen shows the offline page in its language. Chromium finds the shop installable.
import { chromium, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registeredCustomer } from './my-pages-helpers';

const PRODUCT = { alias: 'pilot-g-tec-c4-gelpenna-0-4-mm-bla-630', name: 'Pilot G-Tec-C4 Gelpenna 0,4 mm blå' };
const NOTICE = 'Du är offline. Du ser sidan som den såg ut när du senast var här';

test.use({ serviceWorkers: 'allow' });

/** Waits until the shop's service worker controls the page (it registers once the page has loaded). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('offline after browsing: the product seen shows with the notice, a page not seen says it is offline', async ({
  page,
  context,
}) => {
  await page.goto(`/p/${PRODUCT.alias}`);
  await controlled(page);
  await page.goto('/');
  try {
    await context.setOffline(true);
    await page.goto(`/p/${PRODUCT.alias}`);
    await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRODUCT.name);
    // Its pictures, kept as the page was seen.
    const picture = page.getByRole('img', { name: PRODUCT.name, exact: true });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // Read-only: nothing is bought from a kept copy, neither with a pointer nor with the keyboard.
    await expect(page.locator('html')).toHaveAttribute('data-offline', '');
    await expect(page.locator('form.buy-form')).toHaveCSS('pointer-events', 'none');
    const buy = page.locator('form.buy-form button[type="submit"]');
    await buy.evaluate((button: HTMLButtonElement) => button.focus());
    await expect(buy).not.toBeFocused();

    await page.goto('/en/b/leitz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
    await expect(page.getByText('You have not visited this page before, so it is not saved.')).toBeVisible();

    // Back online, the page the shopper asked for comes from the network by itself.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leitz');
    await expect(page.locator('html')).not.toHaveAttribute('data-offline');
  } finally {
    await context.setOffline(false);
  }
});

test('offline, the cart is shown from its last copy', async ({ page, context, baseURL }) => {
  await page.goto('/');
  await controlled(page);
  const added = await page.request.post('/api/cart/add', {
    form: { productId: '630', skuId: '715', quantity: '2', redirect: '/' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  await page.goto('/kassan');
  await expect(page.locator('.checkout__cart').getByRole('link', { name: PRODUCT.name })).toBeVisible();
  try {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
    await expect(page.locator('.checkout__cart').getByRole('link', { name: PRODUCT.name })).toBeVisible();
    // The checkout waits for the network: its order button cannot be reached.
    const place = page.locator('.checkout-finish__submit');
    await expect(place).toBeVisible();
    await place.evaluate((button: HTMLButtonElement) => button.focus());
    await expect(place).not.toBeFocused();
  } finally {
    await context.setOffline(false);
  }
});

test("a customer's copies go when they log out: offline, the cart and pages they saw are not shown", async ({
  page,
  context,
  baseURL,
}) => {
  await registeredCustomer(page, baseURL!, 'offline');
  await page.goto('/');
  await controlled(page);
  await page.request.post('/api/cart/add', {
    form: { productId: '630', skuId: '715', quantity: '1', redirect: '/' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  await page.goto(`/p/${PRODUCT.alias}`);
  await page.goto('/kassan');
  await expect(page.locator('.checkout__cart').getByRole('link', { name: PRODUCT.name })).toBeVisible();
  const kept = () =>
    page.evaluate(async () =>
      (await (await caches.open('shop-pages')).keys()).map((request) => new URL(request.url).pathname).sort(),
    );
  await expect.poll(kept).toEqual(expect.arrayContaining(['/kassan', `/p/${PRODUCT.alias}`]));

  await page.goto('/account');
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await page.waitForURL((url) => !url.pathname.includes('account'));
  await expect.poll(kept).not.toContain('/kassan');
  expect(await kept()).not.toContain(`/p/${PRODUCT.alias}`);
  try {
    await context.setOffline(true);
    await page.goto('/kassan');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du är offline');
    await expect(page.getByRole('link', { name: PRODUCT.name })).toHaveCount(0);
    await page.goto(`/p/${PRODUCT.alias}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du är offline');
  } finally {
    await context.setOffline(false);
  }
});

test('the manifest and the service worker make the shop installable in Chromium', async ({ baseURL }, testInfo) => {
  // Chromium offers no installing in a private window, which every test context is: a profile of its own.
  const profile = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL,
  });
  try {
    const page = profile.pages()[0] ?? (await profile.newPage());
    await page.goto('/en');
    await controlled(page);
    const cdp = await profile.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(new URL(url).pathname + new URL(url).search).toBe('/manifest.webmanifest?locale=en');
    const manifest = await (await page.request.get('/manifest.webmanifest?locale=en')).json();
    expect(manifest).toMatchObject({
      name: 'Kontorsgiganten',
      lang: 'en',
      start_url: '/en',
      display: 'standalone',
      theme_color: '#FDD600',
    });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const swedish = await (await page.request.get('/manifest.webmanifest?locale=sv')).json();
    expect(swedish.start_url).toBe('/');
  } finally {
    await profile.close();
  }
});
