// The start page, content pages and the brands page in a browser: widget and campaign links lead to
// their lists in the visitor's language, the brands index jumps to a letter, axe finds nothing (the
// accessibility statement included), and the start page is complete without JavaScript.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './axe';

/** Every image on the page has loaded and has its size written in the HTML (no layout shift). */
async function expectImagesLoadedWithSize(page: Page) {
  const images = page.locator('main img');
  expect(await images.count()).toBeGreaterThan(0);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('width', /^\d+$/);
    await expect(image).toHaveAttribute('height', /^\d+$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

test.describe('start page', () => {
  test('a current campaign leads to its product list (sv)', async ({ page }) => {
    await page.goto('/');
    const campaigns = page.getByRole('region', { name: 'Aktuella kampanjer' });
    const first = campaigns.getByRole('listitem').first();
    const name = (await first.getByRole('heading').textContent())!;
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/dc\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.locator('article.product-card').first()).toBeVisible();
  });

  test('the banner and a category puff lead to English pages on the English start page', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('link', { name: 'Shop the sale' }).click();
    await expect(page).toHaveURL(/\/en\/dc\/vinterrea$/);
    await expect(page.getByRole('heading', { level: 1, name: /Winter sale/ })).toBeVisible();

    await page.goto('/en');
    await page.getByRole('region', { name: 'Popular categories' }).getByRole('link', { name: 'Filing' }).click();
    await expect(page).toHaveURL(/\/en\/c\/filing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Filing' })).toBeVisible();
  });

  test('the new items shelf links to the news page, and every picture loads with its size', async ({ page }) => {
    await page.goto('/');
    await expectImagesLoadedWithSize(page);
    await page
      .getByRole('region', { name: 'Nyheter', exact: true })
      .getByRole('link', { name: /Visa alla/ })
      .click();
    await expect(page).toHaveURL(/\/nyheter$/);
  });

  // Each width once, each language once: the two languages' start pages are one template with other words.
  for (const [path, width] of [
    ['/', 375],
    ['/en', 1360],
  ] as const) {
    test(`${path} has no WCAG 2.1 AA violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('start page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows banners, campaigns, category puffs and product shelves with working links', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Allt för kontoret' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vinterrea – upp till 30 % rabatt' })).toBeVisible();
    const campaigns = page.getByRole('region', { name: 'Aktuella kampanjer' });
    await expect(campaigns.getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Populära kategorier' }).getByRole('link')).toHaveCount(9);
    const shelf = page.getByRole('region', { name: 'Mest sålda' });
    await expect(shelf.locator('article.product-card')).toHaveCount(8);
    // No placeholder is left waiting for a script.
    await expect(page.locator('[role="status"].product-grid--loading')).toHaveCount(0);
    await page.getByRole('link', { name: 'Till vinterrean' }).click();
    await expect(page).toHaveURL(/\/dc\/vinterrea$/);
    await expect(page.locator('article.product-card').first()).toBeVisible();
  });
});

test.describe('brands page', () => {
  test('a letter jumps to its brands and a brand leads to its list (sv)', async ({ page }) => {
    await page.goto('/varumarken');
    await expect(page.getByRole('heading', { level: 1, name: 'Varumärken' })).toBeVisible();
    const letters = page.getByRole('navigation', { name: 'Varumärken efter begynnelsebokstav' });
    // A letter without brands is shown but is no link.
    await expect(letters.locator('.letter-nav__letter--empty', { hasText: /^Q/ })).toBeVisible();
    await expect(letters.getByRole('link', { name: 'Q', exact: true })).toHaveCount(0);

    await letters.getByRole('link', { name: 'P', exact: true }).click();
    await expect(page).toHaveURL(/#brands-p$/);
    const section = page.getByRole('region', { name: 'P', exact: true });
    await expect(section).toBeInViewport();
    await section.getByRole('link', { name: /^Pilot/ }).click();
    await expect(page).toHaveURL(/\/b\/pilot$/);
    await expect(page.getByRole('heading', { level: 1, name: /Pilot/ })).toBeVisible();
  });

  test('the English index leads to English brand lists', async ({ page }) => {
    await page.goto('/en/brands');
    const letters = page.getByRole('navigation', { name: 'Brands by first letter' });
    await letters.getByRole('link', { name: 'S', exact: true }).click();
    await expect(page).toHaveURL(/#brands-s$/);
    await page
      .getByRole('region', { name: 'S', exact: true })
      .getByRole('link', { name: /^Staedtler/ })
      .click();
    await expect(page).toHaveURL(/\/en\/b\/staedtler$/);
  });

  test('has no WCAG 2.1 AA violations on a phone and a desktop', async ({ page }) => {
    for (const width of [375, 1360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/varumarken');
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('content pages', () => {
  test('the terms page reads in Swedish and English, and its menu leads to the other pages', async ({ page }) => {
    await page.goto('/kopvillkor');
    await expect(page.getByRole('heading', { level: 1, name: 'Köpvillkor' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('14 dagars ångerrätt');
    const menu = page.getByRole('navigation', { name: 'Mer information' });
    await expect(menu.getByRole('link', { name: 'Köpvillkor' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Leveranser' }).click();
    await expect(page).toHaveURL(/\/leveranser$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leveranser' })).toBeVisible();

    await page.goto('/en/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('has no WCAG 2.1 AA violations, and neither has the widget preview', async ({ page }) => {
    for (const width of [375, 1360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/om-oss');
      await expectNoAxeViolations(page);
    }
    await page.goto('/preview-widgets');
    await expectNoAxeViolations(page);
  });

  test('the accessibility statement is reached from the footer and has no WCAG 2.1 AA violations', async ({ page }) => {
    // On a phone in Swedish, on a desktop in English (the content pages' template is tried at both widths
    // above).
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Tillgänglighetsredogörelse' }).click();
    await expect(page).toHaveURL(/\/tillganglighet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tillgänglighetsredogörelse' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('WCAG 2.1 på nivå AA');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.goto('/en/accessibility');
    await expect(page.getByRole('link', { name: 'kundservice@example.se' })).toHaveAttribute(
      'href',
      'mailto:kundservice@example.se',
    );
    await expectNoAxeViolations(page);
  });

  test('the widget preview switches area with its form', async ({ page }) => {
    await page.goto('/preview-widgets');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByLabel('Område').selectOption({ label: 'Leveranser' });
    await page.getByRole('button', { name: 'Visa' }).click();
    await expect(page).toHaveURL(/\/preview-widgets\?alias=leveranser$/);
    await expect(page.getByText('Text, hel bredd')).toBeVisible();
    await expect(page.getByRole('main')).toContainText('PostNord');
  });
});
