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

const SITEMAP_FILE = /^\/(sitemap-[a-z-]+\.xml)$/;

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

  // `/sitemap-{name}.xml`, matched here, not as the route `/:file{sitemap-[a-z-]+\.xml}`: a parameter where
  // other routes have text is a route Hono's RegExpRouter cannot take (./prefixed.ts).
  seo.get('/*', async function sitemapFile(c, next) {
    const file = SITEMAP_FILE.exec(c.req.path)?.[1];
    const sitemap = file ? sitemaps(c).find(({ name }) => name === file) : undefined;
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
