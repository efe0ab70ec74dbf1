import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env, fetchWorker } from '../helpers';

const manual: RequestInit = { redirect: 'manual' };

function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

/** The `<link>` tags of a page's head, as written. */
async function headLinks(response: Response): Promise<string[]> {
  const body = await response.text();
  return body.slice(0, body.indexOf('</head>')).match(/<link [^>]*>/g) ?? [];
}

describe('the language of a page', () => {
  test('the first visit does not take the language from the browser', async () => {
    const response = await fetchWorker('/', { headers: { 'Accept-Language': 'da-DK,da;q=0.9' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^<!DOCTYPE html><html lang="sv">/);
  });

  test('the route locale wins over the cookie on every prefixed or table path', async () => {
    const english = await fetchWorker('/en', { headers: { Cookie: 'ralph-locale=da' } });
    expect(await english.text()).toContain('<html lang="en">');
    const danishNews = await fetchWorker('/nyheder', { headers: { Cookie: 'ralph-locale=sv' } });
    expect(await danishNews.text()).toContain('<html lang="da">');
  });

  test('an unprefixed Swedish path stays Swedish whatever the cookie says', async () => {
    const response = await fetchWorker('/finns-inte', { headers: { Cookie: 'ralph-locale=en' } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<html lang="sv">');
  });

  test('the bare root sends a visitor who chose another language to its home page', async () => {
    const response = await fetchWorker('/?ref=mail', { ...manual, headers: { Cookie: 'ralph-locale=fi' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/fi?ref=mail');
  });

  test('/da/nyheder redirects to /nyheder, query kept', async () => {
    const response = await fetchWorker('/da/nyheder?sort=latest', manual);
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/nyheder?sort=latest');
  });
});

describe('switching the language', () => {
  test('a switch stores the locale cookie and goes to the same page in the new language', async () => {
    const response = await fetchWorker('/api/locale?locale=en&path=%2Fkassan%3Fstep%3D2', manual);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/en/checkout?step=2');
    const cookie = setCookie(response, 'ralph-locale');
    expect(cookie).toMatch(/^ralph-locale=en;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
  });

  test('pages with parameters keep them, and Danish new items gets its unprefixed path', async () => {
    const product = await fetchWorker('/api/locale?locale=fi&path=/en/p/blue-pen', manual);
    expect(product.headers.get('Location')).toBe('/fi/p/blue-pen');
    const news = await fetchWorker('/api/locale?locale=da&path=/nyheter', manual);
    expect(news.headers.get('Location')).toBe('/nyheder');
    const home = await fetchWorker('/api/locale?locale=sv&path=/en', manual);
    expect(home.headers.get('Location')).toBe('/');
  });

  test('a switch to the language already chosen stores nothing', async () => {
    const response = await fetchWorker('/api/locale?locale=en&path=/en/checkout', {
      ...manual,
      headers: { Cookie: 'ralph-locale=en' },
    });
    expect(response.headers.get('Location')).toBe('/en/checkout');
    expect(setCookie(response, 'ralph-locale')).toBeUndefined();
  });

  test('with markets in the path the switch keeps the market', async () => {
    const response = await createApp().request(
      '/api/locale?locale=en&path=/fi/fi/kassa',
      manual,
      { ...env, MARKET_IN_PATH: 'true' },
      createExecutionContext(),
    );
    expect(response.headers.get('Location')).toBe('/fi/en/checkout');
  });

  test('an unknown locale or a path off the site is refused', async () => {
    expect((await fetchWorker('/api/locale?locale=de&path=/', manual)).status).toBe(400);
    expect((await fetchWorker('/api/locale?locale=en&path=//evil.example', manual)).status).toBe(400);
  });
});

describe('URL history', () => {
  test('an old product URL answers 301 to its new path with the query kept', async () => {
    const row = await env.DB.prepare(
      "SELECT old_path, new_path FROM url_history WHERE old_path LIKE '/p/%' LIMIT 1",
    ).first<{ old_path: string; new_path: string }>();
    const response = await fetchWorker(`${row!.old_path}?utm_source=news`, manual);
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`${row!.new_path}?utm_source=news`);
  });

  test('an old category URL under a locale prefix keeps its prefix', async () => {
    const row = await env.DB.prepare(
      "SELECT old_path, new_path FROM url_history WHERE old_path LIKE '/c/%' LIMIT 1",
    ).first<{ old_path: string; new_path: string }>();
    const response = await fetchWorker(`/en${row!.old_path}?page=2`, manual);
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`/en${row!.new_path}?page=2`);
  });

  test('with markets in the path the redirect keeps market and locale', async () => {
    const row = await env.DB.prepare(
      "SELECT old_path, new_path FROM url_history WHERE old_path LIKE '/c/%' LIMIT 1",
    ).first<{ old_path: string; new_path: string }>();
    const response = await createApp().request(
      `/dk/da${row!.old_path}?x=1`,
      manual,
      { ...env, MARKET_IN_PATH: 'true' },
      createExecutionContext(),
    );
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`/dk/da${row!.new_path}?x=1`);
  });

  test('a path that never moved is a 404 without a canonical link', async () => {
    const response = await fetchWorker('/p/never-existed', manual);
    expect(response.status).toBe(404);
    expect((await headLinks(response)).some((link) => link.includes('rel="canonical"'))).toBe(false);
  });
});

describe('canonical and hreflang links', () => {
  test('the home page links its canonical URL without tracking parameters', async () => {
    const links = await headLinks(await fetchWorker('/en?utm_source=news&gclid=abc&page=2'));
    expect(links).toContain('<link rel="canonical" href="http://127.0.0.1/en?page=2"/>');
  });

  test('the home page lists every locale plus x-default, as absolute URLs, whatever the market', async () => {
    const expected = [
      '<link rel="alternate" hrefLang="sv" href="http://127.0.0.1/"/>',
      '<link rel="alternate" hrefLang="da" href="http://127.0.0.1/da"/>',
      '<link rel="alternate" hrefLang="en" href="http://127.0.0.1/en"/>',
      '<link rel="alternate" hrefLang="fi" href="http://127.0.0.1/fi"/>',
      '<link rel="alternate" hrefLang="nb" href="http://127.0.0.1/nb"/>',
      '<link rel="alternate" hrefLang="x-default" href="http://127.0.0.1/"/>',
    ];
    const sweden = await headLinks(await fetchWorker('/'));
    expect(sweden.filter((link) => link.includes('rel="alternate"'))).toEqual(expected);
    const denmark = await headLinks(await fetchWorker('/da', { headers: { Cookie: 'ralph-selected-market=dk' } }));
    expect(denmark.filter((link) => link.includes('rel="alternate"'))).toEqual(expected);
  });

  test('with markets in the path the alternates name every market, with language and country', async () => {
    const response = await createApp().request(
      '/fi/sv',
      {},
      { ...env, MARKET_IN_PATH: 'true' },
      createExecutionContext(),
    );
    const links = await headLinks(response);
    expect(links).toContain('<link rel="canonical" href="http://localhost/fi/sv"/>');
    expect(links.filter((link) => link.includes('rel="alternate"'))).toEqual([
      '<link rel="alternate" hrefLang="sv-SE" href="http://localhost/se/sv"/>',
      '<link rel="alternate" hrefLang="en-SE" href="http://localhost/se/en"/>',
      '<link rel="alternate" hrefLang="da-DK" href="http://localhost/dk/da"/>',
      '<link rel="alternate" hrefLang="en-DK" href="http://localhost/dk/en"/>',
      '<link rel="alternate" hrefLang="nb-NO" href="http://localhost/no/nb"/>',
      '<link rel="alternate" hrefLang="en-NO" href="http://localhost/no/en"/>',
      '<link rel="alternate" hrefLang="fi-FI" href="http://localhost/fi/fi"/>',
      '<link rel="alternate" hrefLang="sv-FI" href="http://localhost/fi/sv"/>',
      '<link rel="alternate" hrefLang="en-FI" href="http://localhost/fi/en"/>',
      '<link rel="alternate" hrefLang="x-default" href="http://localhost/se/sv"/>',
    ]);
  });
});

describe('cookie names and lifetimes (spec §9)', () => {
  test('every cookie has its ralph- name and lifetime in one place', async () => {
    const cookies = await import('../../worker/session/cookies');
    expect([
      cookies.AUTH_COOKIE,
      cookies.USER_COOKIE,
      cookies.USER_MAX_AGE_COOKIE,
      cookies.USER_TYPE_COOKIE,
      cookies.REFRESH_COOKIE,
      cookies.CART_COOKIE,
      cookies.MARKET_COOKIE,
      cookies.CHECKOUT_MARKET_COOKIE,
      cookies.PERSISTED_STATES_COOKIE,
    ]).toEqual([
      'ralph-auth',
      'ralph-user',
      'ralph-user-maxage',
      'ralph-user-type',
      'ralph-auth-refresh',
      'ralph-cart',
      'ralph-selected-market',
      'ralph-checkout-market',
      'ralph-persisted-states',
    ]);
    const year = 365 * 24 * 60 * 60;
    expect([
      cookies.CART_COOKIE_MAX_AGE_S,
      cookies.USER_TYPE_COOKIE_MAX_AGE_S,
      cookies.PERSISTED_STATES_COOKIE_MAX_AGE_S,
    ]).toEqual([year, year, year]);
    expect(cookies.MARKET_COOKIE_MAX_AGE_S * 1000).toBe(31_536_000_000);
  });
});
