/**
 * Links for search engines: the canonical URL of a page (absolute, without tracking parameters) and
 * its hreflang alternates (issue 4 "SEO"). A page's alternates are the same set of URLs the sitemaps list
 * for it (worker/urls/sitemaps.ts), so every page of a cluster names the same others:
 * - markets in the path: every market a sitemap is made for, in each of its languages, as
 *   `{language}-{COUNTRY}` (`sv-SE`, `en-SE`, `da-DK`, … `fi-FI`, `sv-FI`, `en-FI`);
 * - otherwise: every language, as `{language}` (a URL names no market; the visitor's market prices it);
 * and `x-default`: the channel's default market in its default language (Swedish without markets in the
 * path), or the first alternate when the page is not there.
 */
import type { Context } from 'hono';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../locales';
import type { ParamsArgument, Screen } from '../../locales/routes';
import type { Alternate } from '../../client/views/pages/Document';
import type { Market } from '../commerce/channel/channel';
import { marketDefaultLocale, marketLocales, screenPath } from './market-paths';
import type { AppEnv } from '../app-env';
import { publicOrigin } from './request';

/** Query parameters that only say where a visitor came from; a canonical URL never has them. */
const TRACKING_PARAMETER =
  /^(?:utm_\w+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|twclid|ttclid|mc_cid|mc_eid|_ga|_gl|pv2)$/i;

/** `url` without its tracking parameters (changed in place and returned). */
export function withoutTrackingParameters(url: URL): URL {
  if (!url.search) return url;
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAMETER.test(key)) url.searchParams.delete(key);
  return url;
}

/** The absolute URL of this page (or `path` on this origin) without tracking parameters and hash. */
export function canonicalUrl(c: Context<AppEnv>, path?: string): string {
  const url = new URL(c.req.url);
  const origin = new URL(publicOrigin(c));
  url.protocol = origin.protocol;
  url.host = origin.host;
  if (path !== undefined) url.pathname = path;
  withoutTrackingParameters(url);
  url.hash = '';
  return url.toString();
}

/** The markets with a sitemap (and alternates) of their own: all but those shown only in the checkout. */
export function sitemapMarkets(markets: readonly Market[]): Market[] {
  return markets.filter((market) => !market.onlyDisplayInCheckout);
}

/** Where a page may have an alternate: a language, and its market when markets are in the path. */
interface AlternateScope {
  hreflang: string;
  locale: Locale;
  market: Market | undefined;
}

function alternateScopes(c: Context<AppEnv>): { scopes: AlternateScope[]; fallback: AlternateScope } {
  if (!c.get('config').marketInPath) {
    const scopes = LOCALES.map((locale) => ({ hreflang: locale, locale, market: undefined }));
    return { scopes, fallback: scopes.find((scope) => scope.locale === DEFAULT_LOCALE)! };
  }
  const channel = c.get('channel');
  const scopes = sitemapMarkets(channel.markets).flatMap((market) =>
    marketLocales(market).map((locale) => ({ hreflang: `${locale}-${market.countryCode}`, locale, market })),
  );
  const home = channel.markets.find((market) => market.id === channel.defaultMarketId) ?? c.get('market');
  return { scopes, fallback: { hreflang: 'x-default', locale: marketDefaultLocale(home), market: home } };
}

/**
 * hreflang alternates of a screen (see the top of this file). `paramsFor` gives a language's (and
 * market's) parameters (aliases may differ per language; a product is in a market only with a price
 * there); a scope it answers null for has no page and no link.
 */
export function routeAlternates<S extends Screen>(
  c: Context<AppEnv>,
  screen: S,
  paramsFor: (locale: Locale, market: Market | undefined) => ParamsArgument<S> | null = () =>
    [] as unknown as ParamsArgument<S>,
): Alternate[] {
  const origin = publicOrigin(c);
  const link = ({ locale, market }: AlternateScope) => {
    const args = paramsFor(locale, market);
    return args ? origin + screenPath(market, screen, locale, ...args) : null;
  };
  const { scopes, fallback } = alternateScopes(c);
  const alternates: Alternate[] = scopes.flatMap((scope) => {
    const href = link(scope);
    return href ? [{ hreflang: scope.hreflang, href }] : [];
  });
  const fallbackHref = link(fallback) ?? alternates[0]?.href;
  if (fallbackHref) alternates.push({ hreflang: 'x-default', href: fallbackHref });
  return alternates;
}
