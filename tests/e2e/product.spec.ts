// The product page as a shopper uses it: sizes, colours, add to cart, back-in-stock, with and without
// JavaScript, in Swedish and English, and axe on each state of the page (axe itself needs JavaScript, so
// it runs in the tests that have it).
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './axe';

interface CatalogProduct {
  productId: number;
  name: string;
  alias: string;
  skus: { skuId: number; name: string; stock: { inStock: number; oversellable: number; static: number | null } }[];
  variantDimensions: { dimension: string }[];
  unitPrice: { isDiscounted: boolean };
  rating: { voteCount: number };
  productImages: { fileName: string }[];
}

/** The first 600 products of the catalog in a language, read from the shop's own API. */
async function catalog(request: APIRequestContext, languageId = 'sv-SE'): Promise<CatalogProduct[]> {
  const products: CatalogProduct[] = [];
  for (const skip of [0, 200, 400]) {
    const response = await request.post('/graphql', {
      data: {
        query: `query($skip: Int, $languageId: String) { products(skip: $skip, take: 200, languageId: $languageId) { products {
          productId name alias skus { skuId name stock { inStock oversellable static } } variantDimensions { dimension }
          unitPrice { isDiscounted } rating { voteCount } productImages { fileName } } } }`,
        variables: { skip, languageId },
      },
    });
    const body = (await response.json()) as { data: { products: { products: CatalogProduct[] } } };
    products.push(...body.data.products.products);
  }
  return products;
}

const available = (sku: CatalogProduct['skus'][number]) => sku.stock.inStock + (sku.stock.static ?? 0) > 5;
const soldOut = (sku: CatalogProduct['skus'][number]) =>
  sku.stock.inStock + (sku.stock.static ?? 0) === 0 && sku.stock.oversellable === 0;
const sized = (product: CatalogProduct) => product.variantDimensions.length > 0;

/** Console errors and page errors while the test runs (CSP, hydration, scripts). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('product page', () => {
  test('a shopper chooses a size and adds two of it to the cart (sv)', async ({ page }) => {
    const problems = collectProblems(page);
    const product = (await catalog(page.request)).find(
      (p) => sized(p) && p.skus.length >= 2 && p.skus.every(available),
    )!;
    await page.goto(`/p/${product.alias}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

    await expectNoAxeViolations(page);

    const sizes = page.getByRole('group', { name: 'Välj storlek' });
    await expect(sizes.getByRole('radio')).toHaveCount(product.skus.length);
    const size = product.skus[1]!;
    const choice = sizes.getByRole('radio', {
      name: new RegExp(`^${size.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `),
    });
    await choice.check();
    await expect(choice).toBeChecked();
    await page.getByRole('spinbutton', { name: 'Antal' }).fill('2');
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();

    await expect(page).toHaveURL(new RegExp(`/p/${product.alias}$`));
    await expect(page.getByRole('status').filter({ hasText: 'har lagts i varukorgen' })).toContainText(product.name);
    await expect(page.getByRole('status', { name: 'Varukorg, 2 varor' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a sold-out size cannot be chosen; the shopper asks to be told when it is back (sv)', async ({ page }) => {
    const product = (await catalog(page.request)).find(
      (p) => sized(p) && p.skus.some(soldOut) && p.skus.some(available),
    )!;
    const gone = product.skus.find(soldOut)!;
    await page.goto(`/p/${product.alias}`);
    await expect(page.getByRole('radio', { name: new RegExp(`Slut i lager`) })).toBeDisabled();

    const watch = page.getByRole('region', { name: 'Bevaka produkten' });
    await watch.getByRole('combobox', { name: 'Storlek' }).selectOption(String(gone.skuId));
    await watch.getByRole('textbox', { name: 'E-postadress' }).fill('inte-en-adress');
    await watch.getByRole('button', { name: 'Bevaka' }).click();
    await expect(page).toHaveURL(/\?notify=invalid-email#notify$/);
    await expect(watch.getByRole('status')).toHaveText('Du måste ange en giltig email');
    const email = watch.getByRole('textbox', { name: 'E-postadress' });
    await expect(email).toHaveValue('inte-en-adress');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await email.fill('bevakare@example.se');
    await watch.getByRole('button', { name: 'Bevaka' }).click();
    await expect(page).toHaveURL(/\?notify=ok#notify$/);
    await expect(watch.getByRole('status')).toHaveText('Tack! Vi mejlar dig när produkten finns i lager igen.');
  });

  test('another colour is a link to that colour’s own product page (en)', async ({ page }) => {
    const product = (await catalog(page.request, 'en-US')).find((p) => p.name.startsWith('Parker IM Fountain pen'))!;
    await page.goto(`/en/p/${product.alias}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const colours = page.getByRole('navigation', { name: 'Also available in' }).getByRole('link');
    expect(await colours.count()).toBeGreaterThan(0);
    const colour = (await colours.first().innerText()).trim();
    await colours.first().click();
    await expect(page).toHaveURL(/\/en\/p\/parker-im-fountain-pen-/);
    await expect(page.locator('.colour-picker__current strong')).toHaveText(colour);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(product.name);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a discounted product with reviews and related products passes axe at phone width (en)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const product = (await catalog(page.request, 'en-US')).find(
      (p) => p.unitPrice.isDiscounted && p.rating.voteCount > 0 && p.productImages.length > 1,
    )!;
    await page.goto(`/en/p/${product.alias}`);
    await expect(page.getByText(/Lowest price in the last 30 days: /)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await expect(page.locator('.review')).toHaveCount(product.rating.voteCount);
    await expect(page.getByRole('heading', { name: 'Similar products' })).toBeVisible();
    await expect(page.locator('.product-related .product-card').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('product page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page is complete and a size can be chosen and added to the cart', async ({ page }) => {
    const product =
      (await catalog(page.request)).find(
        (p) =>
          sized(p) &&
          p.skus.length >= 2 &&
          p.skus.every(available) &&
          p.productImages.length > 1 &&
          p.rating.voteCount > 0,
      ) ?? (await catalog(page.request)).find((p) => sized(p) && p.skus.length >= 2 && p.skus.every(available))!;
    await page.goto(`/p/kontor/${product.alias}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Brödsmulor' }).getByRole('link').first()).toBeVisible();
    await expect(page.locator('.product-price__selling')).toContainText('kr');
    await expect(page.getByRole('heading', { name: 'Produktbeskrivning' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Specifikation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Omdömen' })).toBeVisible();
    const gallery = page.getByRole('list', { name: 'Produktbilder' });
    await expect(gallery.getByRole('img').first()).toHaveAttribute('width', '600');
    if (product.productImages.length > 1) {
      await page.getByRole('link', { name: `Visa bild 2 av ${product.productImages.length}` }).click();
      await expect(page).toHaveURL(/#product-image-2$/);
    }
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`/p/${product.alias}$`));
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.map((text) => JSON.parse(text)['@type'])).toEqual(['Product', 'BreadcrumbList']);

    await page
      .getByRole('radio', { name: new RegExp(`^${product.skus[0]!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) })
      .check();
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'har lagts i varukorgen' })).toContainText(product.name);
  });

  test('the back-in-stock form works as a plain form', async ({ page }) => {
    const product = (await catalog(page.request)).find((p) => !sized(p) && p.skus.length === 1 && soldOut(p.skus[0]!))!;
    await page.goto(`/p/${product.alias}`);
    await expect(page.locator('.stock-status__state')).toHaveText('Slut i lager');
    await expect(page.getByRole('button', { name: 'Lägg i varukorgen' })).toHaveCount(0);
    const watch = page.getByRole('region', { name: 'Bevaka produkten' });
    await watch.getByRole('textbox', { name: 'E-postadress' }).fill('utan-js@example.se');
    await watch.getByRole('button', { name: 'Bevaka' }).click();
    await expect(watch.getByRole('status')).toHaveText('Tack! Vi mejlar dig när produkten finns i lager igen.');
  });
});
