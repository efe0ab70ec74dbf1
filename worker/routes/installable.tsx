/**
 * What makes the shop an installable web app (issue 28): the web app manifest of each language (its start
 * page, its words, icons in the theme colour #FDD600, spec §10) and the offline page the service worker
 * (client/sw/sw.ts, a static file at /sw.js) keeps for pages the shopper has not seen.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { isLocale, type Locale } from '../../locales';
import { createTranslator } from '../../locales';
import { OfflinePage } from '../../client/views/pages/OfflinePage';
import { THEME_COLOR } from '../../client/views/pages/Document';
import { hrefFor } from '../urls/links';
import { OFFLINE_PATHS } from '../urls/request';
import { pageTitle, renderPage } from '../render/renderer';

/** The manifest's icons: the build draws them (scripts/lib/icons.mjs). */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const LANGUAGE_TAGS: Record<Locale, string> = { sv: 'sv-SE', da: 'da-DK', en: 'en', fi: 'fi-FI', nb: 'nb-NO' };

function manifestOf(c: Context<AppEnv>, locale: Locale) {
  const t = createTranslator(locale);
  const start = hrefFor(c, 'index', locale);
  return {
    id: '/',
    name: t('meta.siteName'),
    short_name: t('meta.siteName'),
    description: t('meta.description'),
    lang: LANGUAGE_TAGS[locale],
    start_url: start,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    icons: ICONS,
  };
}

async function offlinePage(c: Context<AppEnv>): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  return renderPage(c, <OfflinePage />, {
    title: pageTitle(c, c.get('t')('offline.pageTitle')),
    noindex: true,
  });
}

export function installableRoutes() {
  const routes = new Hono<AppEnv>();
  // `?locale=en`: each language's manifest starts the app on its own start page.
  routes.get('/manifest.webmanifest', (c) => {
    const asked = c.req.query('locale');
    const locale: Locale = asked && isLocale(asked) ? asked : c.get('locale');
    return c.body(JSON.stringify(manifestOf(c, locale)), 200, {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
  });
  // One route per language, not `/:locale{da|en|fi|nb}/offline`: a parameter where other
  // routes have text is a route Hono's RegExpRouter cannot take (./prefixed.ts).
  for (const path of OFFLINE_PATHS) routes.get(path, offlinePage);
  return routes;
}
