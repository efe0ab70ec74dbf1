/**
 * Paths with the market in them (spec §2): `/{market}/{locale}/...`, where the locale is always a
 * segment of its own (Swedish too) and the rest is the route table's path without its locale prefix.
 * Pure functions over the channel; the market middleware turns their answers into redirects.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../locales';
import {
  localePrefix,
  matchRoute,
  matchRouteIn,
  pathFor,
  pathInLocale,
  type ParamsArgument,
  type Screen,
} from '../../locales/routes';
import { findMarket, type Channel, type Market } from '../commerce/channel/channel';

/** The route locales a market allows, in its order (spec §3 Market.allowedLanguages). */
export function marketLocales(market: Market): Locale[] {
  return market.allowedLanguages.map((language) => language.code).filter(isLocale);
}

/** The route locale of the market's default language, Swedish when it has none we know. */
export function marketDefaultLocale(market: Market): Locale {
  const language = market.allowedLanguages.find((candidate) => candidate.id === market.defaultLanguageId);
  const code = language?.code ?? marketLocales(market)[0];
  return isLocale(code) ? code : DEFAULT_LOCALE;
}

/** `/{market}/{locale}{rest}`; the locale's home is `/{market}/{locale}` without a trailing slash. */
export function joinMarketPath(marketAlias: string, locale: Locale, rest: string): string {
  return `/${marketAlias}/${locale}${rest === '/' ? '' : rest}`;
}

/**
 * The path of `screen` in `locale`: `/{market}/{locale}/…` when a market is given (markets in the path),
 * else the route table's own path. Sitemaps and hreflang alternates build their URLs with it, so both
 * name the same pages.
 */
export function screenPath<S extends Screen>(
  market: { alias: string } | undefined,
  screen: S,
  locale: Locale,
  ...args: ParamsArgument<S>
): string {
  return market
    ? joinMarketPath(market.alias, locale, pathInLocale(screen, locale, ...args))
    : pathFor(screen, locale, ...args);
}

/** The locale of a route-table path and the path without its prefix; unmatched paths by their prefix. */
export function splitRoutePath(routePath: string): { locale: Locale; rest: string } {
  const match = matchRoute(routePath);
  const first = routePath.split('/').filter(Boolean)[0];
  const locale = match?.locale ?? (isLocale(first) ? first : DEFAULT_LOCALE);
  const prefix = localePrefix(locale);
  const rest =
    prefix && (routePath === prefix || routePath.startsWith(`${prefix}/`)) ? routePath.slice(prefix.length) : routePath;
  return { locale, rest: rest || '/' };
}

/** A path in the market form, split; null when its first two segments are not a market and a locale. */
export function splitMarketPath(
  channel: Channel,
  path: string,
): { market: Market; locale: Locale; rest: string } | null {
  const [alias, locale, ...rest] = path.split('/').filter(Boolean);
  const market = findMarketByAlias(channel, alias);
  if (!market || !isLocale(locale)) return null;
  return { market, locale, rest: `/${rest.join('/')}` };
}

function findMarketByAlias(channel: Channel, alias: string | undefined): Market | undefined {
  const market = findMarket(channel, alias);
  return market && market.alias === alias ? market : undefined;
}

/** The same page in another locale, without prefix; paths no route has keep their rest. */
function restInLocale(from: Locale, rest: string, to: Locale): string {
  const match = matchRouteIn(from, rest);
  return match ? pathInLocale(match.screen, to, match.params as never) : rest;
}

/**
 * Where a path belongs by the rewrite rules of spec §2, or null when it is already right:
 * an unknown market alias becomes `fallbackAlias`; a swapped `/{locale}/{market}` becomes
 * `/{market}/{locale}`; a path without a market gets `current` prefixed (its locale from the route
 * table, or `rootLocale` for `/`); a locale the market does not allow becomes the market's default
 * language, with the path translated when a route has it. A known market alias as first segment
 * always counts as the market (`/fi/...` is Finland, not Finnish).
 */
export function canonicalMarketPath(
  path: string,
  options: { channel: Channel; current: Market; fallbackAlias: string; rootLocale: Locale },
): string | null {
  const { channel } = options;
  const segments = path.split('/').filter(Boolean);
  const [first, second] = segments;
  let market: Market;
  let routeSegments: string[];
  if (findMarketByAlias(channel, first)) {
    market = findMarketByAlias(channel, first)!;
    routeSegments = segments.slice(1);
  } else if (isLocale(first) && findMarketByAlias(channel, second)) {
    market = findMarketByAlias(channel, second)!;
    routeSegments = [first, ...segments.slice(2)];
  } else if (first !== undefined && !isLocale(first) && isLocale(second)) {
    market = findMarketByAlias(channel, options.fallbackAlias) ?? options.current;
    routeSegments = segments.slice(1);
  } else {
    market = options.current;
    routeSegments = segments;
  }
  let locale: Locale;
  let rest: string;
  if (isLocale(routeSegments[0])) {
    locale = routeSegments[0];
    rest = `/${routeSegments.slice(1).join('/')}`;
  } else if (routeSegments.length === 0) {
    locale = options.rootLocale;
    rest = '/';
  } else {
    ({ locale, rest } = splitRoutePath(`/${routeSegments.join('/')}`));
  }
  const allowed = marketLocales(market);
  if (!allowed.includes(locale)) {
    const fallback = marketDefaultLocale(market);
    rest = restInLocale(locale, rest, fallback);
    locale = fallback;
  }
  const target = joinMarketPath(market.alias, locale, rest);
  return target === (path.replace(/\/+$/, '') || '/') ? null : target;
}
