// Issue 28: what open pages show live, over the graphql-ws socket to their live room (worker/live/). A
// product page open in one browser shows "Slut i lager" within 2 s of another browser buying the last unit,
// without a reload; the socket is open only while the page is seen.
import type { Browser, Page, WebSocket } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  customerWithOrder,
  ownClientAddress,
  PASSWORD,
  placedInvoiceOrder,
  placeInvoiceOrder,
  registeredCustomer,
} from './my-pages-helpers';
import { LIVE_PRODUCT, moveOrder, setStock, TRACKING_LINK } from './live-helpers';

const PRODUCT = LIVE_PRODUCT;

/** Another shopper, in a browser of their own, buys `quantity` of the product on invoice. */
async function buyElsewhere(browser: Browser, baseURL: string, quantity: number): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const headers = { Origin: baseURL, ...ownClientAddress() };
    const added = await context.request.post('/api/cart/add', {
      form: { productId: String(PRODUCT.id), skuId: String(PRODUCT.skuId), quantity: String(quantity), redirect: '/' },
      headers,
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    const cartId = (await context.cookies()).find((cookie) => cookie.name === 'ralph-cart')!.value;
    expect(await placeInvoiceOrder(context.request, cartId, `e2e-live-${Date.now()}@example.com`, headers)).toMatch(
      /^\d+$/,
    );
  } finally {
    await context.close();
  }
}

test.describe.configure({ mode: 'serial' });

test('a product page shows "Slut i lager" within 2 s of another browser buying the last unit', async ({
  page,
  browser,
  baseURL,
}) => {
  await setStock(page.request, baseURL!, 1);
  await page.goto(`/p/${PRODUCT.alias}`);
  await expect(page.getByText('Endast 1 kvar').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lägg i varukorgen' })).toBeVisible();
  // The page has subscribed: its socket is open.
  await expect(page.locator('[data-live-kind="product"][data-live-open]')).toBeAttached();

  await buyElsewhere(browser, baseURL!, 1);
  await expect(page.getByText('Slut i lager').first()).toBeVisible({ timeout: 2_000 });
  await expect(page.getByRole('button', { name: 'Lägg i varukorgen' })).toHaveCount(0);
  // The same page, never reloaded: what the shopper typed is still there.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

  // Back in stock (the merchant's count): the page offers it again, still without a reload.
  await setStock(page.request, baseURL!, 5);
  await expect(page.getByText('Endast 5 kvar').first()).toBeVisible({ timeout: 2_000 });
  await expect(page.getByRole('button', { name: 'Lägg i varukorgen' })).toBeVisible();
});

test('the socket closes when the tab is hidden and opens again when it is seen', async ({ page }) => {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  await page.goto(`/p/${PRODUCT.alias}`);
  const live = page.locator('[data-live-kind="product"]');
  await expect(live).toHaveAttribute('data-live-open', '');
  expect(sockets.map((socket) => new URL(socket.url()).pathname)).toEqual([`/graphql/live/product/${PRODUCT.id}`]);

  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await expect(live).not.toHaveAttribute('data-live-open');
  await expect.poll(() => sockets[0]!.isClosed()).toBe(true);

  await setVisibility('visible');
  await expect(live).toHaveAttribute('data-live-open', '');
  expect(sockets).toHaveLength(2);
  expect(sockets[1]!.isClosed()).toBe(false);
});

/** Adds `quantity` of a product to the cart of `page`'s browser, as the product page's plain form does. */
async function addToCart(page: Page, baseURL: string, productId: number, skuId: number): Promise<void> {
  const added = await page.request.post('/api/cart/add', {
    form: { productId: String(productId), skuId: String(skuId), quantity: '1', redirect: '/' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
}

test('a cart changed in one browser appears in the checkout open in another, logged in as the same customer', async ({
  page,
  browser,
  baseURL,
}) => {
  // The customer fills a cart on their computer...
  const email = await registeredCustomer(page, baseURL!, 'live-cart');
  await addToCart(page, baseURL!, 630, 715);
  // ...logs in on their phone, whose cart is empty: it takes the same cart.
  const phone = await browser.newContext({ baseURL });
  try {
    const other = await phone.newPage();
    const login = await other.request.post('/api/account/login', {
      form: { email, password: PASSWORD, page: '/kassan' },
      headers: { Origin: baseURL!, ...ownClientAddress() },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(303);
    await other.goto('/kassan');
    const cart = other.locator('.checkout__cart');
    await expect(cart.getByRole('link', { name: 'Pilot G-Tec-C4 Gelpenna 0,4 mm blå' })).toBeVisible();
    await expect(cart.getByRole('link', { name: 'Leuchtturm1917 Medium Anteckningsbok A5 rutad gul' })).toHaveCount(0);
    await expect(other.locator('[data-live-kind="cart"][data-live-open]')).toBeAttached();

    // Back on the computer, a notebook goes in: the phone's open checkout shows it, never reloaded.
    await addToCart(page, baseURL!, 631, 716);
    await expect(cart.getByRole('link', { name: 'Leuchtturm1917 Medium Anteckningsbok A5 rutad gul' })).toBeVisible({
      timeout: 3_000,
    });
    expect(await other.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  } finally {
    await phone.close();
  }
});

test("an order the merchant moves changes on the customer's my pages as they look at it", async ({
  page,
  browser,
  baseURL,
}) => {
  const number = await customerWithOrder(page, baseURL!, 'live-order');
  await page.goto('/mina-sidor/ordrar');
  await page.getByText(`Order ${number}`).click();
  const order = page.locator('li', { hasText: `Order ${number}` });
  await expect(order.getByText('Mottagen').first()).toBeVisible();
  await expect(page.locator('[data-live-kind="customer"][data-live-open]')).toBeAttached();

  // Staff move it in the back office, in a browser of their own: Behandlas, then Slutförd with its tracking.
  const staff = await browser.newContext({ baseURL });
  const move = (form: Record<string, string>) => moveOrder(staff.request, baseURL!, number, form);
  try {
    await move({ status: 'PROCESSING' });
    await expect(order.getByText('Behandlas').first()).toBeVisible({ timeout: 3_000 });
    await move({ status: 'COMPLETED', trackingLink: TRACKING_LINK });
    await expect(order.getByText('Slutförd').first()).toBeVisible({ timeout: 3_000 });
  } finally {
    await staff.close();
  }
  // The order the shopper opened is still open, and the page was never reloaded.
  await expect(order.locator('details')).toHaveAttribute('open', '');
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});

test('the confirmation page shows the merchant moving the order, and the tracking link once it is sent', async ({
  page,
  browser,
  baseURL,
}) => {
  // A guest buys two gel pens on invoice and is on the confirmation page.
  const headers = { Origin: baseURL!, ...ownClientAddress() };
  await addToCart(page, baseURL!, 630, 715);
  const cartId = (await page.context().cookies()).find((cookie) => cookie.name === 'ralph-cart')!.value;
  const { orderId: number, confirmation } = await placedInvoiceOrder(
    page.request,
    cartId,
    `e2e-live-confirm-${Date.now()}@example.com`,
    headers,
  );
  await page.goto(confirmation);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tack för din beställning');
  const status = page.locator('.confirm-details__list dd').filter({ has: page.locator('.order-status') });
  await expect(status.locator('.order-status')).toHaveText('Mottagen');
  await expect(page.locator('[data-live-kind="order"][data-live-open]')).toBeAttached();

  const staff = await browser.newContext({ baseURL });
  const move = (form: Record<string, string>) => moveOrder(staff.request, baseURL!, number, form);
  try {
    await move({ status: 'PROCESSING' });
    await expect(status.locator('.order-status')).toHaveText('Behandlas', { timeout: 3_000 });
    await expect(status.getByRole('link')).toHaveCount(0);
    await move({ status: 'COMPLETED', trackingLink: TRACKING_LINK });
    await expect(status.locator('.order-status')).toHaveText('Slutförd', { timeout: 3_000 });
    await expect(status.getByRole('link', { name: 'Spåra paketet' })).toHaveAttribute('href', TRACKING_LINK);
  } finally {
    await staff.close();
  }
  // The same page throughout: never reloaded.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});
