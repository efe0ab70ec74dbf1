/**
 * Paths with the market and language in front (issue 25): with MARKET_IN_PATH on, a shop's URLs are
 * `/{market}/{language}/…` (`/se/sv/p/<alias>`), and the API answers every canonical URL so, as a Geins API
 * does for a channel whose URLs carry the market; the reference storefront redirects any page whose path is
 * not its canonical URL. Pure functions: the API writes the prefix, a storefront reads past it.
 */

import { LOCALES } from '../locales/codes';

/** The prefix of a market and language, e.g. marketPathPrefix('se', 'sv') = '/se/sv'. */
export function marketPathPrefix(marketAlias: string, languageCode: string): string {
  return `/${marketAlias}/${languageCode}`;
}

/**
 * A site path of the API with `prefix` in front ('/c/pennor' → '/se/sv/c/pennor'); an external URL (or
 * no prefix) is left as it is.
 */
export function withMarketPath(prefix: string, path: string): string;
export function withMarketPath(prefix: string, path: string | null): string | null;
export function withMarketPath(prefix: string, path: string | null): string | null {
  if (!prefix || path === null || !path.startsWith('/') || path.startsWith('//')) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** A market alias and one of the shop's languages; '/en/dc/…' (a locale prefix and a route) is no such pair. */
const MARKET_PATH = new RegExp(`^/[a-z]{2}/(?:${LOCALES.join('|')})(?=[/?#]|$)`);

/** An API path without a market and language in front ('/se/sv/c/pennor' → '/c/pennor'); others as they are. */
export function withoutMarketPath(path: string): string;
export function withoutMarketPath(path: string | null): string | null;
export function withoutMarketPath(path: string | null): string | null {
  if (path === null) return null;
  const rest = path.replace(MARKET_PATH, '');
  return rest === path ? path : rest.startsWith('/') ? rest : `/${rest}`;
}
