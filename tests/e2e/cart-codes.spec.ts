// Spec §4 'Promo code: entered, then active with remove option' with a promo code and a gift card on one
// cart, with JavaScript: in the cart panel and on the checkout page each is entered, shown and removed on
// its own. Run on its own port: E2E_PORT=8803 npx playwright test tests/e2e/cart-codes.spec.ts
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cartButton, openCartPanel } from './cart-helpers';

interface CatalogProduct {
  alias: string;
  skus: { stock: { inStock: number; oversellable: number; static: number | null } }[];
}

/** A product of one size with plenty in stock, from the shop's own API. */
async function plentifulProduct(request: APIRequestContext): Promise<CatalogProduct> {
  const response = await request.post('/graphql', {
    data: {
      query: `{ products(take: 200, languageId: "sv-SE") { products { alias skus { stock { inStock oversellable static } } } } }`,
    },
  });
  const body = (await response.json()) as { data: { products: { products: CatalogProduct[] } } };
  return body.data.products.products.find(
    (p) =>
      p.skus.length === 1 &&
      p.skus[0]!.stock.oversellable === 0 &&
      p.skus[0]!.stock.inStock + (p.skus[0]!.stock.static ?? 0) > 20,
  )!;
}

async function addOne(page: Page) {
  const product = await plentifulProduct(page.request);
  await page.goto(`/p/${product.alias}`);
  await expect(cartButton(page)).toBeVisible();
  await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
}

test('in the cart panel a promo code and a gift card are both active, and each comes off alone', async ({ page }) => {
  await addOne(page);
  await openCartPanel(page);
  const panel = page.getByRole('dialog', { name: 'Varukorg' });
  await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('VALKOMMEN10');
  await panel.getByRole('button', { name: 'Använd' }).click();
  await expect(panel.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toBeVisible();
  // The field stays for the gift card.
  await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('PRESENT-500');
  await panel.getByRole('button', { name: 'Använd' }).click();
  await expect(panel.getByText(/^Presentkort PRESENT-500 betalar .+ kvar på kortet efter köpet$/)).toBeVisible();
  await expect(panel.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toBeVisible();
  await expect(panel.locator('[data-row="discount"]')).toBeVisible();
  await expect(panel.locator('[data-row="balance"]')).toBeVisible();

  await panel.getByRole('button', { name: 'Ta bort presentkortet PRESENT-500' }).click();
  await expect(panel.getByText(/^Presentkort PRESENT-500/)).toHaveCount(0);
  await expect(panel.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toBeVisible();
  await expect(panel.locator('[data-row="balance"]')).toHaveCount(0);

  await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('PRESENT-500');
  await panel.getByRole('button', { name: 'Använd' }).click();
  await expect(panel.getByText(/^Presentkort PRESENT-500 betalar/)).toBeVisible();
  await panel.getByRole('button', { name: 'Ta bort rabattkoden VALKOMMEN10' }).click();
  await expect(panel.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toHaveCount(0);
  await expect(panel.locator('[data-row="discount"]')).toHaveCount(0);
  await expect(panel.getByText(/^Presentkort PRESENT-500 betalar/)).toBeVisible();
});

test('on the checkout page a promo code and a gift card are both active, and each comes off alone', async ({
  page,
}) => {
  await addOne(page);
  // The way a shopper goes: the panel's 'Till kassan'.
  await openCartPanel(page);
  await page.getByRole('dialog', { name: 'Varukorg' }).getByRole('link', { name: 'Till kassan' }).click();
  await expect(page.getByRole('heading', { name: 'Kassan', level: 1 })).toBeVisible();
  const cart = page.locator('[data-cart-view]');
  await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('VALKOMMEN10');
  await cart.getByRole('button', { name: 'Använd' }).click();
  await expect(cart.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toBeVisible();
  await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('PRESENT-500');
  await cart.getByRole('button', { name: 'Använd' }).click();
  await expect(cart.getByText(/^Presentkort PRESENT-500 betalar .+ kvar på kortet efter köpet$/)).toBeVisible();
  await expect(cart.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toBeVisible();

  await cart.getByRole('button', { name: 'Ta bort presentkortet PRESENT-500' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Presentkortet har tagits bort' })).toBeVisible();
  await expect(cart.getByText(/^Presentkort PRESENT-500/)).toHaveCount(0);
  await expect(cart.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toBeVisible();

  await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('PRESENT-500');
  await cart.getByRole('button', { name: 'Använd' }).click();
  await cart.getByRole('button', { name: 'Ta bort rabattkoden VALKOMMEN10' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rabattkoden har tagits bort' })).toBeVisible();
  await expect(cart.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toHaveCount(0);
  await expect(cart.getByText(/^Presentkort PRESENT-500 betalar/)).toBeVisible();
});
