// The no-JavaScript form endpoints (add to cart, favorite toggle) and their one-time notice, driven as a
// shopper does: a plain HTML form on a page of the shop, submitted by clicking its button.
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './axe';

interface ApiProduct {
  productId: number;
  name: string;
  skus: { skuId: number; stock: { totalStock: number } }[];
}

async function products(request: APIRequestContext, languageId: string): Promise<ApiProduct[]> {
  const response = await request.post('/graphql', {
    data: {
      query: `query($languageId: String) { products(take: 200, languageId: $languageId) {
        products { productId name skus { skuId stock { totalStock } } } } }`,
      variables: { languageId },
    },
  });
  const body = (await response.json()) as { data: { products: { products: ApiProduct[] } } };
  return body.data.products.products;
}

/**
 * Opens `path` of the shop with a form in place of the page (the product pages render the same fields):
 * the form's page is on the shop's origin, so the browser posts it as the shop's own.
 */
async function formOnShopPage(
  page: Page,
  path: string,
  action: string,
  fields: Record<string, string>,
  button: string,
) {
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="sv"><title>form</title><main><form method="post" action="${action}">
        ${Object.entries(fields)
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
          .join('')}
        <button type="submit">${button}</button></form></main></html>`,
    }),
  );
  await page.goto(path);
  await page.unroute(`**${path}`);
}

test.describe('forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('adding to the cart leads back with a notice naming the item and a link to the checkout, shown once', async ({
    page,
  }) => {
    const product = (await products(page.request, 'sv-SE')).find(
      (p) => p.skus.length === 1 && p.skus[0]!.stock.totalStock > 3,
    )!;
    await formOnShopPage(
      page,
      '/e2e-add',
      '/api/cart/add',
      { productId: String(product.productId), quantity: '2', redirect: '/' },
      'Lägg i varukorgen',
    );
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();

    await expect(page).toHaveURL(/\/$/);
    const notice = page.getByRole('status').filter({ hasText: 'har lagts i varukorgen' });
    await expect(notice).toContainText(`${product.name} (2 st,`);
    await expect(notice.getByRole('link', { name: 'Till kassan' })).toHaveAttribute('href', '/kassan');
    await expect(page.getByRole('status', { name: 'Varukorg, 2 varor' })).toBeVisible();

    await page.reload();
    await expect(page.getByText('har lagts i varukorgen')).toHaveCount(0);
  });

  test('a product with sizes and no size chosen gives the alert of spec §5', async ({ page }) => {
    const sized = (await products(page.request, 'sv-SE')).find((p) => p.skus.length > 1);
    expect(sized, 'a product with sizes among the first 200').toBeDefined();
    await formOnShopPage(
      page,
      '/e2e-size',
      '/api/cart/add',
      { productId: String(sized!.productId), redirect: '/' },
      'Lägg i varukorgen',
    );
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Du måste välja storlek först');
    await expect(page.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();
  });

  test('a guest saves a favorite and removes it again, in English', async ({ page }) => {
    const [product] = await products(page.request, 'en-US');
    const toggle = async () => {
      await formOnShopPage(
        page,
        '/en/e2e-favorite',
        '/api/favorites/toggle',
        { productId: String(product!.productId), redirect: '/en' },
        'Save as favorite',
      );
      await page.getByRole('button', { name: 'Save as favorite' }).click();
      await expect(page).toHaveURL(/\/en$/);
    };
    await toggle();
    const saved = page.getByRole('status').filter({ hasText: 'has been saved to your favorites' });
    await expect(saved).toContainText(product!.name);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'ralph-persisted-states');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ favorites: [product!.productId] });

    await toggle();
    await expect(page.getByRole('status').filter({ hasText: 'has been removed from your favorites' })).toBeVisible();
  });
});

// axe runs in the page, so these pages are checked with JavaScript on (the notice is the same HTML).
test.describe('the notices are accessible', () => {
  test('a success notice (status) and an error notice (alert) have no WCAG 2.1 AA violations', async ({ page }) => {
    const product = (await products(page.request, 'en-US')).find(
      (p) => p.skus.length === 1 && p.skus[0]!.stock.totalStock > 1,
    )!;
    await formOnShopPage(
      page,
      '/en/e2e-axe',
      '/api/cart/add',
      { productId: String(product.productId), redirect: '/en' },
      'Add to cart',
    );
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'has been added to your cart' })).toBeVisible();
    await expectNoAxeViolations(page);

    await formOnShopPage(page, '/e2e-axe', '/api/cart/add', { productId: 'none', redirect: '/' }, 'Lägg i varukorgen');
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Produkten kunde inte hittas');
    await expectNoAxeViolations(page);
  });
});
