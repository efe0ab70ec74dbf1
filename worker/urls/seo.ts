/**
 * Links for search engines: the canonical URL of a page (absolute, without tracking parameters) and
 * its hreflang alternates, one per locale of the current market plus `x-default` (issue 4 "SEO").
 */
import type { Context } from 'hono';
import { DEFAULT_LOCALE, type Locale } from '../../locales';
import type { ParamsArgument, Screen } from '../../locales/routes';
import type { Alternate } from '../../client/views/pages/Document';
import { hrefFor } from './links';
import { marketDefaultLocale, marketLocales } from './market-paths';
import type { AppEnv } from '../app-env';
import { publicOrigin } from './request';

/** Query parameters that only say where a visitor came from; a canonical URL never has them. */
const TRACKING_PARAMETER =
  /^(?:utm_\w+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|twclid|ttclid|mc_cid|mc_eid|_ga|_gl|pv2)$/i;

/** `url` without its tracking parameters (changed in place and returned). */
export function withoutTrackingParameters(url: URL): URL {
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

/**
 * hreflang alternates of a screen for every locale the current market allows, plus `x-default` (the
 * market's default language with markets in the path, else Swedish). `paramsFor` gives a locale's
 * parameters (aliases may differ per language); a locale it answers null for has no page and no link.
 */
export function routeAlternates<S extends Screen>(
  c: Context<AppEnv>,
  screen: S,
  paramsFor: (locale: Locale) => ParamsArgument<S> | null = () => [] as unknown as ParamsArgument<S>,
): Alternate[] {
  const inPath = c.get('config').marketInPath;
  const market = c.get('market');
  const origin = publicOrigin(c);
  const link = (locale: Locale) => {
    const args = paramsFor(locale);
    return args ? origin + hrefFor(c, screen, locale, ...args) : null;
  };
  const alternates: Alternate[] = marketLocales(market).flatMap((locale) => {
    const href = link(locale);
    return href ? [{ hreflang: inPath ? `${locale}-${market.countryCode}` : locale, href }] : [];
  });
  const fallback = link(inPath ? marketDefaultLocale(market) : DEFAULT_LOCALE);
  if (fallback) alternates.push({ hreflang: 'x-default', href: fallback });
  return alternates;
}
