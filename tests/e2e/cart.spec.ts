// The cart as a shopper uses it (issue 6): adding from the product page and from list cards without a page
// load, the 'added' notice, the header's count and the cart panel, promo codes, the stock and size
// messages, another tab following along, and the whole cart without JavaScript. Run on its own port:
// E2E_PORT=8791 npx playwright test tests/e2e/cart.spec.ts
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { cartButton, openCartPanel } from './cart-helpers';

interface CatalogProduct {
  productId: number;
  name: string;
  alias: string;
  skus: { skuId: number; name: string; stock: { inStock: number; oversellable: number; static: number | null } }[];
}

/** The first 400 products of the catalog in a language, from the shop's own API. */
async function catalog(request: APIRequestContext, languageId = 'sv-SE'): Promise<CatalogProduct[]> {
  const products: CatalogProduct[] = [];
  for (const skip of [0, 200]) {
    const response = await request.post('/graphql', {
      data: {
        query: `query($skip: Int, $languageId: String) { products(skip: $skip, take: 200, languageId: $languageId) { products {
          productId name alias skus { skuId name stock { inStock oversellable static } } } } }`,
        variables: { skip, languageId },
      },
    });
    const body = (await response.json()) as { data: { products: { products: CatalogProduct[] } } };
    products.push(...body.data.products.products);
  }
  return products;
}

const units = (sku: CatalogProduct['skus'][number]) => sku.stock.inStock + (sku.stock.static ?? 0);
const plentiful = (p: CatalogProduct) =>
  p.skus.length === 1 && units(p.skus[0]!) > 20 && p.skus[0]!.stock.oversellable === 0;
const fewLeft = (p: CatalogProduct) =>
  p.skus.length === 1 &&
  p.skus[0]!.stock.static === null &&
  p.skus[0]!.stock.oversellable === 0 &&
  units(p.skus[0]!) >= 2 &&
  units(p.skus[0]!) <= 5;
const withSizes = (p: CatalogProduct) => p.skus.length >= 2 && p.skus.every((sku) => units(sku) > 5);

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function addOnProductPage(page: Page, product: CatalogProduct, quantity = 1) {
  await page.goto(`/p/${product.alias}`);
  await expect(cartButton(page)).toBeVisible();
  if (quantity !== 1) await page.getByRole('spinbutton', { name: 'Antal' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
}

test.describe('cart with JavaScript', () => {
  test('adding on the product page shows the notice for 5 s, updates the count and the panel lists the item (sv)', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const product = (await catalog(page.request)).find(plentiful)!;
    await addOnProductPage(page, product, 2);

    await expect(page).toHaveURL(new RegExp(`/p/${product.alias}$`));
    const notice = page.locator('[data-cart-notice]');
    await expect(notice).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'har lagts i varukorgen' })).toContainText(
      `${product.name} (2 st,`,
    );
    await expect(notice).toContainText('Tillagd i varukorgen');
    await expect(page.getByRole('status', { name: 'Varukorg, 2 varor' })).toBeVisible();
    await expect(notice).toBeHidden({ timeout: 7000 });

    await openCartPanel(page);
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Varor i varukorgen' }).getByRole('listitem')).toHaveCount(1);
    await expect(panel.getByRole('spinbutton', { name: `Antal av ${product.name}` })).toHaveValue('2');
    await expect(panel.getByRole('link', { name: 'Till kassan' })).toHaveAttribute('href', '/kassan');
    await expectNoAxeViolations(page);

    await panel.getByRole('button', { name: `Öka antalet av ${product.name}` }).click();
    await expect(page.getByRole('status', { name: 'Varukorg, 3 varor' })).toBeVisible();
    await panel.getByRole('button', { name: `Ta bort ${product.name}` }).click();
    await expect(panel.getByText('Varukorgen är tom')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a list card adds its product without leaving the list', async ({ page }) => {
    await page.goto('/');
    await expect(cartButton(page)).toBeVisible();
    const card = page
      .locator('article.product-card')
      .filter({ has: page.getByRole('button', { name: /^Köp / }) })
      .first();
    const buy = card.getByRole('button', { name: /^Köp / });
    const name = (await card.getAttribute('data-item-name'))!;
    await expect(buy).toHaveAccessibleName(`Köp ${name}`);
    await buy.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-cart-notice]')).toContainText(name);
    await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
  });

  test('promo codes in the panel: an invalid one is refused, VALKOMMEN10 becomes active and can be removed (en)', async ({
    page,
  }) => {
    const product = (await catalog(page.request, 'en-US')).find(plentiful)!;
    await page.goto(`/en/p/${product.alias}`);
    await expect(cartButton(page)).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Cart, 1 item' })).toBeVisible();

    await openCartPanel(page);
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await panel.getByRole('textbox', { name: 'Promo code' }).fill('NOSUCHCODE');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel.getByRole('alert')).toHaveText('The code is not valid');
    await expect(panel.getByRole('textbox', { name: 'Promo code' })).toHaveAttribute('aria-invalid', 'true');

    await panel.getByRole('textbox', { name: 'Promo code' }).fill('valkommen10');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel.getByText('The promo code VALKOMMEN10 is active')).toBeVisible();
    await expect(panel.locator('[data-row="discount"]')).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Remove the promo code' }).click();
    await expect(panel.getByRole('textbox', { name: 'Promo code' })).toBeVisible();
  });

  test('a gift card in the panel says what it pays and what is left, keeps the VAT and can be removed (sv)', async ({
    page,
  }) => {
    const product = (await catalog(page.request)).find(plentiful)!;
    await addOnProductPage(page, product);
    await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
    await openCartPanel(page);
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('present-500');
    await panel.getByRole('button', { name: 'Använd' }).click();
    // A gift card is payment: its own words, never 'Rabattkoden … är aktiv', and the VAT is the sale's.
    await expect(panel.getByText(/^Presentkort PRESENT-500 betalar .+ kvar på kortet efter köpet$/)).toBeVisible();
    await expect(panel.getByText('Rabattkoden PRESENT-500')).toHaveCount(0);
    await expect(panel.locator('[data-row="balance"] dt')).toHaveText('Saldo och presentkort');
    await expect(panel.locator('[data-row="vat"] dd')).not.toHaveText(/^0\skr$/);
    await expect(panel.locator('[data-row="toPay"] dd')).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Ta bort presentkortet' }).click();
    await expect(panel.getByRole('textbox', { name: 'Rabattkod' })).toBeVisible();
    await expect(panel.locator('[data-row="balance"]')).toHaveCount(0);
  });

  test("the Swedish invalid code message is 'Koden är ej giltig'", async ({ page }) => {
    const product = (await catalog(page.request)).find(plentiful)!;
    await addOnProductPage(page, product);
    await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
    await openCartPanel(page);
    const panel = page.getByRole('dialog', { name: 'Varukorg' });
    await panel.getByRole('textbox', { name: 'Rabattkod' }).fill('SOMMAR2024');
    await panel.getByRole('button', { name: 'Använd' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Koden är ej giltig');
  });

  test('more than the stock shows the message of spec §5 next to the button, and nothing is added', async ({
    page,
  }) => {
    const product = (await catalog(page.request)).find(fewLeft)!;
    const stock = units(product.skus[0]!);
    await addOnProductPage(page, product, stock + 1);
    await expect(page.locator('.buy-form').getByRole('alert')).toHaveText(
      `Du kan tyvärr inte lägga fler i varukorgen. Endast ${stock} kvar på lager`,
    );
    await expect(page.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();
  });

  test("a product with sizes needs one first: 'Du måste välja storlek först' next to the button", async ({ page }) => {
    const product = (await catalog(page.request)).find(withSizes)!;
    await addOnProductPage(page, product);
    await expect(page.locator('.buy-form').getByRole('alert')).toHaveText('Du måste välja storlek först');
    await expect(page.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();

    await page.getByRole('radio').first().check();
    await expect(page.locator('.buy-form').getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
  });

  test('adding in one tab updates the count and the open panel in another tab without a reload', async ({
    context,
  }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    const products = (await catalog(first.request)).filter(plentiful);
    await second.goto('/');
    await expect(cartButton(second)).toBeVisible();
    await expect(second.getByRole('status', { name: 'Varukorgen är tom' })).toBeVisible();

    await addOnProductPage(first, products[0]!);
    await expect(first.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();
    await expect(second.getByRole('status', { name: 'Varukorg, 1 vara' })).toBeVisible();

    await cartButton(second).click();
    const panel = second.getByRole('dialog', { name: 'Varukorg' });
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await addOnProductPage(first, products[1]!);
    await expect(panel.getByRole('list', { name: 'Varor i varukorgen' }).getByRole('listitem')).toHaveCount(2);
    await expect(second.getByRole('status', { name: 'Varukorg, 2 varor' })).toBeVisible();
  });
});

test.describe('cart without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('add, change the quantity, use a promo code, remove, and go on to the checkout', async ({ page }) => {
    const [first, second] = (await catalog(page.request)).filter(plentiful);
    await page.goto(`/p/${first!.alias}`);
    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'har lagts i varukorgen' })).toContainText(first!.name);
    await page.goto(`/p/${second!.alias}`);
    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Varukorg, 2 varor' })).toBeVisible();

    // The header's cart is a link to the checkout, which lists the cart with its forms.
    await page.locator('a.cart-link').click();
    await expect(page).toHaveURL(/\/kassan$/);
    const cart = page.locator('[data-cart-view]');
    await cart.getByRole('spinbutton', { name: `Antal av ${first!.name}` }).fill('3');
    await cart.getByRole('button', { name: `Uppdatera antal ${first!.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Antalet av ${first!.name} är nu 3` })).toBeVisible();
    await expect(cart.getByRole('spinbutton', { name: `Antal av ${first!.name}` })).toHaveValue('3');

    await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('FINNSINTE');
    await cart.getByRole('button', { name: 'Använd' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Koden är ej giltig' })).toBeVisible();
    await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('VALKOMMEN10');
    await cart.getByRole('button', { name: 'Använd' }).click();
    await expect(cart.getByText('Rabattkoden VALKOMMEN10 är aktiv')).toBeVisible();
    await cart.getByRole('button', { name: 'Ta bort rabattkoden' }).click();
    await expect(cart.getByRole('textbox', { name: 'Rabattkod' })).toBeVisible();

    await cart.getByRole('button', { name: `Ta bort ${second!.name}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${second!.name} har tagits bort ur varukorgen` }),
    ).toBeVisible();
    await expect(cart.getByRole('listitem')).toHaveCount(1);
    // The checkout has no header cart (undistracted); back in the shop, the header counts what is left.
    await page.getByRole('link', { name: 'Fortsätt handla' }).click();
    await expect(page.getByRole('status', { name: 'Varukorg, 3 varor' })).toBeVisible();
  });

  test('a gift card on the checkout page: its own notice and words, and a remove button that works', async ({
    page,
  }) => {
    const [product] = (await catalog(page.request)).filter(plentiful);
    await page.goto(`/p/${product!.alias}`);
    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    await page.goto('/kassan');
    const cart = page.locator('[data-cart-view]');
    await cart.getByRole('textbox', { name: 'Rabattkod' }).fill('PRESENT-500');
    await cart.getByRole('button', { name: 'Använd' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Presentkortet PRESENT-500 används som betalning' }),
    ).toBeVisible();
    await expect(cart.getByText(/^Presentkort PRESENT-500 betalar .+ kvar på kortet efter köpet$/)).toBeVisible();
    await expect(cart.locator('[data-row="vat"] dd')).not.toHaveText(/^0\skr$/);
    await cart.getByRole('button', { name: 'Ta bort presentkortet' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Presentkortet har tagits bort' })).toBeVisible();
    await expect(cart.getByRole('textbox', { name: 'Rabattkod' })).toBeVisible();
  });

  test("the shared link gives another browser a copy of the items, never the sharer's cart or details", async ({
    page,
    browser,
    baseURL,
  }) => {
    const [product, own] = (await catalog(page.request)).filter(plentiful);
    await page.goto(`/p/${product!.alias}`);
    await page.getByRole('button', { name: 'Lägg i varukorgen', exact: true }).click();
    const cartId = (await page.context().cookies()).find((cookie) => cookie.name === 'ralph-cart')!.value;
    // The sharer has saved their details at the checkout (its plain form).
    const saved = await page.request.post('/api/checkout', {
      form: {
        redirect: '/kassan',
        intent: 'save',
        customerType: 'PERSON',
        email: 'delare@example.com',
        firstName: 'Dela',
        lastName: 'Delasson',
        addressLine1: 'Delargatan 7',
        zip: '114 55',
        city: 'Stockholm',
        country: 'SE',
      },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(303);
    // The link the checkout shows is a signed snapshot: the cart's id, its only credential, is not in it.
    await page.goto('/kassan');
    const link = await page.getByRole('textbox', { name: 'Länk till varukorgen' }).inputValue();
    expect(link).toMatch(/\/api\/cart\/share\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(link).not.toContain(cartId);

    // A visitor whose own cart holds another product.
    const other = await browser.newContext({ javaScriptEnabled: false });
    const added = await other.request.post('/api/cart/add', {
      form: { productId: String(own!.productId), quantity: '1', redirect: '/' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    const visitor = await other.newPage();
    await visitor.goto(link);
    await expect(visitor).toHaveURL(/\/kassan$/);
    await expect(
      visitor.getByRole('status').filter({ hasText: 'Varorna i den delade varukorgen har lagts i din varukorg' }),
    ).toBeVisible();
    const main = visitor.getByRole('main');
    await expect(main).toContainText(product!.name);
    await expect(main).toContainText(own!.name);
    expect(await visitor.content()).not.toMatch(/delare@example\.com|Delargatan|Delasson/);
    expect((await other.cookies()).find((cookie) => cookie.name === 'ralph-cart')?.value).not.toBe(cartId);
    await other.close();

    // The sharer's cart is as it was: one item, their own details.
    await page.goto('/kassan');
    await expect(page.getByRole('textbox', { name: 'E-post' })).toHaveValue('delare@example.com');
    await expect(page.getByRole('main')).not.toContainText(own!.name);
  });
});
