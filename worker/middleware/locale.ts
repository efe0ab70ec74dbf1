/**
 * Locale of the request (spec §1, §4, DESIGN.md step 3) and its page route (spec §2). The order is
 * route locale, then the `ralph-locale` cookie, then Swedish; the browser's languages are never asked
 * (spec §1: `/` with `Accept-Language: da` stays Swedish).
 *
 * A page path always has a route locale (an unprefixed path is Swedish), so the cookie decides only
 * where the path does not: requests that are not pages (the APIs) and the bare root `/`, which sends a
 * visitor who chose another language to that language's home (302; not when a root redirect is
 * configured). Every other unprefixed path is Swedish whatever the cookie says, so a URL always shows
 * the same language to everyone (shared links, caches, crawlers).
 */
import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import { createTranslator, DEFAULT_LOCALE, LOCALE_ISO, isLocale, type Locale } from '../../locales';
import { matchRoute, matchRouteIn, pathFor, type RouteMatch } from '../../locales/routes';
import { LOCALE_COOKIE } from '../session/cookies';
import { splitMarketPath } from '../urls/market-paths';
import type { AppEnv } from '../app-env';
import { localeOfPath, NON_PAGE_PATH, OFFLINE_PATH, queryOf, STRAY_PATH } from '../urls/request';

export function localeSelection() {
  return createMiddleware<AppEnv>(async function localeSelection(c, next) {
    const config = c.get('config');
    const channel = c.get('channel');
    const path = c.req.path;
    const cookie = getCookie(c, LOCALE_COOKIE);
    const cookieLocale = isLocale(cookie) ? cookie : undefined;
    let route: RouteMatch | null = null;
    let locale: Locale;
    const offline = OFFLINE_PATH.exec(path);
    if (offline) {
      // The service worker's offline page: its language is its path's, with or without markets in paths.
      locale = isLocale(offline[1]) ? offline[1] : DEFAULT_LOCALE;
    } else if (NON_PAGE_PATH.test(path)) {
      locale = cookieLocale ?? DEFAULT_LOCALE;
    } else if (STRAY_PATH.test(path)) {
      // No route: the 404 page, in the locale the path would be in.
      locale = localeOfPath(path, config.marketInPath);
    } else if (config.marketInPath) {
      const split = splitMarketPath(channel, path);
      route = split ? matchRouteIn(split.locale, split.rest) : null;
      locale = split?.locale ?? localeOfPath(path, true);
    } else {
      route = matchRoute(path);
      if (route?.redirectTo) return c.redirect(route.redirectTo + queryOf(c.req.url), 301);
      if (path === '/' && cookieLocale && cookieLocale !== DEFAULT_LOCALE && !config.rootRedirect) {
        c.header('Cache-Control', 'private, no-store');
        return c.redirect(pathFor('index', cookieLocale) + queryOf(c.req.url), 302);
      }
      locale = route?.locale ?? localeOfPath(path, false);
    }
    c.set('route', route ?? undefined);
    c.set('locale', locale);
    c.set('languageId', LOCALE_ISO[locale]);
    c.set('t', createTranslator(locale));
    await next();
  });
}
