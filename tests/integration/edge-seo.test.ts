import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { createApp } from '../../worker/app';
import { createProduct } from './factories';

const withMarketsInPath = { ...env, MARKET_IN_PATH: 'true' };

/** The page's hreflang alternates in document order: [hreflang, href]. */
function alternatesOf(html: string): [string, string][] {
  return [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!]);
}

/** The URLs a sitemap lists. */
async function sitemapUrls(response: Response): Promise<string[]> {
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

describe('robots and sitemaps', () => {
  test('robots.txt allows pages, keeps crawlers out of the APIs and names the sitemap', async () => {
    const response = await fetchWorker('/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /graphql');
    expect(text).toContain('Sitemap: http://127.0.0.1/sitemap.xml');
  });

  test('the sitemap index lists one sitemap per locale, each with the pages of that locale', async () => {
    const index = await (await fetchWorker('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(
      ['sv', 'da', 'en', 'fi', 'nb'].map((locale) => `http://127.0.0.1/sitemap-${locale}.xml`),
    );
    const danish = await fetchWorker('/sitemap-da.xml');
    expect(danish.headers.get('Content-Type')).toContain('application/xml');
    const urls = [...(await danish.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toContain('http://127.0.0.1/da');
    // No dead links: the pages without parameters and a spread of the rest (every 50th URL).
    const sample = urls.filter((url, i) => !/\/(p|c|b)\//.test(url!) || i % 50 === 0);
    for (const url of sample) expect((await fetchWorker(new URL(url!).pathname)).status, url).toBe(200);
    expect((await fetchWorker('/sitemap-xx.xml')).status).toBe(404);
  });

  test("a locale's sitemap lists every product, category, brand and content page under that language's aliases", async () => {
    const urls = new Set(
      [...(await (await fetchWorker('/sitemap-en.xml')).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
    );
    const aliases = async (sql: string) =>
      (await env.DB.prepare(sql).all<{ alias: string }>()).results.map((row) => row.alias);
    const products = await aliases("SELECT alias FROM product_texts WHERE language_id = 'en-US'");
    const categories = await aliases(
      "SELECT t.alias FROM category_texts t JOIN categories c ON c.id = t.category_id WHERE t.language_id = 'en-US' AND c.is_hidden = 0",
    );
    const brands = await aliases('SELECT alias FROM brands');
    const pages = await aliases("SELECT alias FROM content_page_texts WHERE language_id = 'en-US'");
    expect(products.length).toBeGreaterThan(1000);
    for (const alias of products) expect(urls).toContain(`http://127.0.0.1/en/p/${encodeURIComponent(alias)}`);
    for (const alias of categories) expect(urls).toContain(`http://127.0.0.1/en/c/${encodeURIComponent(alias)}`);
    for (const alias of brands) expect(urls).toContain(`http://127.0.0.1/en/b/${encodeURIComponent(alias)}`);
    for (const alias of pages) expect(urls).toContain(`http://127.0.0.1/en/${encodeURIComponent(alias)}`);
    expect(urls).toContain('http://127.0.0.1/en/brands');
    expect(urls).toContain('http://127.0.0.1/en/news');
    expect(urls.size).toBe(products.length + categories.length + brands.length + pages.length + 3);
  });

  test('with markets in the path, sitemaps go per market and language', async () => {
    const index = await (await createApp().request('/sitemap.xml', {}, { ...env, MARKET_IN_PATH: 'true' })).text();
    expect(index).toContain('http://localhost/sitemap-fi-sv.xml');
    expect(index).not.toContain('sitemap-dk-sv.xml'); // Denmark does not offer Swedish
    const finnish = await (
      await createApp().request('/sitemap-fi-fi.xml', {}, { ...env, MARKET_IN_PATH: 'true' })
    ).text();
    expect(finnish).toContain('<loc>http://localhost/fi/fi</loc>');
  });
});

describe('hreflang alternates name the pages the sitemaps list', () => {
  // The seed's product 1, priced in all four markets, with an alias in each language.
  const LAMY = {
    sv: 'lamy-al-star-reservoarpenna-silver-1',
    da: 'lamy-al-star-fyldepen-solv-1',
    en: 'lamy-al-star-fountain-pen-silver-1',
    fi: 'lamy-al-star-taytekyna-hopeanvarinen-1',
    nb: 'lamy-al-star-fyllepenn-solv-1',
  };

  test('a product page names the product in every language, whatever market the visitor is in', async () => {
    const expected: [string, string][] = [
      ['sv', 'http://127.0.0.1/p/lamy-al-star-reservoarpenna-silver-1'],
      ['da', 'http://127.0.0.1/da/p/lamy-al-star-fyldepen-solv-1'],
      ['en', 'http://127.0.0.1/en/p/lamy-al-star-fountain-pen-silver-1'],
      ['fi', 'http://127.0.0.1/fi/p/lamy-al-star-taytekyna-hopeanvarinen-1'],
      ['nb', 'http://127.0.0.1/nb/p/lamy-al-star-fyllepenn-solv-1'],
      ['x-default', 'http://127.0.0.1/p/lamy-al-star-reservoarpenna-silver-1'],
    ];
    expect(alternatesOf(await (await fetchWorker(`/p/${LAMY.sv}`)).text())).toEqual(expected);
    const inDenmark = await fetchWorker(`/da/p/${LAMY.da}`, { headers: { Cookie: 'ralph-selected-market=dk' } });
    expect(alternatesOf(await inDenmark.text())).toEqual(expected);
    // Each is in its language's sitemap.
    for (const [hreflang, href] of expected.slice(0, 5))
      expect(await sitemapUrls(await fetchWorker(`/sitemap-${hreflang}.xml`))).toContain(href);
  });

  test('with markets in the path, a product page names every market in each of its languages', async () => {
    const expected: [string, string][] = [
      ['sv-SE', 'http://localhost/se/sv/p/lamy-al-star-reservoarpenna-silver-1'],
      ['en-SE', 'http://localhost/se/en/p/lamy-al-star-fountain-pen-silver-1'],
      ['da-DK', 'http://localhost/dk/da/p/lamy-al-star-fyldepen-solv-1'],
      ['en-DK', 'http://localhost/dk/en/p/lamy-al-star-fountain-pen-silver-1'],
      ['nb-NO', 'http://localhost/no/nb/p/lamy-al-star-fyllepenn-solv-1'],
      ['en-NO', 'http://localhost/no/en/p/lamy-al-star-fountain-pen-silver-1'],
      ['fi-FI', 'http://localhost/fi/fi/p/lamy-al-star-taytekyna-hopeanvarinen-1'],
      ['sv-FI', 'http://localhost/fi/sv/p/lamy-al-star-reservoarpenna-silver-1'],
      ['en-FI', 'http://localhost/fi/en/p/lamy-al-star-fountain-pen-silver-1'],
      ['x-default', 'http://localhost/se/sv/p/lamy-al-star-reservoarpenna-silver-1'],
    ];
    const app = createApp();
    for (const path of [`/se/sv/p/${LAMY.sv}`, `/fi/fi/p/${LAMY.fi}`, `/no/en/p/${LAMY.en}`]) {
      const response = await app.request(path, {}, withMarketsInPath);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(alternatesOf(html), path).toEqual(expected);
      // The language picker stays in the visitor's market: Finland's Swedish page, not Sweden's.
      if (path.startsWith('/fi/'))
        expect(html).toContain(
          'href="/api/locale?locale=sv&amp;path=%2Ffi%2Fsv%2Fp%2Flamy-al-star-reservoarpenna-silver-1"',
        );
    }
    // Each is in its market's and language's sitemap.
    for (const [hreflang, href] of expected.slice(0, 9)) {
      const [language, country] = hreflang.split('-');
      const sitemap = await app.request(`/sitemap-${country!.toLowerCase()}-${language}.xml`, {}, withMarketsInPath);
      expect(await sitemapUrls(sitemap), hreflang).toContain(href);
    }
  });

  test('with markets in the path, a product sold only in Sweden and Finland names only their pages', async () => {
    const product = await createProduct({ name: 'Tvålandspenna', prices: { '1|se': 2900, '1|fi': 290 } });
    const response = await createApp().request(`/fi/sv/p/${product.alias}`, {}, withMarketsInPath);
    expect(alternatesOf(await response.text())).toEqual([
      ['sv-SE', `http://localhost/se/sv/p/${product.alias}`],
      ['en-SE', `http://localhost/se/en/p/${product.alias}-en`],
      ['fi-FI', `http://localhost/fi/fi/p/${product.alias}-fi`],
      ['sv-FI', `http://localhost/fi/sv/p/${product.alias}`],
      ['en-FI', `http://localhost/fi/en/p/${product.alias}-en`],
      ['x-default', `http://localhost/se/sv/p/${product.alias}`],
    ]);
  });
});

describe('account pages and the root', () => {
  test('a visitor who is not logged in is sent from account pages to the start page of their locale', async () => {
    const swedish = await fetchWorker('/mina-sidor/ordrar', { redirect: 'manual' });
    expect(swedish.status).toBe(302);
    expect(swedish.headers.get('Location')).toBe('/');
    const english = await fetchWorker('/en/my-account/settings', { redirect: 'manual' });
    expect(english.headers.get('Location')).toBe('/en');
  });

  test('a loginToken in the query leads to the login, which lands back on the page; it grants nothing', async () => {
    const response = await fetchWorker('/mina-sidor/saldo?loginToken=abc', { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/account?redirect=%2Fmina-sidor%2Fsaldo');
    const english = await fetchWorker('/en/my-account/orders?loginToken=abc', { redirect: 'manual' });
    expect(english.headers.get('Location')).toBe('/en/account?redirect=%2Fen%2Fmy-account%2Forders');
  });

  test('the root redirect keeps the query', async () => {
    const response = await createApp().request(
      '/?utm_source=mail&x=1',
      { redirect: 'manual' },
      { ...env, ROOT_REDIRECT_PATH: '/kampanj' },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/kampanj?utm_source=mail&x=1');
  });
});
