/**
 * The request's scope as the browser needs it (client/store/scope.ts, issue 6 contract 1): rendered by
 * the document shell as `<script type="application/json" id="shop-scope">`. Only ids and display
 * settings, nothing secret.
 */
import type { Context } from 'hono';
import { DEFAULT_LOCALE, LOCALE_ISO } from '../../locales';
import type { ShopScope } from '../../client/store/scope';
import type { AppEnv } from '../app-env';

/**
 * Whether this request's prices show including VAT (spec §4: by the customer type, PERSON including and
 * ORGANIZATION excluding). The one place the flag is derived: the page shell (render.tsx), the browser's
 * scope, the checkout and the no-JS cart notices all read it here.
 */
export function pricesIncludeVat(c: Context<AppEnv>): boolean {
  return (c.var.customerType ?? 'PERSON') !== 'ORGANIZATION';
}

/** The scope of this request, or null where the market middleware never ran (some error pages). */
export function shopScopeOf(c: Context<AppEnv>, localePrefix: string): ShopScope | null {
  const { market, channel } = c.var;
  if (!market || !channel) return null;
  const localeIso = LOCALE_ISO[c.var.locale ?? DEFAULT_LOCALE];
  const customerType = c.var.customerType ?? 'PERSON';
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
    checkoutRoute: c.var.route?.name.includes('checkout') ?? false,
    marketInPath: c.var.config?.marketInPath ?? false,
  };
}
