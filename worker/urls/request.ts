/**
 * What the URL of a request says before any route runs: whether it is a page at all, its query string
 * (kept by every redirect, spec §2) and the locale its path is in.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../locales';
import { sameSitePathOr } from './same-site';

/** Paths that are not pages and never carry a market: the APIs and files at the root. */
export const NON_PAGE_PATH = /^\/(?:api|graphql)(?:\/|$)|^\/[^/]+\.(?:txt|xml|ico|svg|png|json|webmanifest)$/;

/**
 * Paths that name no page whatever their segments spell (spec §8, "404"): an empty first segment (`//`,
 * `///`, `//x`: what a protocol-relative link or a base path joined twice makes) or a backslash (`/\`,
 * which browsers read as `//`). They answer the 404 page, as any unknown path, rather than the page their
 * segments would spell: no second address of a page exists, and no redirect is built from a path that
 * points off the site the moment it is repeated (docs/decisions/016-stray-paths.md).
 */
export const STRAY_PATH = /^\/\/|\\/;

/**
 * The offline page of each language (`/offline`, `/en/offline`…), which the service worker keeps for pages
 * not seen (client/sw/sw.ts). It is the worker's, not a page of a market: with the market in the path it is
 * neither redirected to one (the worker's install, following that redirect to no page, failed) nor read
 * as one; its language is in its path.
 */
export const OFFLINE_PATHS = LOCALES.map((locale) => (locale === DEFAULT_LOCALE ? '/offline' : `/${locale}/offline`));

/** One of OFFLINE_PATHS; its group is the language of a prefixed one. */
export const OFFLINE_PATH = new RegExp(
  `^/(?:(${LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join('|')})/)?offline$`,
);

/** The development mailbox (DEV_MAILBOX only, worker/routes/api/dev-mailbox.ts), whose CSP lets mails style themselves. */
export const DEV_MAILBOX_PATH = '/_dev/mailbox';

/** The URL's query string ('' or '?a=b'), kept by every redirect (spec §2; the hash stays in the browser). */
export function queryOf(url: string): string {
  return new URL(url).search;
}

/** The locale a path is in, from its first segment after the optional market prefix. */
export function localeOfPath(path: string, marketInPath: boolean): Locale {
  const segments = path.split('/').filter(Boolean);
  const candidate = marketInPath ? segments[1] : segments[0];
  if (marketInPath) return isLocale(candidate) ? candidate : DEFAULT_LOCALE;
  return isLocale(candidate) && candidate !== DEFAULT_LOCALE ? candidate : DEFAULT_LOCALE;
}

/** Longest current path the page repeats in its links (language and market switches, the shell's scope). */
const MAX_CURRENT_PATH = 2048;

/**
 * The page's own path and query as its links repeat them, or only the path when that is too long to
 * repeat (an oversized query string must not grow the page it gets). Forms send it back as their
 * `redirect`, so it is a path on this site by the same-site rule: `//x` (a request for `//x`, or `/\x`
 * once the URL parser reads `\` as `/`) is repeated as `/x`, never as a way to another host, and never
 * as a path that `new URL(path, base)` cannot parse (spec §8: the error page must render for it).
 */
export function currentPathOf(url: URL): string {
  const full = sameSitePathOr(url.pathname + url.search);
  return full.length <= MAX_CURRENT_PATH ? full : sameSitePathOr(url.pathname).slice(0, MAX_CURRENT_PATH);
}

/** The /64 network of an IPv6 address (its first four groups), or null when `address` is not IPv6. */
export function ipv6Network(address: string): string | null {
  if (!address.includes(':')) return null;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** What an IPv4 or IPv6 address looks like (CF-Connecting-IP). */
const IP_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:.]{2,45})$/;

/**
 * The client's address as Cloudflare reports it, as abuse limits count it: an IPv6 client by its /64
 * (one subscriber holds all of it), IPv4 as it is; one shared key where there is none (local dev, tests).
 */
export function clientAddressOf(c: Context<AppEnv>): string {
  const address = c.req.header('CF-Connecting-IP')?.trim();
  // Only what an IP address looks like: the header becomes a key in D1 (outside Cloudflare anyone sets it).
  if (!address || !IP_ADDRESS.test(address)) return 'unknown';
  return ipv6Network(address) ?? address;
}

/**
 * The origin absolute links are built on (issue 12): PUBLIC_ORIGIN when configured, so a request with
 * a forged Host header cannot put another site into canonical links, sitemaps, share links or the URLs a
 * payment provider is given; else (development) the request's own origin.
 */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.get('config').publicOrigin ?? new URL(c.req.url).origin;
}
