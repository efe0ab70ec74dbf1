// Spec §8: what a shopper meets when the page's scripts or the API fail. A chunk that cannot load (a page
// left open across a deploy) reloads the page once, and within a minute shows the error notice instead
// of reloading again; a failed GraphQL request (adding to the cart, a change in the cart panel, search
// suggestions, placing the order) shows a localized notice with a way to try again.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillSwedishInvoice, hydrated, SWEDISH_PERSON } from './checkout-helpers';
import { openCartPanel } from './cart-helpers';

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

    // The first suggestions typed for need React, which cannot load: the page reloads (a deploy's new
    // chunks come with the new page).
    const reloaded = page.waitForEvent('load');
    await search.pressSequentially('pe');
    await reloaded;
    expect(loads()).toBe(1);
    await expect(page).toHaveURL(/\/$/);

    // Still failing a moment later: no second reload, the notice in the page's language instead.
    await search.pressSequentially('pe');
    const notice = page.getByRole('alert').filter({ hasText: 'Något gick tyvärr fel' });
    await expect(notice).toBeVisible();
    await page.waitForTimeout(500);
    expect(loads()).toBe(1);

    // Once the script is there again, "Försök igen" brings a page whose search box works.
    await page.unroute(REACT_CHUNK);
    const retried = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Försök igen' }).click();
    await retried;
    await page.getByRole('combobox', { name: 'Sök produkter' }).pressSequentially('pe');
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

  test("a list card's buy button while the API answers 503: the notice under that card, and its button adds once the API is back", async ({
    page,
  }) => {
    await page.goto('/c/kulspetspennor');
    await page.route('**/graphql', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    const cards = page.locator('article.product-card').filter({ has: page.getByRole('button', { name: /^Köp / }) });
    const card = cards.nth(1);
    const buy = card.getByRole('button', { name: /^Köp / });

    await buy.click();
    // The card posts through its grid's form, shared by every card: the notice is this card's alone.
    const notice = card.getByRole('alert');
    await expect(notice).toContainText('Varan kunde inte läggas i varukorgen. Försök igen om en stund.');
    await expect(page.getByRole('alert').filter({ hasText: 'Varan kunde inte läggas i varukorgen' })).toHaveCount(1);
    await expect(buy).toHaveAccessibleDescription(/Varan kunde inte läggas i varukorgen/);
    await expect(page.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();
    expect(page.url()).toMatch(/\/c\/kulspetspennor$/);

    await page.unroute('**/graphql');
    await notice.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
    await expect(page.locator('[data-cart-notice]')).toContainText(`Tillagd i varukorgen`);
    await expect(notice).toBeHidden();
    await expect(buy).not.toHaveAttribute('aria-describedby');
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

  test('a change in the cart panel while the API answers 503: "Försök igen" makes it once the API is back', async ({
    page,
  }) => {
    await page.goto('/c/kulspetspennor');
    await page.locator('article.product-card').first().locator('a').first().click();
    await page.waitForLoadState('load');
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
    await openCartPanel(page);
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel.getByRole('spinbutton', { name: `Antal av ${name}` })).toHaveValue('1');

    await page.route('**/graphql', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await panel.getByRole('button', { name: `Öka antalet av ${name}` }).click();
    const notice = panel.getByRole('alert').filter({ hasText: 'Något gick tyvärr fel' });
    await expect(notice).toContainText('Något gick tyvärr fel. Försök gärna igen');
    await expect(panel.getByRole('spinbutton', { name: `Antal av ${name}` })).toHaveValue('1');

    await page.unroute('**/graphql');
    await notice.getByRole('button', { name: 'Försök igen' }).click();
    await expect(panel.getByRole('spinbutton', { name: `Antal av ${name}` })).toHaveValue('2');
    await expect(page.getByRole('status', { name: 'Varukorg, 2 varor' })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('search suggestions with no network: the notice under the field, and "Försök igen" brings them', async ({
    page,
  }) => {
    await page.goto('/');
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    const box = page.getByRole('combobox', { name: 'Sök produkter' });
    await box.fill('gelpenna');
    const notice = page.getByRole('alert').filter({ hasText: 'Förslagen kunde inte hämtas' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Sökförslag' })).toBeHidden();

    await page.unroute('**/graphql');
    await notice.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page.getByRole('listbox', { name: 'Sökförslag' }).getByRole('option').first()).toBeVisible();
    await expect(notice).toBeHidden();
    await expect(box).toHaveValue('gelpenna');
  });

  test('placing the order while the API answers 503: the checkout says so, and "Försök igen" places it once', async ({
    page,
    baseURL,
  }) => {
    const found = await page.request.post('/graphql', {
      data: { query: '{ products(take: 40) { products { productId skus { stock { inStock static } } } } }' },
    });
    type Found = { productId: number; skus: { stock: { inStock: number; static: number | null } }[] };
    const product = ((await found.json()) as { data: { products: { products: Found[] } } }).data.products.products.find(
      (p) => p.skus.length === 1 && p.skus[0]!.stock.inStock > 10 && !p.skus[0]!.stock.static,
    )!;
    const added = await page.request.post('/api/cart/add', {
      form: { productId: String(product.productId), quantity: '1', redirect: '/' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    await page.goto('/kassan');
    await hydrated(page);
    await fillSwedishInvoice(page, { ...SWEDISH_PERSON, 'E-post': 'retry@example.com' });
    await expect(page.getByRole('radio', { name: /PostNord Ombud/ })).toBeChecked();

    // Only the order itself fails: saving and validating the details still answer.
    await page.route('**/graphql', (route) =>
      route.request().postData()?.includes('placeOrder')
        ? route.fulfill({ status: 503, body: 'Service Unavailable' })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Något gick tyvärr fel' });
    await expect(notice).toBeVisible();
    await expect(page).toHaveURL(/\/kassan$/);

    await page.unroute('**/graphql');
    await notice.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm(\?orderId=[0-9a-f-]+&cartId=|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tack för din beställning');
  });
});
