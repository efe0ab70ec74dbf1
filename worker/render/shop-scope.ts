/**
 * The request's scope as the browser needs it (client/store/scope.ts, issue 6 contract 1): rendered by
 * the document shell as `<script type="application/json" id="shop-scope">`. Only ids and display
 * settings, nothing secret.
 */
import type { Context } from 'hono';
import { DEFAULT_LOCALE, LOCALE_ISO } from '../../locales';
import { isCheckoutRoute } from '../../locales/routes';
import type { ShopScope } from '../../client/store/scope';
import type { AppEnv } from '../app-env';
import { DEFAULT_CUSTOMER_TYPE, pricesIncludeVatFor } from '../../core/customer-type';

/**
 * Whether this request's prices show including VAT (spec §4: by the customer type, PERSON including and
 * ORGANIZATION excluding). The one place the flag is derived: the page shell (render.tsx), the browser's
 * scope, the checkout and the no-JS cart notices all read it here.
 */
export function pricesIncludeVat(c: Context<AppEnv>): boolean {
  return pricesIncludeVatFor(c.var.customerType ?? DEFAULT_CUSTOMER_TYPE);
}

/** The scope of this request, or null where the market middleware never ran (some error pages). */
export function shopScopeOf(c: Context<AppEnv>, localePrefix: string): ShopScope | null {
  const { market, channel } = c.var;
  if (!market || !channel) return null;
  const localeIso = LOCALE_ISO[c.var.locale ?? DEFAULT_LOCALE];
  const customerType = c.var.customerType ?? DEFAULT_CUSTOMER_TYPE;
  return {
    channelId: channel.id,
    marketId: market.id,
    checkoutMarketId: (c.var.checkoutMarket ?? market).id,
    languageId: localeIso,
    localeIso,
    currency: market.currency.code,
    customerType,
    pricesIncludeVat: pricesIncludeVat(c),
    loggedIn: c.var.customer !== undefined,
    localePrefix,
    checkoutRoute: isCheckoutRoute(c.var.route),
    marketInPath: c.var.config?.marketInPath ?? false,
  };
}
