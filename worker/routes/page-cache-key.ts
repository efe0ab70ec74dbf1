/**
 * Which views the page cache serves (worker/routes/page-cache.ts) and under which key: the screens whose
 * pages are kept, what makes a view the shopper's own, the key (the path and query without tracking
 * parameters, the deployment, its configuration and client build, the catalog version, the market,
 * language and customer type, whether the hints ask for no prefetching: Save-Data, ECT), and the request that renders a page for nobody in particular.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Screen } from '../../locales/routes';
import { USER_TYPE_COOKIE } from '../../core/cookies';
import type { AppEnv } from '../app-env';
import { ASSETS } from '../generated/assets';
import { catalogVersion } from '../graphql/catalog-version';
import {
  ACCOUNT_FORM_COOKIE,
  GAD_COOKIE,
  LOCALE_COOKIE,
  MARKET_COOKIE,
  NOTIFY_EMAIL_COOKIE,
  REVIEW_FORM_COOKIE,
} from '../session/cookies';
import { benchBypassesPageCache, BENCH_NO_CACHE_HEADER, BENCH_NO_VERSION_CHECK_HEADER } from './api/bench';
import { withoutPrivacySignals } from '../render/consent';
import { prefetchUnwanted } from '../render/speculation';
import { FILL_HEADER, fillSecretValue as FILL_SECRET, isKeptPageFill, isLiveRefresh } from '../render/kept-fill';
import { withoutTrackingParameters } from '../urls/seo';
import { themeFingerprint, type Theme } from '../../core/theme';

/** The screens whose pages are kept. */
export const CACHED_SCREENS: ReadonlySet<Screen> = new Set<Screen>([
  'index',
  'product',
  'product-in-section',
  'product-in-subsection',
  'product-legacy',
  'brands',
  'category',
  'category-in-section',
  'brand',
  'discount-campaign',
  'search',
  'news',
  'list-generic',
  'list',
  'content',
  'content-page',
]);

/** Screens that show a logged-in customer something of their own (the product page's review form). */
const OWN_WHEN_LOGGED_IN: ReadonlySet<Screen> = new Set<Screen>([
  'product',
  'product-in-section',
  'product-in-subsection',
  'product-legacy',
]);

/** The cookies that shape a page for everyone who has them; the key captures what they choose. */
const SHARED_COOKIES = [MARKET_COOKIE, LOCALE_COOKIE, USER_TYPE_COOKIE] as const;
/** A shopper with one of these sees a page of their own: a price token, a form's state to show again. */
const OWN_PAGE_COOKIES = [GAD_COOKIE, ACCOUNT_FORM_COOKIE, REVIEW_FORM_COOKIE, NOTIFY_EMAIL_COOKIE] as const;

/** Each request's answer of `ownPage`: the page cache and the offline marking (routes/pages.tsx) both ask. */
const ownPages = new WeakMap<Request, string | null>();

/** Why this view is not served from or kept in the cache, or null when it may be. */
export function ownPage(c: Context<AppEnv>): string | null {
  const known = ownPages.get(c.req.raw);
  if (known !== undefined) return known;
  const reason = ownPageReason(c);
  ownPages.set(c.req.raw, reason);
  return reason;
}

function ownPageReason(c: Context<AppEnv>): string | null {
  const screen = c.get('route')?.screen;
  if (!screen || !CACHED_SCREENS.has(screen)) return 'screen';
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return 'method';
  if (isKeptPageFill(c.req.raw)) return 'fill';
  // The bench's uncached figures (BENCH_ROUTES only): rendered as if nothing were kept.
  if (benchBypassesPageCache(c)) return 'bench';
  // An open page's live parts asking again after a change (client/browser/live.ts): the page as it is now.
  if (isLiveRefresh(c.req.raw)) return 'live';
  if (OWN_PAGE_COOKIES.some((name) => getCookie(c, name) !== undefined)) return 'own-state';
  if (c.get('customer') && OWN_WHEN_LOGGED_IN.has(screen)) return 'logged-in';
  // Staff logged in as a customer see the banner that says so on every page (spec §6): never a kept one.
  if (c.get('customer')?.impersonatedBy) return 'impersonation';
  return null;
}

const DEFAULT_THEME: Theme = {};

/**
 * What chooses a page's words, prices and look: the market, the language, the customer type and the
 * channel's theme (its fingerprint: a new theme is a new key, and a page rendered in an older theme than
 * the key's is not kept).
 */
export function pageScope(c: Context<AppEnv>): string {
  const scope = [c.get('market').id, c.get('locale'), c.get('customerType')];
  // The default theme adds nothing (a header's trailing space would not survive the trip).
  const theme = themeFingerprint(c.get('theme') ?? DEFAULT_THEME);
  return (theme ? [...scope, theme] : scope).join(' ');
}

/** The client build's hashed names: a page links them, so a new build makes new pages. */
const CLIENT_BUILD = `${ASSETS.entry}${ASSETS.stylesheet}`.replace(/[^A-Za-z0-9]/g, '');

const configFingerprints = new WeakMap<object, string>();

/** A short fingerprint of the deployment's configuration (a tag manager, markets in the path...). */
function configFingerprint(config: object): string {
  let fingerprint = configFingerprints.get(config);
  if (fingerprint === undefined) {
    // FNV-1a over the configuration as JSON: a different configuration, a different key.
    let hash = 0x811c9dc5;
    for (const char of JSON.stringify(config)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    fingerprint = hash.toString(36);
    configFingerprints.set(config, fingerprint);
  }
  return fingerprint;
}

/**
 * The page's URL as it is kept: without the parameters that only say where a visitor came from (`utm_*`,
 * `gclid`...): a campaign link is the same page, and the browser keeps its own URL for analytics.
 */
function keptUrl(c: Context<AppEnv>): URL {
  return withoutTrackingParameters(new URL(c.req.url));
}

export async function cacheKey(c: Context<AppEnv>): Promise<string> {
  const url = keptUrl(c);
  const version = await catalogVersion(c.env.DB, Date.now());
  const deployment = c.env.CF_VERSION_METADATA?.id ?? 'local';
  // Save-Data and a 2g ECT make the same page (no speculation rules): one variant for both.
  const prefetch = prefetchUnwanted(c.req.raw.headers) ? 'sd' : 'all';
  const scope = [deployment, configFingerprint(c.get('config')), CLIENT_BUILD, version, pageScope(c), prefetch]
    .map((part) => encodeURIComponent(String(part)))
    .join('/');
  return `${url.origin}/__kept-pages/${scope}${url.pathname}${url.search}`;
}

/** The app's own request for the page as nobody in particular sees it. */
export function anonymousRequest(c: Context<AppEnv>): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete('cookie');
  headers.delete('authorization');
  headers.delete(BENCH_NO_CACHE_HEADER);
  withoutPrivacySignals(headers);
  headers.delete(BENCH_NO_VERSION_CHECK_HEADER);
  const shared = SHARED_COOKIES.flatMap((name) => {
    const value = getCookie(c, name);
    return value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  if (shared.length > 0) headers.set('cookie', shared.join('; '));
  headers.set(FILL_HEADER, FILL_SECRET());
  // Cloudflare's facts about the visitor (the country that picks a market without a cookie) go along.
  const cf = (c.req.raw as { cf?: unknown }).cf;
  return new Request(keptUrl(c), { method: 'GET', headers, ...(cf ? { cf } : {}) } as RequestInit);
}
