/**
 * The shopper's market choice as the session keeps it (spec §2, §4, §9): the `ralph-selected-market` and
 * `ralph-checkout-market` cookies, and which of the two markets the cart uses on the current route.
 */
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { isCheckoutRoute } from '../../locales/routes';
import type { AppEnv } from '../app-env';
import type { Market } from '../commerce/channel/channel';
import { CHECKOUT_MARKET_COOKIE, MARKET_COOKIE, MARKET_COOKIE_MAX_AGE_S, preferenceCookie } from './cookies';

/**
 * Stores a market choice (spec §4 "Changing the current market: checkout market set to same value"):
 * both cookies, 31,536,000 s, path / (spec §9).
 */
export function storeMarket(c: Context<AppEnv>, market: Market): void {
  setCookie(c, MARKET_COOKIE, market.alias, preferenceCookie(MARKET_COOKIE_MAX_AGE_S));
  setCookie(c, CHECKOUT_MARKET_COOKIE, market.alias, preferenceCookie(MARKET_COOKIE_MAX_AGE_S));
}

/** The market the cart and checkout use on this route (spec §2: the checkout's routes use the checkout market). */
export function cartMarket(c: Context<AppEnv>): Market {
  return isCheckoutRoute(c.get('route')) ? c.get('checkoutMarket') : c.get('market');
}

/**
 * The cart arguments of this route (spec §2): the checkout's routes read the cart in the checkout market
 * with `allowExternalShippingFee: true`; every other route in the current market.
 */
export function cartScope(c: Context<AppEnv>): { marketId: string; allowExternalShippingFee: boolean } {
  return { marketId: cartMarket(c).id, allowExternalShippingFee: isCheckoutRoute(c.get('route')) };
}
