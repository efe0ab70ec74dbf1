// The production build over HTTPS, as production is always served (`npm run preview -- --https`). A first
// visit sets the market cookies, and over HTTPS the middleware that makes every cookie Secure rewrites
// that answer: a kept page sent already gzipped was then gzipped again, and Chromium showed binary.
import { execFileSync } from 'node:child_process';
import { type Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const PAGES = [
  { kind: 'home', path: '/', heading: null },
  { kind: 'list', path: '/c/gelpennor', heading: 'Gelpennor' },
  { kind: 'product', path: '/p/pilot-g-tec-c4-gelpenna-0-4-mm-rod-709', heading: /Pilot G-Tec-C4/ },
  { kind: 'search', path: '/s/penna', heading: /penna/i },
  { kind: 'content', path: '/kundservice', heading: /Kundservice/ },
] as const;

/** What a visitor sees: the shop's header and the page's own heading, not bytes. */
async function expectReadable(page: Page, heading: string | RegExp | null) {
  await expect(
    page
      .getByRole('banner')
      .getByRole('link', { name: /Kontorsgiganten/i })
      .first(),
  ).toBeVisible();
  if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const { kind, path, heading } of PAGES) {
  test(`a first visit without cookies to the ${kind} page reads as the shop, kept or not`, async ({
    browser,
    baseURL,
  }) => {
    for (const expectedCache of [/miss|hit|stale/, /hit|stale/]) {
      // A new context each time: no cookies, as a first visitor or a crawler comes.
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const response = await page.goto(`${baseURL}${path}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-encoding']).toBe('gzip');
      expect(response?.headers()['x-page-cache']).toMatch(expectedCache);
      // The first visit is the one that sets the market cookie, Secure over HTTPS.
      const cookies = (await response!.headerValue('set-cookie')) ?? '';
      expect(cookies).toContain('ralph-selected-market=se');
      expect(cookies).toContain('Secure');
      expect((await response!.text()).slice(0, 15)).toBe('<!DOCTYPE html>');
      await expectReadable(page, heading);
      await context.close();
    }
  });
}

test('a visitor whose login cookie has expired sees the shop while it is cleared', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  await context.addCookies(
    (
      [
        // A token that expired in 2020 and a refresh token the shop no longer knows.
        ['ralph-auth', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjoxNjAwMDAwMDAwfQ.c2lnbmF0dXJl'],
        ['ralph-auth-refresh', 'a-refresh-token-nobody-has'],
        ['ralph-user', 'anna@example.se'],
        ['ralph-selected-market', 'se'],
      ] as const
    ).map(([name, value]) => ({ name, value, url: baseURL! })),
  );
  const page = await context.newPage();
  for (const { path, heading } of PAGES) {
    const response = await page.goto(`${baseURL}${path}`);
    expect(response?.status()).toBe(200);
    await expectReadable(page, heading);
  }
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('ralph-auth');
  await context.close();
});

test('curl --compressed reads the start page, a list and a product as HTML', async ({ baseURL }) => {
  for (const path of ['/', '/c/gelpennor', '/p/pilot-g-tec-c4-gelpenna-0-4-mm-rod-709', '/', '/c/gelpennor']) {
    const body = execFileSync('curl', ['--silent', '--insecure', '--compressed', `${baseURL}${path}`], {
      encoding: 'latin1',
    });
    expect(body.slice(0, 15)).toBe('<!DOCTYPE html>');
  }
});
