// The accessibility statement the European Accessibility Act asks of a web shop
// (worker/db/seed/content-accessibility.ts): a content page in every language, linked from every footer,
// naming the standard, the shop's contact and the supervisory authority of the shopper's market.
import { describe, expect, test } from 'vitest';
import { fetchWorker } from '../helpers';

const STATEMENT = [
  {
    locale: 'sv',
    path: '/tillganglighet',
    title: 'Tillgänglighetsredogörelse',
    authority: 'Post- och telestyrelsen (PTS)',
    reviewed: 'granskades senast den 27 november 2026',
  },
  {
    locale: 'da',
    path: '/da/tilgaengelighed',
    title: 'Tilgængelighedserklæring',
    authority: 'i Danmark <a href="https://digst.dk">Digitaliseringsstyrelsen</a>',
    reviewed: 'senest gennemgået den 27. november 2026',
  },
  {
    locale: 'en',
    path: '/en/accessibility',
    title: 'Accessibility statement',
    authority: 'in Sweden <a href="https://www.pts.se">Post- och telestyrelsen (PTS)</a>',
    reviewed: 'last reviewed on 27 November 2026',
  },
  {
    locale: 'fi',
    path: '/fi/saavutettavuus',
    title: 'Saavutettavuusseloste',
    authority:
      'Suomessa saavutettavuutta valvoo Liikenne- ja viestintävirasto <a href="https://www.traficom.fi">Traficom</a>',
    reviewed: 'tarkistettu viimeksi 27.11.2026',
  },
  {
    locale: 'nb',
    path: '/nb/tilgjengelighet',
    title: 'Tilgjengelighetserklæring',
    authority: '<a href="https://www.uutilsynet.no">Uu-tilsynet</a> (Tilsynet for universell utforming av ikt)',
    reviewed: 'sist gjennomgått 27. november 2026',
  },
] as const;

/** The footer of a page's HTML. */
function footerOf(body: string): string {
  const start = body.indexOf('<footer class="site-footer"');
  expect(start, 'the page has the shop footer').toBeGreaterThan(-1);
  return body.slice(start, body.indexOf('</footer>', start));
}

describe('accessibility statement', () => {
  for (const page of STATEMENT) {
    test(`answers in ${page.locale} at ${page.path}, naming WCAG 2.1 AA, EN 301 549, the contact and the authority`, async () => {
      const response = await fetchWorker(page.path);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain(`<html lang="${page.locale}">`);
      expect(body).toContain(`<h1 class="content-page__title">${page.title}</h1>`);
      expect(body).toContain('WCAG 2.1');
      expect(body).toContain('AA');
      expect(body).toContain('EN 301 549');
      expect(body).toContain('<a href="mailto:kundservice@example.se">kundservice@example.se</a>');
      expect(body).toContain(page.authority);
      expect(body).toContain(page.reviewed);
    });

    test(`the ${page.locale} footer links to the statement`, async () => {
      const home = page.locale === 'sv' ? '/' : `/${page.locale}`;
      const footer = footerOf(await (await fetchWorker(home)).text());
      expect(footer).toContain(`<a href="${page.path}">${page.title}</a>`);
    });
  }

  test('each language’s sitemap lists the statement under its own address', async () => {
    for (const page of STATEMENT) {
      const sitemap = await (await fetchWorker(`/sitemap-${page.locale}.xml`)).text();
      expect(sitemap).toContain(`<loc>http://127.0.0.1${page.path}</loc>`);
    }
  });

  test('the statement names the payment partner’s window among its known gaps, in English', async () => {
    const body = await (await fetchWorker('/en/accessibility')).text();
    expect(body).toContain('<h2>Known gaps</h2>');
    expect(body).toContain('our payment partner’s own payment window');
    expect(body).toContain('We publish no PDF documents or videos.');
  });
});
