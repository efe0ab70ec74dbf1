// Spec §4 "Stock: … static": a product whose stock the merchant states (StockType.static) says it is
// always in stock, on its page and its list card, and can be bought.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

interface ApiProduct {
  productId: number;
  name: string;
  alias: string;
  skus: { stock: { inStock: number; oversellable: number; static: number | null } }[];
}

/** A seeded product of one sku with static stock and nothing counted on the shelf. */
async function staticProduct(request: APIRequestContext): Promise<ApiProduct> {
  // The API gives 200 at a time; the seed's static products are a few in a hundred.
  for (let skip = 0; skip < 2000; skip += 200) {
    const response = await request.post('/graphql', {
      data: {
        query: `query($skip: Int) { products(take: 200, skip: $skip) { products { productId name alias skus { stock { inStock oversellable static } } } } }`,
        variables: { skip },
      },
    });
    const { products } = ((await response.json()) as { data: { products: { products: ApiProduct[] } } }).data.products;
    const found = products.find(
      (product) =>
        product.skus.length === 1 &&
        (product.skus[0]!.stock.static ?? 0) > 0 &&
        product.skus[0]!.stock.inStock === 0 &&
        product.skus[0]!.stock.oversellable === 0,
    );
    if (found) return found;
    if (products.length < 200) break;
  }
  throw new Error('the seed has no product with static stock');
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`static stock ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('a product with static stock says "Alltid i lager" and can be bought', async ({ page }) => {
      const product = await staticProduct(page.request);
      await page.goto(`/p/${product.alias}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
      const stock = page.locator('.stock-status').first();
      await expect(stock).toContainText('Alltid i lager');
      await expect(stock).toContainText('Skickas inom 2–3 arbetsdagar');
      await expect(page.getByText(/Endast \d+ kvar i lager/)).toHaveCount(0);
      await page
        .getByRole('button', { name: /Lägg i varukorgen/ })
        .first()
        .click();
      await expect(page.locator('.cart-counter').first()).toHaveAttribute('data-count', '1');
    });
  });
}
