/**
 * The shopper's market choice as the session keeps it (spec §2, §4, §9): the `ralph-selected-market` and
 * `ralph-checkout-market` cookies, and which of the two markets the cart uses on the current route.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
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

/**
 * Stores a checkout market chosen on its own (spec §4 "Changing checkout market: cart reloaded, stored in
 * cookie, broadcast"): `ralph-checkout-market` only; the current market stays `current`, as the spec
 * changes it only the other way round (a new current market sets the checkout market too). A current
 * market that came from the visitor's country or the default is stored as it is: a page stores a market
 * it chose itself with the checkout market beside it (storeMarket), which would undo this choice.
 */
export function storeCheckoutMarket(c: Context<AppEnv>, checkout: Market, current: Market): void {
  if (getCookie(c, MARKET_COOKIE) !== current.alias)
    setCookie(c, MARKET_COOKIE, current.alias, preferenceCookie(MARKET_COOKIE_MAX_AGE_S));
  setCookie(c, CHECKOUT_MARKET_COOKIE, checkout.alias, preferenceCookie(MARKET_COOKIE_MAX_AGE_S));
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
