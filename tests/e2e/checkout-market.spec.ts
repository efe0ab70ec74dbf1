// Spec §4 "Changing checkout market: cart reloaded, stored in cookie, broadcast", in a browser: the
// checkout's own market picker, without JavaScript (a plain form) and with it, where another open tab
// follows. The rest of the shop stays in the current market.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

interface ApiProduct {
  productId: number;
  name: string;
  alias: string;
  skus: { stock: { inStock: number; static: number | null } }[];
}

/** A product of one sku with plenty on the shelf, sold in Sweden and Finland. */
async function plainProduct(request: APIRequestContext): Promise<ApiProduct> {
  const response = await request.post('/graphql', {
    data: {
      query: `{ products(take: 100, marketId: "1|fi") { products { productId name alias skus { stock { inStock static } } } } }`,
    },
  });
  const { products } = ((await response.json()) as { data: { products: { products: ApiProduct[] } } }).data.products;
  return products.find((p) => p.skus.length === 1 && p.skus[0]!.stock.inStock > 10 && !p.skus[0]!.stock.static)!;
}

async function swedishCartWith(context: BrowserContext, baseURL: string, productId: number) {
  await context.addCookies(
    ['ralph-selected-market', 'ralph-checkout-market'].map((name) => ({ name, value: 'se', url: baseURL })),
  );
  const added = await context.request.post('/api/cart/add', {
    form: { productId: String(productId), quantity: '1', redirect: '/' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
}

const total = (page: import('@playwright/test').Page) => page.locator('[data-cart-view] [data-row="total"] dd');

for (const javaScriptEnabled of [false, true]) {
  test.describe(`the checkout market ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('choosing Finland shows the cart in euro with Finland as the country; the shop stays in kronor', async ({
      page,
      context,
      baseURL,
    }) => {
      const product = await plainProduct(page.request);
      await swedishCartWith(context, baseURL!, product.productId);
      // With JavaScript another tab is open on the checkout too: it follows the choice.
      const otherTab = javaScriptEnabled ? await context.newPage() : null;
      if (otherTab) {
        await otherTab.goto('/kassan');
        await expect(total(otherTab)).toContainText('kr');
        await page.bringToFront();
      }

      await page.goto('/kassan');
      await expect(total(page)).toContainText('kr');
      const picker = page.getByRole('combobox', { name: 'Land för leverans och betalning' });
      await expect(picker).toHaveValue('se');
      await picker.selectOption({ label: 'Finland (EUR)' });
      await page.getByRole('button', { name: 'Byt land' }).click();

      await expect(page).toHaveURL(/\/kassan$/);
      await expect(page.getByText('Kassan visar nu Finland med priser i EUR.')).toBeVisible();
      await expect(total(page)).toContainText('€');
      await expect(page.getByRole('combobox', { name: 'Land för leverans och betalning' })).toHaveValue('fi');
      await expect(page.getByRole('textbox', { name: 'Land', exact: true })).toHaveValue('Finland');
      const cookies = await context.cookies(baseURL!);
      expect(cookies.find((cookie) => cookie.name === 'ralph-checkout-market')?.value).toBe('fi');
      expect(cookies.find((cookie) => cookie.name === 'ralph-selected-market')?.value).toBe('se');

      if (otherTab) {
        await otherTab.bringToFront();
        await expect(total(otherTab)).toContainText('€');
        await otherTab.close();
      }

      // The current market is still Sweden: the product page is in kronor.
      await page.goto(`/p/${product.alias}`);
      await expect(page.locator('.product-price__selling').first()).toContainText('kr');
    });
  });
}
