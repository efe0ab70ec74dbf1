/**
 * The request's scope as the browser needs it (client/store/scope.ts, issue 6 contract 1): rendered by
 * the document shell as `<script type="application/json" id="shop-scope">`. Only ids and display
 * settings, nothing secret.
 */
import type { Context } from 'hono';
import { DEFAULT_LOCALE, LOCALE_ISO } from '../../locales';
import { isCheckoutRoute } from '../../locales/routes';
import type { ShopScope } from '../../client/store/scope';
import { shellVariables, type AppEnv } from '../app-env';
import { DEFAULT_CUSTOMER_TYPE, pricesIncludeVatFor } from '../../core/customer-type';

/**
 * Whether this request's prices show including VAT (spec §4: by the customer type, PERSON including and
 * ORGANIZATION excluding). The one place the flag is derived: the page shell (render.tsx), the browser's
 * scope, the checkout and the no-JS cart notices all read it here.
 */
export function pricesIncludeVat(c: Context<AppEnv>): boolean {
  return pricesIncludeVatFor(shellVariables(c).customerType ?? DEFAULT_CUSTOMER_TYPE);
}

/** The scope of this request, or null where the market middleware never ran (some error pages). */
export function shopScopeOf(c: Context<AppEnv>, localePrefix: string): ShopScope | null {
  const vars = shellVariables(c);
  const { market, channel } = vars;
  if (!market || !channel) return null;
  const localeIso = LOCALE_ISO[vars.locale ?? DEFAULT_LOCALE];
  const customerType = vars.customerType ?? DEFAULT_CUSTOMER_TYPE;
  const checkoutRoute = isCheckoutRoute(vars.route);
  // The cart's market on this page (spec §2), as worker/session/market.ts cartMarket reads it.
  const cartMarket = checkoutRoute ? (vars.checkoutMarket ?? market) : market;
  return {
    channelId: channel.id,
    marketId: market.id,
    checkoutMarketId: (vars.checkoutMarket ?? market).id,
    languageId: localeIso,
    localeIso,
    currency: market.currency.code,
    cartCurrency: cartMarket.currency.code,
    cartVatRateBp: cartMarket.vatRateBp,
    customerType,
    pricesIncludeVat: pricesIncludeVat(c),
    loggedIn: vars.customer !== undefined,
    authRefreshAt: vars.customer?.refreshAt ?? 0,
    localePrefix,
    checkoutRoute,
    marketInPath: vars.config?.marketInPath ?? false,
  };
}
