// Issue 27 in a browser: the back office on `npm run dev`, where /admin signs in the local owner. A staff
// journey with and without JavaScript (the back office is plain forms: both must work the same), and axe on
// every back-office page.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { customerWithOrder, registeredCustomer } from './my-pages-helpers';
import { expectNoAxeViolations } from './axe';

/** Pilot G-Tec-C4 Gelpenna 0,4 mm blå (product 630 of the seed). */
const PRODUCT = { alias: 'pilot-g-tec-c4-gelpenna-0-4-mm-bla-630', name: 'Pilot G-Tec-C4 Gelpenna 0,4 mm blå' };

/** A logged-in customer's review of the product, sent with the product page's own form; its text. */
async function customerReview(page: Page, baseURL: string, what: string): Promise<string> {
  await registeredCustomer(page, baseURL, what);
  const comment = `Tunn linje som håller hela dagen (${what} ${Date.now()}).`;
  const sent = await page.request.post('/api/reviews', {
    form: { alias: PRODUCT.alias, page: `/p/${PRODUCT.alias}`, rating: '5', author: 'Karin L.', comment },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);
  await page.context().clearCookies();
  return comment;
}

/** What the journey reads, in the staff member's language: the browser's English, or Swedish once chosen. */
const TEXT = {
  en: {
    signedIn: 'Signed in as owner@localhost (owner)',
    nav: 'Back office',
    reviews: 'Reviews',
    queue: 'Reviews to moderate',
    next: 'Next',
    accept: 'Accept',
    accepted: 'The review is accepted and shows on the product page.',
  },
  sv: {
    signedIn: 'Inloggad som owner@localhost (ägare)',
    nav: 'Administration',
    reviews: 'Recensioner',
    queue: 'Recensioner att granska',
    next: 'Nästa',
    accept: 'Godkänn',
    accepted: 'Recensionen är godkänd och syns på produktsidan.',
  },
} as const;

for (const [javaScriptEnabled, language] of [
  [true, 'en'],
  [false, 'sv'],
] as const) {
  test.describe(`the back office ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    const text = TEXT[language];

    test(`staff accept a customer’s review and it shows on the product page (${language})`, async ({
      page,
      baseURL,
    }) => {
      const comment = await customerReview(page, baseURL!, javaScriptEnabled ? 'admin-js' : 'admin-nojs');
      await page.goto(`/p/${PRODUCT.alias}`);
      await expect(page.getByText(comment)).toHaveCount(0);

      await page.goto('/admin');
      if (language === 'sv') {
        // The browser asks for English: the staff member chooses Swedish, and it stays chosen.
        await page.getByLabel('Language').selectOption('sv');
        await page.getByRole('button', { name: 'Change language' }).click();
      }
      await expect(page.getByText(text.signedIn)).toBeVisible();
      await page.getByRole('navigation', { name: text.nav }).getByRole('link', { name: text.reviews }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(text.queue);
      // The newest review is on the last page: the queue is first come, first served.
      const next = page.getByRole('link', { name: text.next });
      while ((await next.count()) > 0) await next.click();
      const review = page.getByRole('article').filter({ hasText: comment });
      await expect(review.getByRole('heading', { name: PRODUCT.name })).toBeVisible();
      await review.getByRole('button', { name: text.accept }).click();
      await expect(page.getByRole('status')).toHaveText(text.accepted);
      await expect(page.getByText(comment)).toHaveCount(0);

      await page.goto(`/p/${PRODUCT.alias}`);
      await expect(page.getByText(comment)).toBeVisible();
    });
  });
}

/** Products no other journey uses: their stock is set to 0 and back. */
const QUIET_PRODUCTS = {
  true: { id: 1198, name: 'Lipton Earl Grey Te 25 påsar' },
  false: { id: 429, name: 'Lipton Earl Grey Te 50 påsar' },
} as const;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`stock ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('staff set a product’s stock to 0 and the product page says "Slut i lager"', async ({ page }) => {
      const product = QUIET_PRODUCTS[`${javaScriptEnabled}`];
      await page.goto('/admin');
      await page.getByLabel('Language').selectOption('sv');
      await page.getByRole('button', { name: 'Change language' }).click();
      await page.getByRole('link', { name: 'Lager och priser' }).click();
      await page.getByLabel('Sök produkt').fill(product.name);
      await page.getByRole('button', { name: 'Sök' }).click();
      await page.getByRole('link', { name: product.name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
      const stock = page.getByRole('region', { name: 'Lager per artikel' }).getByRole('spinbutton');
      const before = await stock.inputValue();
      expect(Number(before)).toBeGreaterThan(0);
      try {
        await stock.fill('0');
        await page.getByRole('button', { name: 'Spara lager' }).click();
        await expect(page.getByRole('status')).toHaveText('Lagret är sparat.');
        await page.getByRole('link', { name: 'Visa i butiken' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
        await expect(page.getByText('Slut i lager').first()).toBeVisible();
      } finally {
        await page.goto(`/admin/products/${product.id}`);
        await page.getByRole('region', { name: 'Lager per artikel' }).getByRole('spinbutton').fill(before);
        await page.getByRole('button', { name: 'Spara lager' }).click();
        await expect(page.getByRole('status')).toHaveText('Lagret är sparat.');
      }
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`logging in as a customer ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('staff log in as a customer, see the banner on every page, and end it', async ({ page, browser, baseURL }) => {
      const shopper = await browser.newContext({ baseURL });
      const email = await registeredCustomer(await shopper.newPage(), baseURL!, 'admin-as');
      await shopper.close();

      await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
      await page.getByRole('link', { name: email }).click();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Log in as the customer' }).click();
      await expect(page).toHaveURL(/\/mina-sidor\/ordrar$/);
      const banner = page.getByRole('region', { name: 'Inloggad som kund' });
      await expect(banner).toContainText(`Du är inloggad som ${email} (personal: owner@localhost).`);
      await page.goto(`/p/${PRODUCT.alias}`);
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: 'Avsluta' }).click();
      await expect(page.getByRole('status')).toHaveText('You are no longer logged in as the customer.');
      await page.goto('/mina-sidor/ordrar');
      await expect(page.getByRole('region', { name: 'Inloggad som kund' })).toHaveCount(0);
    });
  });
}

/** A valid EAN-13 no other run has used (the 20-29 range is the shop's own, for articles without a GS1 number). */
function freshGtin(): string {
  const digits = `2${String(Date.now()).slice(-9)}${Math.floor(Math.random() * 100)
    .toString()
    .padStart(2, '0')}`;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`catalog import ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('a CSV of two products with one bad row is refused, fixed, applied and found in search', async ({ page }) => {
      const run = `${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`;
      const [first, second] = [freshGtin(), freshGtin()];
      // Sold since 2020, so the test's products (without images) are not the newest on the journeys that
      // run beside this one, whose start page and lists show the newest first.
      const header = 'product;sku;gtin;name;brand;category;stock;price_SEK;published;available_from';
      const rowA = `E2E-${run}-A;E2E-${run}-A1;${first};Testimport Akvamarin ${run};Pilot;kulspetspennor;25;39,90;ja;2020-01-01`;
      const rowB = (gtin: string) =>
        `E2E-${run}-B;E2E-${run}-B1;${gtin};Testimport Bergkristall ${run};Pilot;kulspetspennor;8;44;ja;2020-01-01`;
      const file = (rows: string[]) => ({
        name: 'produkter.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([header, ...rows].join('\n')),
      });
      await page.goto('/admin');
      await page.getByLabel('Language').selectOption('sv');
      await page.getByRole('button', { name: 'Change language' }).click();
      await page.getByRole('link', { name: 'Import' }).click();
      await page.getByLabel('Fil (CSV eller JSON)').setInputFiles(file([rowA, rowB('1234567890123')]));
      await page.getByRole('button', { name: 'Kontrollera filen' }).click();
      const problems = page.getByRole('alert');
      await expect(problems).toContainText('Rad 3: EAN 1234567890123 är inte ett giltigt EAN-13');
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.getByLabel('Fil (CSV eller JSON)').setInputFiles(file([rowA, rowB(second)]));
      await page.getByRole('button', { name: 'Kontrollera filen' }).click();
      await expect(page.getByRole('status')).toHaveText('Filen är kontrollerad utan fel.');
      await expect(page.getByText('2 artiklar i 2 produkter, varav 2 nya produkter och 2 nya artiklar.')).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Tillämpa importen' }).click();
      // The queue applies it in a moment; the page reloads itself until it is done (a meta refresh, which
      // a browser follows without JavaScript too).
      await expect(page.getByRole('heading', { name: 'Klar' })).toBeVisible({ timeout: 15_000 });
      await page.goto(`/s/testimport%20${run}`);
      await expect(page.getByText(`Testimport Akvamarin ${run}`)).toBeVisible();
      await expect(page.getByText(`Testimport Bergkristall ${run}`)).toBeVisible();
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`staff find an order, move it on, and the customer sees it on my pages and in the mailbox (${javaScriptEnabled ? 'with' : 'no'} JavaScript)`, async ({
    browser,
    baseURL,
  }) => {
    // The customer in a browser of their own; staff in this one, without JavaScript.
    const shopper = await browser.newContext({ baseURL });
    const customer = await shopper.newPage();
    const number = await customerWithOrder(customer, baseURL!, javaScriptEnabled ? 'admin-order-js' : 'admin-order');
    const staff = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'sv-SE' });
    const page = await staff.newPage();
    try {
      await page.goto('/admin');
      await page.getByRole('link', { name: 'Ordrar att behandla' }).click();
      await page.getByLabel('Sök').fill(number);
      await page.getByRole('button', { name: 'Visa' }).click();
      await page.getByRole('link', { name: number, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`);
      await expect(page.getByText('Pilot G-Tec-C4 Gelpenna 0,4 mm blå')).toBeVisible();

      await page.getByLabel('Ny status').selectOption('PROCESSING');
      await page.getByRole('button', { name: 'Ändra status' }).click();
      await expect(page.getByRole('status')).toHaveText('Ordern har status Behandlas. Kunden får ett mejl.');
      await page.getByLabel('Ny status').selectOption('COMPLETED');
      await page.getByLabel('Spårningslänk').fill('https://tracking.postnord.com/se/?id=00370712345678901234');
      await page.getByRole('button', { name: 'Ändra status' }).click();
      await expect(page.getByRole('status')).toHaveText('Ordern har status Slutförd. Kunden får ett mejl.');

      await customer.goto('/mina-sidor/ordrar');
      await customer.getByText(`Order ${number}`).click();
      await expect(customer.getByText('Slutförd').first()).toBeVisible();
      await page.goto('/_dev/mailbox');
      await expect(page.getByText(`Din order ${number} är slutförd`).first()).toBeVisible();
      await expect(page.getByText(`Din order ${number} behandlas`).first()).toBeVisible();
    } finally {
      await shopper.close();
      await staff.close();
    }
  });
}

test('every back-office page passes axe, in English and Swedish', async ({ page, browser, baseURL }) => {
  const shopper = await browser.newContext({ baseURL });
  const number = await customerWithOrder(await shopper.newPage(), baseURL!, 'admin-axe');
  await shopper.close();
  for (const path of [
    '/admin',
    '/admin/orders',
    '/admin/products',
    '/admin/products/429',
    '/admin/import',
    '/admin/customers',
    '/admin/returns?state=all',
    '/admin/reviews',
    '/admin/mail?state=all',
    '/admin/staff',
    '/admin/api-keys',
    '/admin/audit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  // An order as staff see it.
  await page.goto(`/admin/orders/${number}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`);
  await expectNoAxeViolations(page);
  await page.getByLabel('Language').selectOption('sv');
  await page.getByRole('button', { name: 'Change language' }).click();
  await expect(page.getByRole('link', { name: 'Alla ordrar' })).toBeVisible();
  await expect(page.getByText('Inloggad som owner@localhost (ägare)')).toBeVisible();
  await expectNoAxeViolations(page);
});
