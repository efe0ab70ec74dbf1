import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { createApp } from '../../worker/app';

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
    for (const url of urls) expect((await fetchWorker(new URL(url!).pathname)).status).toBe(200); // no dead links
    expect((await fetchWorker('/sitemap-xx.xml')).status).toBe(404);
  });

  test('with markets in the path, sitemaps go per market and language', async () => {
    const index = await (await createApp().request('/sitemap.xml', {}, { ...env, MARKET_IN_PATH: 'true' })).text();
    expect(index).toContain('http://localhost/sitemap-fi-sv.xml');
    expect(index).not.toContain('sitemap-dk-sv.xml'); // Denmark does not offer Swedish
    const finnish = await (await createApp().request('/sitemap-fi-fi.xml', {}, { ...env, MARKET_IN_PATH: 'true' })).text();
    expect(finnish).toContain('<loc>http://localhost/fi/fi</loc>');
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

  test('a loginToken in the query lets the visitor through the guard', async () => {
    const response = await fetchWorker('/mina-sidor/saldo?loginToken=abc', { redirect: 'manual' });
    expect(response.status).not.toBe(302);
  });

  test('the root redirect keeps the query', async () => {
    const response = await createApp().request('/?utm_source=mail&x=1', { redirect: 'manual' }, { ...env, ROOT_REDIRECT_PATH: '/kampanj' });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/kampanj?utm_source=mail&x=1');
  });
});
