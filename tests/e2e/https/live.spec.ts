// Issue 28 as production serves it: the production build over HTTPS. A product page's live socket is a
// secure one (wss:, on the page's own origin, which the Content-Security-Policy allows), it opens on a
// first visit without cookies, and the merchant's stock changes reach the open page without a reload.
import type { WebSocket } from '@playwright/test';
import { expect, test } from '../fixtures';
import { LIVE_PRODUCT, setStock } from '../live-helpers';

const PRODUCT = LIVE_PRODUCT;

test('over HTTPS a first visit opens a secure live socket, and stock changes reach the open page', async ({
  page,
  baseURL,
}) => {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|WebSocket connection/i.test(message.text())) refused.push(message.text());
  });
  await setStock(page.request, baseURL!, 2);
  await page.context().clearCookies();

  await page.goto(`/p/${PRODUCT.alias}`);
  await expect(page.getByText('Endast 2 kvar').first()).toBeVisible();
  await expect(page.locator('[data-live-kind="product"][data-live-open]')).toBeAttached();
  const origin = new URL(baseURL!);
  expect(sockets.map((socket) => socket.url())).toEqual([`wss://${origin.host}/graphql/live/product/${PRODUCT.id}`]);

  await setStock(page.request, baseURL!, 0);
  await expect(page.getByText('Slut i lager').first()).toBeVisible({ timeout: 2_000 });
  await expect(page.getByRole('button', { name: 'Lägg i varukorgen' })).toHaveCount(0);
  await setStock(page.request, baseURL!, 4);
  await expect(page.getByText('Endast 4 kvar').first()).toBeVisible({ timeout: 2_000 });
  await expect(page.getByRole('button', { name: 'Lägg i varukorgen' })).toBeVisible();
  // The same page throughout, and nothing refused on the way.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  expect(sockets).toHaveLength(1);
  expect(refused).toEqual([]);
});
