// What a shopper types, autofills, pastes, ticks or picks before an island (or a form's script) wakes stays
// as they left it, with the focus and caret where they were (islands wake on intent: client/browser/islands.ts).
// Each test runs at a 4× CPU slowdown, as a mid-range phone, from the page's load until the island has woken
// and the shopper's last key or click (a throttled page keeps a core busy: the checks after that run at full
// speed). "Before waking" is made
// certain by holding the script back until the fields are filled; "from the first moment" is a shopper typing
// at 120 ms a key right after clicking into a field, while the island wakes on its own.
import { type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Holds back the scripts whose file name matches until `release` is called (the island cannot wake before). */
async function holdScript(page: Page, name: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => name.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** A product with one sku and plenty in stock, put in the context's cart through the shop's own form. */
async function cartWithProduct(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  const response = await request.post('/graphql', {
    data: {
      query: `query($marketId: String) { products(take: 100, marketId: $marketId) {
        products { productId skus { stock { inStock static } } } } }`,
      variables: { marketId: '1|se' },
    },
  });
  type Found = { productId: number; skus: { stock: { inStock: number; static: number | null } }[] };
  const found = ((await response.json()) as { data: { products: { products: Found[] } } }).data.products.products;
  const product = found.find((p) => p.skus.length === 1 && p.skus[0]!.stock.inStock > 10 && !p.skus[0]!.stock.static);
  const added = await context.request.post('/api/cart/add', {
    form: { productId: String(product!.productId), quantity: '1', redirect: '/' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
}

/** The caret (selection start and end) of a field. */
function caretOf(field: Locator): Promise<[number | null, number | null]> {
  return field.evaluate((element: HTMLInputElement) => [element.selectionStart, element.selectionEnd]);
}

/** Sets values at once, as a browser's autofill or a password manager does: no keys, one input event each. */
async function autofill(page: Page, fields: Record<string, string>) {
  await page.evaluate((values) => {
    for (const [id, value] of Object.entries(values)) {
      const field = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, fields);
}

const checkoutIsland = '[data-island="Checkout"]';

test.describe('what is typed before an island wakes is kept', () => {
  test('checkout: details filled while the island is still asleep are all there once it has woken', async ({
    page,
    context,
    baseURL,
    cpuSlowdown,
  }) => {
    await cartWithProduct(context, page.request, baseURL!);
    const release = await holdScript(page, /chunk-hydrate-/);
    await cpuSlowdown(4);
    await page.goto('/kassan');
    await page.getByRole('textbox', { name: 'E-post', exact: true }).fill('anna.svensson@example.com');
    await page.getByRole('textbox', { name: 'Mobilnummer', exact: true }).fill('0701234567');
    await autofill(page, {
      'checkout-firstName': 'Anna',
      'checkout-lastName': 'Svensson',
      'checkout-addressLine1': 'Storgatan 1',
      'checkout-zip': '114 55',
      'checkout-city': 'Stockholm',
    });
    await page.getByRole('textbox', { name: 'Meddelande till oss (valfritt)' }).fill('Lämna vid dörren');
    // A choice set by a password manager or a form filler (no click), and a box the shopper ticks.
    await page.getByRole('radio', { name: 'Faktura' }).evaluate((radio: HTMLInputElement) => {
      radio.checked = true;
      radio.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.getByRole('textbox', { name: 'Personnummer' }).fill('811218-9876');
    const terms = page.getByRole('checkbox', { name: 'Jag har läst och godkänner köpvillkoren' });
    await terms.click();
    const phone = page.getByRole('textbox', { name: 'Mobilnummer', exact: true });
    await phone.focus();
    await phone.evaluate((field: HTMLInputElement) => field.setSelectionRange(3, 5));
    release();

    await expect(page.locator(`${checkoutIsland}[data-hydrated]`)).toBeAttached();
    // The island knows them: the zip brings the Swedish carriers (a new render of the whole form, which
    // leaves every field as the shopper left it).
    await expect(page.getByRole('radio', { name: /PostNord Ombud/ })).toBeChecked();
    await cpuSlowdown(1);
    await expect(phone).toBeFocused();
    expect(await caretOf(phone)).toEqual([3, 5]);
    await expect(page.getByRole('radio', { name: 'Faktura' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Personnummer' })).toHaveValue('811218-9876');
    await expect(terms).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'E-post', exact: true })).toHaveValue('anna.svensson@example.com');
    await expect(phone).toHaveValue('0701234567');
    await expect(page.getByRole('textbox', { name: 'Förnamn', exact: true })).toHaveValue('Anna');
    await expect(page.getByRole('textbox', { name: 'Efternamn', exact: true })).toHaveValue('Svensson');
    await expect(page.getByRole('textbox', { name: 'Gatuadress', exact: true })).toHaveValue('Storgatan 1');
    await expect(page.getByRole('textbox', { name: 'Postnummer', exact: true })).toHaveValue('114 55');
    await expect(page.getByRole('textbox', { name: 'Ort', exact: true })).toHaveValue('Stockholm');
    await expect(page.getByRole('textbox', { name: 'Meddelande till oss (valfritt)' })).toHaveValue('Lämna vid dörren');
  });

  test('checkout: an e-mail typed from the moment the field is clicked keeps its first letter', async ({
    page,
    context,
    baseURL,
    cpuSlowdown,
  }) => {
    await cartWithProduct(context, page.request, baseURL!);
    const release = await holdScript(page, /chunk-hydrate-/);
    await cpuSlowdown(4);
    await page.goto('/kassan');
    await page.waitForLoadState('load');
    const email = page.getByRole('textbox', { name: 'E-post', exact: true });
    await email.click();
    // The first key lands before React (as on a phone), the others once the island has woken.
    await page.keyboard.type('a');
    release();
    await expect(page.locator(`${checkoutIsland}[data-hydrated]`)).toBeAttached();
    await page.keyboard.type('nna@example.se', { delay: 120 });
    await expect(email).toHaveValue('anna@example.se');
    await expect(email).toBeFocused();
    // Leaving the field checks it with the island's own rules (a new render of the field): it stays whole.
    await page.keyboard.press('Tab');
    await expect(page.getByText('Du måste ange en giltig email')).toHaveCount(0);
    await expect(email).toHaveValue('anna@example.se');
  });

  test('checkout: a phone number typed from the first moment, with React on its own time, is kept whole', async ({
    page,
    context,
    baseURL,
    cpuSlowdown,
  }) => {
    await cartWithProduct(context, page.request, baseURL!);
    await cpuSlowdown(4);
    await page.goto('/kassan');
    await page.waitForLoadState('load');
    const phone = page.getByRole('textbox', { name: 'Mobilnummer', exact: true });
    await phone.click();
    await page.keyboard.type('0701234567', { delay: 120 });
    await expect(page.locator(`${checkoutIsland}[data-hydrated]`)).toBeAttached();
    await cpuSlowdown(1);
    await expect(phone).toHaveValue('0701234567');
    await expect(phone).toBeFocused();
    expect(await caretOf(phone)).toEqual([10, 10]);
  });

  test('checkout: a name typed while the island hydrates keeps every letter and the caret at its end', async ({
    page,
    context,
    baseURL,
    cpuSlowdown,
  }) => {
    await cartWithProduct(context, page.request, baseURL!);
    const release = await holdScript(page, /chunk-hydrate-/);
    await cpuSlowdown(4);
    await page.goto('/kassan');
    await page.waitForLoadState('load');
    const firstName = page.getByRole('textbox', { name: 'Förnamn', exact: true });
    await firstName.click();
    const typing = page.keyboard.type('Anna-Karin', { delay: 120 });
    // React arrives after the fourth key, while the shopper goes on typing.
    await page.waitForTimeout(450);
    release();
    await typing;
    await expect(page.locator(`${checkoutIsland}[data-hydrated]`)).toBeAttached();
    await cpuSlowdown(1);
    await expect(firstName).toHaveValue('Anna-Karin');
    await expect(firstName).toBeFocused();
    expect(await caretOf(firstName)).toEqual([10, 10]);
  });

  test('checkout: words added before waking to the message the page came with are kept', async ({
    page,
    context,
    baseURL,
    cpuSlowdown,
  }) => {
    await cartWithProduct(context, page.request, baseURL!);
    // The message saved by the checkout's plain form comes back in the page (a textarea with server text).
    const saved = await context.request.post('/api/checkout', {
      form: { intent: 'save', redirect: '/kassan', customerType: 'PERSON', message: 'Ring på' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(303);
    const release = await holdScript(page, /chunk-hydrate-/);
    await cpuSlowdown(4);
    await page.goto('/kassan');
    const message = page.getByRole('textbox', { name: 'Meddelande till oss (valfritt)' });
    await expect(message).toHaveValue('Ring på');
    await message.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' porten', { delay: 120 });
    release();
    await expect(page.locator(`${checkoutIsland}[data-hydrated]`)).toBeAttached();
    await cpuSlowdown(1);
    await expect(message).toHaveValue('Ring på porten');
    await expect(message).toBeFocused();
    expect(await caretOf(message)).toEqual([14, 14]);
  });

  test('search box: a word typed from the first moment is kept whole and gets suggestions', async ({
    page,
    cpuSlowdown,
  }) => {
    await cpuSlowdown(4);
    await page.goto('/en');
    await page.waitForLoadState('load');
    const box = page.getByRole('search').locator('input[name="q"]');
    await box.click();
    await page.keyboard.type('stapler', { delay: 120 });
    await expect(page.locator('[data-island="SearchBox"][data-hydrated]')).toBeAttached();
    await cpuSlowdown(1);
    await expect(box).toHaveValue('stapler');
    await expect(box).toBeFocused();
    expect(await caretOf(box)).toEqual([7, 7]);
    await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
  });

  test('search box: a word pasted before the island wakes is kept and searched for', async ({ page, cpuSlowdown }) => {
    const release = await holdScript(page, /chunk-hydrate-/);
    await cpuSlowdown(4);
    await page.goto('/en');
    await page.waitForLoadState('load');
    const box = page.getByRole('search').locator('input[name="q"]');
    await box.fill('pen');
    release();
    // React's chunk, held until now, still has to load and run: seconds on a busy two-core machine.
    await expect(page.locator('[data-island="SearchBox"][data-hydrated]')).toBeAttached({ timeout: 15_000 });
    await expect(box).toHaveValue('pen');
    await expect(box).toBeFocused();
    await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
    // A key after waking continues the word: the island's value is the pasted one.
    await page.keyboard.type('s');
    await expect(box).toHaveValue('pens');
  });

  test('cart panel: a code typed as soon as its field shows is kept whole', async ({
    page,
    context,
    baseURL,
    cpuSlowdown,
  }) => {
    await cartWithProduct(context, page.request, baseURL!);
    await cpuSlowdown(4);
    await page.goto('/');
    await page.waitForLoadState('load');
    // The cart as the shopper sees it: the server's link, or the island's button when the pointer on its
    // way woke it first (Playwright moves the mouse, then presses: at 4x a cached React can hydrate between).
    await page.locator('[data-island="CartCounter"] .cart-link').click();
    const code = page.getByRole('dialog', { name: 'Varukorg' }).getByRole('textbox', { name: 'Rabattkod' });
    await code.click();
    await page.keyboard.type('SOMMAR10', { delay: 120 });
    await expect(page.locator('[data-island="CartCounter"][data-hydrated]')).toBeAttached();
    await cpuSlowdown(1);
    await expect(code).toHaveValue('SOMMAR10');
    await expect(code).toBeFocused();
    expect(await caretOf(code)).toEqual([8, 8]);
  });

  test('login panel: what is filled and typed before its script has loaded stays as it was', async ({
    page,
    cpuSlowdown,
  }) => {
    const release = await holdScript(page, /chunk-account-forms-/);
    await cpuSlowdown(4);
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: 'Logga in' }).click();
    const panel = page.getByRole('dialog', { name: 'Logga in' });
    const email = panel.getByRole('textbox', { name: 'E-post' });
    await email.fill('anna.svensson@example.com');
    const password = panel.getByLabel('Lösenord', { exact: true });
    await password.click();
    await page.keyboard.type('hemligt-lösen', { delay: 120 });
    const loaded = page.waitForResponse(/chunk-account-forms-/);
    release();
    await loaded;
    await expect(email).toHaveValue('anna.svensson@example.com');
    await expect(password).toHaveValue('hemligt-lösen');
    await expect(password).toBeFocused();
    expect(await caretOf(password)).toEqual([13, 13]);
  });

  test('list filters: prices typed before the list script has run stay in their fields', async ({
    page,
    cpuSlowdown,
  }) => {
    const release = await holdScript(page, /chunk-list-controls-/);
    await cpuSlowdown(4);
    await page.goto('/c/kulspetspennor');
    // The price filter opens from its heading.
    await page.locator('summary', { hasText: /^Pris$/ }).click();
    await page.getByRole('spinbutton', { name: 'Lägsta pris' }).fill('20');
    const highest = page.getByRole('spinbutton', { name: 'Högsta pris' });
    await highest.click();
    await page.keyboard.type('150', { delay: 120 });
    release();
    await expect(page.locator('html[data-list-enhanced]')).toBeAttached();
    await cpuSlowdown(1);
    await expect(page.getByRole('spinbutton', { name: 'Lägsta pris' })).toHaveValue('20');
    await expect(highest).toHaveValue('150');
    await expect(highest).toBeFocused();
  });
});
