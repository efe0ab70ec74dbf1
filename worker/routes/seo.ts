/**
 * robots.txt and the sitemaps (issue 4 "SEO"): an index, then one sitemap per locale (per market and
 * locale when markets are in the path) listing the absolute URL of every page of the screens this
 * deployment renders. A screen's pages enter the sitemap when its screen is built.
 */
import { Hono, type Context } from 'hono';
import { LOCALES, isLocale, type Locale } from '../../locales';
import type { AppEnv } from '../app-env';
import { publicOrigin } from '../urls/request';
import { marketLocales } from '../urls/market-paths';
import { sitemapPaths } from '../urls/sitemaps';
import { sitemapMarkets } from '../urls/seo';
import { BUILT_SCREENS } from './pages';

const XML = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sitemaps of this deployment: `{ name, market?, locale }` in the order the index lists them. */
function sitemaps(c: Context<AppEnv>): { name: string; market?: string; locale: Locale }[] {
  if (!c.get('config').marketInPath) return LOCALES.map((locale) => ({ name: `sitemap-${locale}.xml`, locale }));
  return sitemapMarkets(c.get('channel').markets).flatMap((market) =>
    marketLocales(market).map((locale) => ({
      name: `sitemap-${market.alias}-${locale}.xml`,
      market: market.alias,
      locale,
    })),
  );
}

export function seoRoutes() {
  const seo = new Hono<AppEnv>();

  seo.get('/robots.txt', (c) => {
    const origin = publicOrigin(c);
    return c.text(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /graphql',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
      200,
      { 'Cache-Control': 'public, max-age=3600' },
    );
  });

  seo.get('/sitemap.xml', (c) => {
    const origin = publicOrigin(c);
    const entries = sitemaps(c).map(({ name }) => `<sitemap><loc>${escapeXml(`${origin}/${name}`)}</loc></sitemap>`);
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`,
      200,
      XML,
    );
  });

  seo.get('/:file{sitemap-[a-z-]+\\.xml}', async (c, next) => {
    const sitemap = sitemaps(c).find(({ name }) => name === c.req.param('file'));
    if (!sitemap || !isLocale(sitemap.locale)) return next();
    const origin = publicOrigin(c);
    const market = sitemap.market
      ? c.get('channel').markets.find((candidate) => candidate.alias === sitemap.market)
      : undefined;
    const paths = await sitemapPaths(c, new Set(BUILT_SCREENS), sitemap.locale, market);
    const urls = paths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`);
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
      200,
      XML,
    );
  });

  return seo;
}
