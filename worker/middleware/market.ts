/**
 * Market selection (spec §2, §4, §9, DESIGN.md step 2): from the path when markets are in the path
 * (`/{market}/{locale}/...`, with the rewrite redirects of spec §2), else the `ralph-selected-market`
 * cookie, else the visitor's country, else the channel's default market. Sets `c.get('market')`, the
 * checkout market (`ralph-checkout-market`, used by routes whose name contains 'checkout') and the cookies.
 */
import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import { isLocale } from '../../locales';
import { findMarket, type Channel, type Market } from '../commerce/channel/channel';
import { channelOf } from '../channel-client';
import { CHECKOUT_MARKET_COOKIE, LOCALE_COOKIE, MARKET_COOKIE } from '../session/cookies';
import { storeMarket } from '../session/market';
import { NON_PAGE_PATH, OFFLINE_PATH, queryOf, STRAY_PATH } from '../urls/request';
import { canonicalMarketPath, marketDefaultLocale, marketLocales } from '../urls/market-paths';
import type { AppEnv } from '../app-env';

/** The visitor's country: Cloudflare's `request.cf.country`, then the `CF-IPCountry` header. */
export function visitorCountry(request: Request): string | undefined {
  const cf = (request as Request & { cf?: { country?: unknown } }).cf;
  const country = typeof cf?.country === 'string' ? cf.country : request.headers.get('CF-IPCountry');
  return country && /^[A-Z]{2}$/.test(country) ? country : undefined;
}

/** The market of this request by the order of spec §2, and where it came from. */
export function selectMarket(
  channel: Channel,
  sources: { pathAlias?: string; cookie?: string; country?: string },
): { market: Market; from: 'path' | 'cookie' | 'country' | 'default' } {
  const byPath = findMarket(channel, sources.pathAlias);
  if (byPath) return { market: byPath, from: 'path' };
  const byCookie = findMarket(channel, sources.cookie);
  if (byCookie) return { market: byCookie, from: 'cookie' };
  const byCountry = channel.markets.find((m) => m.countryCode === sources.country && !m.onlyDisplayInCheckout);
  if (byCountry) return { market: byCountry, from: 'country' };
  const fallback = findMarket(channel, channel.defaultMarketId) ?? channel.markets[0];
  if (!fallback) throw new Error(`Channel ${channel.id} has no markets`);
  return { market: fallback, from: 'default' };
}

export function marketSelection() {
  return createMiddleware<AppEnv>(async function marketSelection(c, next) {
    const config = c.get('config');
    // The configured API's channel (issue 26), its last known copy when it cannot be read (spec §8).
    const channel = await channelOf(c);
    const path = c.req.path;
    const page = !NON_PAGE_PATH.test(path);
    // The offline pages carry no market: the shopper's is the cookie's (or the country's), as on an API.
    const offline = OFFLINE_PATH.test(path);
    const pathAlias = config.marketInPath && page && !offline ? path.split('/')[1] : undefined;
    const cookie = getCookie(c, MARKET_COOKIE);
    const { market, from } = selectMarket(channel, { pathAlias, cookie, country: visitorCountry(c.req.raw) });
    c.set('channel', channel);
    c.set('market', market);
    c.set('checkoutMarket', findMarket(channel, getCookie(c, CHECKOUT_MARKET_COOKIE)) ?? market);

    // A stray path (`//`, `/\`) gets no market path either: it is the 404 page (urls/request.ts).
    const routable = page && !offline && !STRAY_PATH.test(path);
    if (config.marketInPath && routable && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      // The configured root redirect comes first (spec §2); its target then gets the market rules.
      if (path === '/' && config.rootRedirect)
        return c.redirect(config.rootRedirect.path + queryOf(c.req.url), config.rootRedirect.status);
      const localeCookie = getCookie(c, LOCALE_COOKIE);
      const rootLocale =
        isLocale(localeCookie) && marketLocales(market).includes(localeCookie)
          ? localeCookie
          : marketDefaultLocale(market);
      const target = canonicalMarketPath(path, {
        channel,
        current: market,
        fallbackAlias: config.fallbackMarketAlias,
        rootLocale,
      });
      // Temporary: where a path without market goes depends on the visitor (cookie, country).
      if (target) return c.redirect(target + queryOf(c.req.url), 302);
    }
    // Pages remember the market they were shown in; APIs (and the market switch itself) do not.
    if (page && from !== 'cookie' && cookie !== market.alias) storeMarket(c, market);
    await next();
  });
}
