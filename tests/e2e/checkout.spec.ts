// The checkout as shoppers use it (issue 6): a guest buying by invoice in Swedish, a business buying by
// card in English in Denmark through the hosted payment page, the last unit in two tabs, the §5 messages
// with JavaScript, the page without JavaScript, and axe. Carts are filled through the shop's own form.
import { type APIRequestContext, type BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { fill, fillSwedishInvoice, hydrated, SWEDISH_PERSON } from './checkout-helpers';
import { expectNoAxeViolations } from './axe';

interface ApiSku {
  skuId: number;
  stock: { totalStock: number; inStock: number; oversellable: number; static: number | null };
}
interface ApiProduct {
  productId: number;
  name: string;
  skus: ApiSku[];
}

async function products(request: APIRequestContext, marketId: string): Promise<ApiProduct[]> {
  const response = await request.post('/graphql', {
    data: {
      query: `query($marketId: String) { products(take: 200, marketId: $marketId) {
        products { productId name skus { skuId stock { totalStock inStock oversellable static } } } } }`,
      variables: { marketId },
    },
  });
  return ((await response.json()) as { data: { products: { products: ApiProduct[] } } }).data.products.products;
}

/** A product with one sku and plenty in stock in the market. */
async function plainProduct(request: APIRequestContext, marketId = '1|se', skip = 0): Promise<ApiProduct> {
  const found = (await products(request, marketId)).filter(
    (p) => p.skus.length === 1 && p.skus[0]!.stock.inStock > 10 && !p.skus[0]!.stock.static,
  );
  return found[skip]!;
}

/** Puts the product in the context's cart through the shop's add-to-cart form endpoint. */
async function addToCart(context: BrowserContext, baseURL: string, productId: number, quantity = 1) {
  const response = await context.request.post('/api/cart/add', {
    form: { productId: String(productId), quantity: String(quantity), redirect: '/' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

async function useMarket(context: BrowserContext, baseURL: string, alias: string) {
  await context.addCookies(
    ['ralph-selected-market', 'ralph-checkout-market'].map((name) => ({ name, value: alias, url: baseURL })),
  );
}

test.describe('checkout with JavaScript', () => {
  test('a guest buys in Swedish kronor as Privatperson with invoice, and another tab sees the cart emptied', async ({
    page,
    context,
    baseURL,
  }) => {
    const product = await plainProduct(page.request);
    await addToCart(context, baseURL!, product.productId, 2);
    const otherTab = await context.newPage();
    await otherTab.goto('/');
    await expect(otherTab.locator('.cart-counter')).toHaveAttribute('data-count', '2');
    await page.bringToFront();

    const beginCheckout = page.waitForFunction(() =>
      (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.some(
        (entry) => entry.event === 'begin_checkout',
      ),
    );
    await page.goto('/kassan');
    await expect(page.getByRole('heading', { level: 1, name: 'Kassan' })).toBeVisible();
    await expect(page.getByText('Säker kassa')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Varor i varukorgen' })).toContainText(product.name);
    await expect(page.locator('[data-cart-view] [data-row="total"]')).toContainText('kr');
    await hydrated(page);
    await beginCheckout;

    await fillSwedishInvoice(page);
    // The zip brings the Swedish carriers with fee and delivery estimate.
    await expect(page.getByRole('radio', { name: /PostNord Ombud/ })).toBeChecked();
    await expect(page.getByText('Leverans inom 2–3 arbetsdagar')).toBeVisible();

    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm(\?orderId=[0-9a-f-]+&cartId=|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tack för din beställning');
    await expect(page.getByText(/Ordernummer/).first()).toBeVisible();
    // The order's ids leave the address bar (issue 24: no tag, history entry or shared link carries them),
    // and a reload of the bare address still shows the order.
    await expect(page).toHaveURL(/\/checkout\/confirm$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tack för din beställning');
    await otherTab.bringToFront();
    await expect(otherTab.locator('.cart-counter')).toHaveAttribute('data-count', '0');
  });

  test('a business in Denmark buys in English with a card through the hosted payment page', async ({
    page,
    context,
    baseURL,
  }) => {
    await useMarket(context, baseURL!, 'dk');
    const product = await plainProduct(page.request, '1|dk');
    await addToCart(context, baseURL!, product.productId);
    await page.goto('/en/checkout');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.locator('[data-cart-view] [data-row="total"]')).toContainText('kr');
    await expect(page.getByRole('radio', { name: 'Swish' })).toHaveCount(0);

    // The server switches every price to excluding VAT and shows the page again.
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('radio', { name: 'Business' }).check();
    await reloaded;
    await hydrated(page);
    await expect(page.getByText('Prices are shown excluding VAT')).toBeVisible();
    // A business sees the total excluding VAT, and what it pays including VAT.
    await expect(page.locator('[data-cart-view] [data-row="totalExVat"]')).toContainText('kr');
    await expect(page.locator('[data-cart-view] [data-row="toPay"]')).toContainText('kr');
    await fill(page, {
      Email: 'buyer@kontor.example.dk',
      'Mobile number': '20123456',
      'First name': 'Mette',
      'Last name': 'Hansen',
      'Company name': 'Kontor ApS',
      // Issue 14: the business buyer's VAT number (as typed, with spaces) and own reference.
      'VAT registration number (optional)': 'dk 1234 5678',
      'Your reference / PO number (optional)': 'PO-4711',
      'Street address': 'Vesterbrogade 1',
      Postcode: '1620',
      City: 'København',
    });
    await expect(page.getByRole('radio', { name: /GLS PakkeShop/ })).toBeChecked();
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Complete purchase' }).click();

    await expect(page).toHaveURL(/\/checkout\/pay\?orderId=|\/payments?\//);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/en\/checkout\/confirm(\?orderId=|$)/);
    await expect(page.getByText(/Order number/).first()).toBeVisible();
    const details = page.getByRole('region', { name: 'Order details' });
    await expect(details.getByRole('definition').filter({ hasText: 'PO-4711' })).toBeVisible();
    await expect(details.getByRole('definition').filter({ hasText: 'DK12345678' })).toBeVisible();
  });

  // Issue 25: the reference storefront (Geins' Ralph) on its own origin, as `npm run dev` allows it
  // (http://localhost:3000, another site than the shop's): its card option's snippet takes the shopper to
  // our checkout with its cart, and the paid order ends on its own confirm page.
  test('a shopper on the reference storefront pays by card through our checkout and is back on its confirm page', async ({
    page,
    context,
    baseURL,
  }) => {
    const RALPH = 'http://localhost:3000';
    const product = await plainProduct(page.request, '1|se', 3);
    await addToCart(context, baseURL!, product.productId);
    const cartId = (await context.cookies()).find((cookie) => cookie.name === 'ralph-cart')!.value;
    // The cart is the reference client's, not this browser's on our shop.
    await context.clearCookies();
    const checkout = await page.request.post('/graphql', {
      headers: { Origin: RALPH },
      data: {
        query: `mutation($cartId: String!) { createOrUpdateCheckout(cartId: $cartId, checkout: { paymentId: 1 },
          channelId: "1|se", languageId: "sv-SE", marketId: "se") { paymentOptions { id paymentType paymentData } } }`,
        variables: { cartId },
      },
    });
    const options = (
      (await checkout.json()) as {
        data: {
          createOrUpdateCheckout: { paymentOptions: { id: number; paymentType: string; paymentData: string }[] };
        };
      }
    ).data.createOrUpdateCheckout.paymentOptions;
    const card = options.find((option) => option.id === 1)!;
    expect(card.paymentType).toBe('KLARNA');
    await context.clearCookies();
    // Its checkout page shows the snippet where its address form would be (CaCheckoutExternal).
    await page.route(`${RALPH}/se/sv/kassan`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="sv"><title>Kassan</title><main><h1>Ralph</h1><div id="checkout-external">${card.paymentData}</div></main></html>`,
      }),
    );
    await page.goto(`${RALPH}/se/sv/kassan`);
    await page.getByRole('link', { name: 'Till kassan och betalningen' }).click();

    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/kassan$/);
    await expect(page.locator('[data-cart-view]')).toContainText(product.name);
    // The page's script has run (the link's navigation is committed before it loads).
    await page.waitForLoadState('load');
    await hydrated(page);
    await fill(page, SWEDISH_PERSON);
    await expect(page.getByRole('radio', { name: 'Kort' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Jag har läst och godkänner köpvillkoren' }).check();
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page).toHaveURL(/\/payments?\//);
    const confirm = page.waitForRequest((request) => request.url().startsWith(`${RALPH}/se/sv/checkout/confirm?`));
    await page.getByRole('button', { name: 'Godkänn betalningen' }).click();
    const back = new URL((await confirm).url());
    expect(back.searchParams.get('kid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(back.searchParams.get('cartid')).toBe(cartId);
  });

  test('the §5 messages show on blur and on submit, and a double click places one order', async ({
    page,
    context,
    baseURL,
  }) => {
    const product = await plainProduct(page.request, '1|se', 1);
    await addToCart(context, baseURL!, product.productId);
    await page.goto('/kassan');
    await hydrated(page);

    await page.getByRole('textbox', { name: 'E-post' }).fill('anna@');
    await page.getByRole('textbox', { name: 'Mobilnummer' }).focus();
    await expect(page.getByText('Du måste ange en giltig email')).toBeVisible();

    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByRole('alert')).toContainText('Se till att alla fält är korrekt ifyllda');
    await expect(page.getByText('Detta fält är obligatoriskt').first()).toBeVisible();
    await expect(page.getByText('Du måste godkänna köpvillkoren innan du slutför ditt köp')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-post' })).toBeFocused();
    await expect(page).toHaveURL(/\/kassan$/);
    await expectNoAxeViolations(page);

    await fillSwedishInvoice(page);
    await expect(page.getByText('Du måste ange en giltig email')).toBeHidden();
    await expect(page.getByRole('radio', { name: /PostNord Ombud/ })).toBeChecked();
    const placements: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.postData()?.includes('checkoutPlaceOrder'))
        placements.push(request.url());
    });
    await page.getByRole('button', { name: 'Slutför köp' }).dblclick();
    await expect(page).toHaveURL(/\/checkout\/confirm(\?orderId=|$)/);
    expect(placements).toHaveLength(1);
  });

  test('a zip no carrier serves says so, and another zip brings the carriers back', async ({
    page,
    context,
    baseURL,
  }) => {
    const product = await plainProduct(page.request);
    await addToCart(context, baseURL!, product.productId);
    await page.goto('/kassan');
    await hydrated(page);
    await expect(page.getByText('Ange ditt postnummer så visar vi fraktalternativen.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Postnummer' }).fill('0000');
    await expect(page.getByText('Hittade inga fraktalternativ för angivet postnummer')).toBeVisible();
    await page.getByRole('textbox', { name: 'Postnummer' }).fill('211 20');
    await expect(page.getByRole('radio', { name: /DHL Express/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Budbee/ })).toBeVisible();
    await page.getByRole('radio', { name: /DHL Express/ }).check();
    // The carrier's fee shows in the cart's summary and in the total to pay.
    await expect(page.locator('[data-cart-view] [data-row="shipping"] dd')).toHaveText(/^149\s*kr$/);
    const total = await page.locator('[data-cart-view] [data-row="total"] dd').innerText();
    await expect(page.locator('.checkout-finish__total')).toContainText(total);
    await expectNoAxeViolations(page);
  });

  test('the last unit bought in two tabs: one order, and the other gets the out-of-stock message with its cart intact', async ({
    browser,
    baseURL,
  }) => {
    const first = await browser.newContext();
    const second = await browser.newContext();
    const all = await products(first.request, '1|se');
    const last = all.find(
      (p) =>
        p.skus.length === 1 &&
        p.skus[0]!.stock.inStock === 1 &&
        p.skus[0]!.stock.oversellable === 0 &&
        !p.skus[0]!.stock.static,
    );
    expect(last, 'the seed has a product with one unit left').toBeTruthy();
    await addToCart(first, baseURL!, last!.productId);
    await addToCart(second, baseURL!, last!.productId);
    const [tabA, tabB] = [await first.newPage(), await second.newPage()];
    for (const tab of [tabA, tabB]) {
      await tab.goto('/kassan');
      await hydrated(tab);
      await fillSwedishInvoice(tab);
      await expect(tab.getByRole('radio', { name: /PostNord Ombud/ })).toBeChecked();
    }
    await tabA.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(tabA).toHaveURL(/\/checkout\/confirm(\?orderId=|$)/);

    await tabB.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(tabB.getByRole('alert')).toContainText('finns tyvärr inte i lager i den mängd du valt');
    await expect(tabB).toHaveURL(/\/kassan$/);
    await tabB.reload();
    await expect(tabB.getByRole('list', { name: 'Varor i varukorgen' })).toContainText(last!.name);
    await first.close();
    await second.close();
  });

  test('the checkout and its empty state have no axe violations', async ({ page, context, baseURL }) => {
    await page.goto('/kassan');
    await expect(page.getByRole('heading', { name: 'Din varukorg är tom' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Börja handla' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);

    const product = await plainProduct(page.request);
    await addToCart(context, baseURL!, product.productId);
    await page.goto('/kassan');
    await hydrated(page);
    await page.getByRole('radio', { name: 'Faktura' }).check();
    await page.getByRole('checkbox', { name: 'Leverera till en annan adress' }).check();
    await expectNoAxeViolations(page);
  });
});

test.describe('checkout without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest gets the carriers for the zip, the §5 messages, and then places an invoice order', async ({
    page,
    context,
    baseURL,
  }) => {
    const product = await plainProduct(page.request);
    await addToCart(context, baseURL!, product.productId);
    await page.goto('/kassan');
    await fill(page, { Postnummer: '114 55' });
    await page.getByRole('button', { name: 'Spara och visa fraktalternativ' }).click();
    await expect(page.getByRole('radio', { name: /PostNord Ombud/ })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Postnummer' })).toHaveValue('114 55');

    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page.getByRole('alert')).toContainText('Se till att alla fält är korrekt ifyllda');
    await expect(page.getByText('Du måste godkänna köpvillkoren innan du slutför ditt köp')).toBeVisible();

    await fillSwedishInvoice(page);
    await page.getByRole('button', { name: 'Slutför köp' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirm(\?orderId=|$)/);
    await expect(page.getByText(/Ordernummer/).first()).toBeVisible();
  });
});
