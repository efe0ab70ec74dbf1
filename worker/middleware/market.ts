/**
 * Market selection (spec §2, §4, DESIGN.md step 2): from the path when markets are in the path, else
 * the `ralph-selected-market` cookie, else the visitor's country, else the channel's default market.
 * The edge-routing issue adds the rewrite redirects; this sets `c.var.market` and the cookie.
 */
import { createMiddleware } from 'hono/factory';
import { getCookie, setCookie } from 'hono/cookie';
import { readConfig } from '../config';
import { findMarket, loadChannel, type Channel, type Market } from '../commerce/channel';
import type { AppEnv } from '../app-env';

export const MARKET_COOKIE = 'ralph-selected-market';
export const CHECKOUT_MARKET_COOKIE = 'ralph-checkout-market';
/** Spec §9: market cookies live 31,536,000,000 ms, path /. */
export const MARKET_COOKIE_MAX_AGE_S = 31_536_000;

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
    const config = readConfig(c.env);
    const channel = await loadChannel(c.env.DB, config.channelId);
    if (!channel) throw new Error(`CHANNEL_ID ${config.channelId} is not in the database: run npm run db:reset`);
    const pathAlias = config.marketInPath ? c.req.path.split('/')[1] : undefined;
    const cookie = getCookie(c, MARKET_COOKIE);
    const { market, from } = selectMarket(channel, { pathAlias, cookie, country: visitorCountry(c.req.raw) });
    c.set('config', config);
    c.set('channel', channel);
    c.set('market', market);
    if (from !== 'cookie' && cookie !== market.alias) {
      for (const name of [MARKET_COOKIE, CHECKOUT_MARKET_COOKIE]) {
        setCookie(c, name, market.alias, { path: '/', maxAge: MARKET_COOKIE_MAX_AGE_S, sameSite: 'Lax' });
      }
    }
    await next();
  });
}
