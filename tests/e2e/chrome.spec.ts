// The page chrome in a browser (issue 5 "Header and footer", "Search", "Analytics"): search suggestions
// by keyboard and the plain search form, the menu with and without JavaScript, the customer-type switch,
// the market and language picker, the loading bar, the analytics data layer, and axe on header and footer.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoAxeViolations } from './axe';

/** The page's data layer entries with an event name. */
function events(page: Page, name: string): Promise<Record<string, any>[]> {
  return page.evaluate((event) => (window.dataLayer ?? []).filter((entry) => entry.event === event), name);
}

test.describe('search box with JavaScript', () => {
  test('suggestions appear as you type and are chosen with the arrow keys and Enter (sv)', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Sök produkter' });
    await box.fill('gelpenna');
    const list = page.getByRole('listbox', { name: 'Sökförslag' });
    await expect(list).toBeVisible();
    const options = list.getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(2);
    await expect(box).toHaveAttribute('aria-expanded', 'true');

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    const first = options.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expect(box).toBeFocused();

    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('gelpenna');

    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const name = (await first.locator('.search-box__name').textContent())!;
    await box.press('Enter');
    await expect(page).toHaveURL(/\/p\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  });

  test('the last option searches for the text; the results page opens in English (en)', async ({ page }) => {
    await page.goto('/en');
    const box = page.getByRole('combobox', { name: 'Search products' });
    // The suggestions for the whole text have come (the list shows before them, for the text so far).
    const whole = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('"searchText":"gel pen"'),
    );
    await box.pressSequentially('gel pen', { delay: 30 });
    await whole;
    const all = page.getByRole('option', { name: 'Show all results for “gel pen”' });
    await expect(all).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /\d+ suggestions/ })).toHaveCount(1);
    await box.press('ArrowUp');
    await expect(all).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/s\/gel(%20| )pen$/);
  });

  test('a click on a suggestion opens the product in the page language', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('combobox', { name: 'Search products' }).pressSequentially('stapler', { delay: 30 });
    const option = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first();
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/en\/p\/[^/]+$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search box is a plain form that opens the results page', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Sök produkter' });
    await box.fill('penna');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/s\/penna$/);
  });

  test('the menu button opens the menu on a phone and a category leads to its list', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Meny' }).click();
    await expect(nav).toBeVisible();
    await nav.getByText('Skriva & rita', { exact: true }).click();
    await nav.getByRole('link', { name: 'Kulspetspennor' }).click();
    await expect(page).toHaveURL(/\/c\/kulspetspennor$/);
  });

  test('the customer-type switch works as a plain form', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('button', { name: 'Business' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.price__vat').first()).toHaveText('excl. VAT');
  });
});

test.describe('header and footer', () => {
  test('the customer-type switch changes every price to excluding VAT and back (en)', async ({ page }) => {
    await page.goto('/en');
    const card = page.locator('article.product-card').first();
    const id = await card.getAttribute('data-item-id');
    const sameCard = page.locator(`article.product-card[data-item-id="${id}"]`).first();
    const incVat = await sameCard.locator('.price').first().textContent();
    await expect(sameCard).toContainText('incl. VAT');

    await page.getByRole('group', { name: 'Show prices for' }).getByRole('button', { name: 'Business' }).click();
    await expect(page.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sameCard).toContainText('excl. VAT');
    const exVat = await sameCard.locator('.price').first().textContent();
    expect(exVat).not.toBe(incVat);
    await expect(page.getByText('incl. VAT', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Private' }).click();
    await expect(sameCard.locator('.price').first()).toHaveText(incVat!);
  });

  test('switching the market to Finland shows euro prices; to Denmark the page turns Danish', async ({ page }) => {
    await page.goto('/');
    const picker = page.locator('header details.picker');
    await picker.locator('summary').click();
    await picker.getByRole('link', { name: 'Finland (EUR)' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.locator('article.product-card .price').first()).toContainText('€');
    await expect(page.locator('header summary.picker__button')).toContainText('Finland');

    await picker.locator('summary').click();
    await picker.getByRole('link', { name: 'Danmark (DKK)' }).click();
    await expect(page).toHaveURL(/\/da$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    await expect(page.locator('article.product-card .price').first()).toContainText('kr');
    await expect(page.locator('footer')).toContainText('Fragt 39');
  });

  test('a market chosen in one tab shows in the other tab without the shopper reloading it (spec §4)', async ({
    page,
    context,
  }) => {
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.locator('article.product-card .price').first()).toContainText('kr');
    await page.goto('/');
    const picker = page.locator('header details.picker');
    await picker.locator('summary').click();
    await picker.getByRole('link', { name: 'Finland (EUR)' }).click();
    await expect(page.locator('article.product-card .price').first()).toContainText('€');
    await expect(other.locator('header summary.picker__button')).toContainText('Finland');
    await expect(other.locator('article.product-card .price').first()).toContainText('€');
  });

  test('the language picker shows this page in the chosen language', async ({ page }) => {
    await page.goto('/nyheter');
    const picker = page.locator('header details.picker');
    await picker.locator('summary').click();
    await picker.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/news$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a menu group opens with the keyboard and Escape closes it, back on its summary (desktop)', async ({ page }) => {
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.goto('/en');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav).toBeVisible();
    const summary = nav.locator('summary').first();
    await summary.focus();
    await page.keyboard.press('Enter');
    const all = nav.getByRole('link', { name: /^All in / }).first();
    await expect(all).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(all).toBeHidden();
    await expect(summary).toBeFocused();
  });

  test('header and footer pass axe at phone and desktop width, with the menu and picker open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expectNoAxeViolations(page, 'header.site-header', 'footer.site-footer');
    await page.getByRole('button', { name: 'Meny' }).click();
    await page.locator('#site-menu summary').first().click();
    await expectNoAxeViolations(page, '#site-menu');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1360, height: 900 });
    await page.goto('/en');
    await page.locator('header details.picker summary').click();
    await page.locator('#site-menu summary').first().click();
    await expectNoAxeViolations(page, 'header.site-header', 'footer.site-footer');
    await page.getByRole('combobox', { name: 'Search products' }).fill('gel pen');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expectNoAxeViolations(page, 'header.site-header');
  });
});

test.describe('loading bar', () => {
  /** A slow page on another port: it answers after `delayMs`. */
  async function slowServer(delayMs: number): Promise<{ url: string; close: () => void }> {
    const server = createServer((_request, response) => {
      setTimeout(() => response.end('<!doctype html><title>Slow</title><p>Slow page</p>'), delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/slow`, close: () => server.close() };
  }

  const readBar = () => {
    const bar = document.querySelector<HTMLElement>('[data-loading-bar]')!;
    return {
      shown: !bar.hidden,
      state: bar.dataset.state,
      status: document.querySelector('[data-loading-status]')!.textContent,
    };
  };

  test('a slow navigation shows the bar at the top only after the first second', async ({ page }) => {
    const slow = await slowServer(4000);
    try {
      await page.goto('/en');
      // While a navigation is pending Chromium answers no script calls, so the top of the page is compared
      // in screenshots taken over CDP: unchanged before the delay, changed (the bar) after it.
      const cdp = await page.context().newCDPSession(page);
      const top = async () =>
        (
          await cdp.send('Page.captureScreenshot', {
            format: 'png',
            clip: { x: 0, y: 0, width: 600, height: 4, scale: 1 },
          })
        ).data;
      const before = await top();
      await page.evaluate((url) => {
        const link = document.createElement('a');
        link.href = url;
        document.querySelector('main')!.appendChild(link);
        setTimeout(() => link.click(), 0);
      }, slow.url);
      await page.waitForTimeout(600);
      expect(await top()).toBe(before);
      await page.waitForTimeout(1200);
      expect(await top()).not.toBe(before);
    } finally {
      slow.close();
    }
  });

  test('the bar waits a second, turns red when the connection drops and hides when it is back', async ({ page }) => {
    // Without the Navigation API the bar follows link clicks; a later listener keeps this one from leaving.
    await page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined }));
    await page.goto('/en');
    await page.evaluate(() => addEventListener('click', (event) => event.preventDefault()));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Brands' }).click();
    await page.waitForTimeout(600);
    expect(await page.evaluate(readBar)).toEqual({ shown: false, state: 'loading', status: '' });
    await expect
      .poll(() => page.evaluate(readBar), { timeout: 2000, intervals: [100] })
      .toMatchObject({ shown: true, state: 'loading' });
    await page.evaluate(() => dispatchEvent(new Event('offline')));
    expect(await page.evaluate(readBar)).toEqual({
      shown: true,
      state: 'failed',
      status: 'The page could not be loaded. Check your internet connection.',
    });
    await expect(page.locator('[data-loading-bar]')).toHaveAttribute('data-state', 'failed');
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect.poll(() => page.evaluate(readBar), { timeout: 2000 }).toMatchObject({ shown: false });
  });

  test('a fast navigation never shows the bar', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Brands' }).click();
    await expect(page).toHaveURL(/\/en\/brands$/);
    expect(await page.evaluate(readBar)).toMatchObject({ shown: false });
  });
});

test.describe('analytics data layer', () => {
  test('page data, a page view, impressions in fours and the viewed product are pushed', async ({ page }) => {
    await page.goto('/');
    // Pushed in a task of its own just after the page's script starts (client/browser/entry.tsx).
    await expect.poll(async () => (await events(page, 'page_data')).length).toBe(1);
    const [pageData] = await events(page, 'page_data');
    expect(pageData).toMatchObject({
      page_type: 'index',
      locale: 'sv',
      market: 'se',
      currency: 'SEK',
      customer_type: 'PERSON',
    });
    expect(pageData).not.toHaveProperty('gtm_id');
    expect(await events(page, 'virtual_page_view')).toEqual([expect.objectContaining({ page_path: '/' })]);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);

    // Scrolling through the page makes the cards visible: impressions arrive in batches of four.
    for (let y = 0; y < 6000; y += 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(50);
    }
    await expect.poll(async () => (await events(page, 'view_item_list')).length).toBeGreaterThan(1);
    const lists = await events(page, 'view_item_list');
    for (const entry of lists) expect(entry.ecommerce.items).toHaveLength(4);
    expect(lists[0]!.ecommerce.currency).toBe('SEK');
    expect(lists[0]!.ecommerce.items[0]).toEqual(
      expect.objectContaining({
        item_id: expect.any(String),
        item_name: expect.any(String),
        price: expect.any(Number),
      }),
    );

    const card = page.locator('article.product-card').first();
    const id = await card.getAttribute('data-item-id');
    await card.scrollIntoViewIfNeeded();
    await card.locator('a').first().click();
    await expect(page).toHaveURL(/\/p\//);
    // The product page reports the product it shows.
    await expect.poll(async () => (await events(page, 'view_item')).length).toBe(1);
    const [viewItem] = await events(page, 'view_item');
    expect(viewItem!.ecommerce.items[0].item_id).toBe(id);
    expect(viewItem!.ecommerce.value).toBeGreaterThan(0);
  });

  test("a click on a card pushes select_item with the card's list", async ({ page }) => {
    await page.goto('/en');
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), true));
    const card = page.locator('article.product-card[data-item-list]').first();
    await card.scrollIntoViewIfNeeded();
    await card.locator('a').first().click();
    const [selected] = await events(page, 'select_item');
    expect(selected!.ecommerce.items).toEqual([
      expect.objectContaining({
        item_id: await card.getAttribute('data-item-id'),
        item_list_name: await card.getAttribute('data-item-list'),
      }),
    ]);
  });

  test('the heart on a card records the wish only, not a choice of the card', async ({ page }) => {
    await page.goto('/en/news');
    const card = page.locator('article.product-card[data-item-list]').first();
    const name = await card.getAttribute('data-item-name');
    const heart = card.getByRole('button', { name: `Save ${name} as a favorite`, exact: true });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const wishes = await events(page, 'add_to_wishlist');
    expect(wishes).toHaveLength(1);
    expect(wishes[0]!.ecommerce.items).toEqual([expect.objectContaining({ item_name: name })]);
    expect(await events(page, 'select_item')).toEqual([]);
  });
});
