// Spec §3 in a browser: the owner changes the shop's accent colour in the back office (/admin/theme, the
// local owner on `npm run dev`) and the shop's pages show it at once, with and without JavaScript; a value
// the theme does not take is refused with its reason. The default theme is restored after each test.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './axe';

// One theme for the whole shop: these tests change it one after another, never side by side.
test.describe.configure({ mode: 'serial' });

const headerColour = (page: Page) =>
  page.locator('header.site-header').evaluate((header) => getComputedStyle(header).backgroundColor);

/** The back office in Swedish, as the owner chose it (the browser's own language would be English). */
async function inSwedish(page: Page, baseURL: string) {
  const chosen = await page.request.post('/admin/language', {
    form: { language: 'sv', back: '/admin' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(chosen.status()).toBe(303);
}

async function restoreDefaultTheme(page: Page, baseURL: string) {
  await page.request.post('/admin/theme/reset', { headers: { Origin: baseURL }, maxRedirects: 0 });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the theme ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('the owner’s accent colour shows on the shop’s pages at once, and the default comes back', async ({
      page,
      baseURL,
    }) => {
      await inSwedish(page, baseURL!);
      try {
        await page.goto('/varumarken');
        // The stylesheet's own #fdd600.
        expect(await headerColour(page)).toBe('rgb(253, 214, 0)');

        await page.goto('/admin/theme');
        await expect(page.getByRole('heading', { level: 1, name: 'Tema' })).toBeVisible();
        // A light blue: the header's dark text keeps its contrast, so specs running beside this one (axe) pass.
        await page.getByRole('textbox', { name: 'Accentfärg (sidhuvud, knappar)' }).fill('#80d8ff');
        await page.getByRole('button', { name: 'Spara temat' }).click();
        await expect(page.getByRole('status')).toHaveText('Temat är sparat och syns i butiken.');
        await expect(page.getByRole('textbox', { name: 'Accentfärg (sidhuvud, knappar)' })).toHaveValue('#80d8ff');

        await page.goto('/varumarken');
        expect(await headerColour(page)).toBe('rgb(128, 216, 255)');
        await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#80d8ff');

        await page.goto('/admin/theme');
        await page.getByRole('button', { name: 'Återställ standardtemat' }).click();
        await expect(page.getByRole('status')).toHaveText('Standardtemat gäller igen.');
        await page.goto('/varumarken');
        expect(await headerColour(page)).toBe('rgb(253, 214, 0)');
      } finally {
        await restoreDefaultTheme(page, baseURL!);
      }
    });

    test('a colour the theme does not take is refused with its reason, and the shop is unchanged', async ({
      page,
      baseURL,
    }) => {
      await inSwedish(page, baseURL!);
      try {
        await page.goto('/admin/theme');
        const accent = page.getByRole('textbox', { name: 'Accentfärg (sidhuvud, knappar)' });
        await accent.fill('red;}body{display:none');
        await page.getByRole('button', { name: 'Spara temat' }).click();
        await expect(page.getByRole('textbox', { name: 'Accentfärg (sidhuvud, knappar)' })).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        await expect(page.getByText('ange en färg som #rrggbb, till exempel #fdd600. Inget sparades.')).toBeVisible();
        await page.goto('/varumarken');
        expect(await headerColour(page)).toBe('rgb(253, 214, 0)');
      } finally {
        await restoreDefaultTheme(page, baseURL!);
      }
    });
  });
}

test('the theme page has no axe violations', async ({ page }) => {
  await page.goto('/admin/theme');
  await expectNoAxeViolations(page);
});
