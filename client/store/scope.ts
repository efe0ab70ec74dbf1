/**
 * What the browser knows about the request (issue 6, contract 1): channel, markets, language, currency,
 * customer type, login and the locale's base path. The server renders it as JSON in
 * `<script type="application/json" id="shop-scope">` (client/views/pages/Document.tsx, outside the kept header
 * and footer strings); client modules read it with `readShopScope()`.
 */
import { customerTypeOf, type CustomerType, DEFAULT_CUSTOMER_TYPE } from '../../core/customer-type';

export interface ShopScope {
  /** The API's channelId. */
  channelId: string;
  /** The current market's id ('1|se'). */
  marketId: string;
  /** The checkout market's id (`ralph-checkout-market`), used for the cart on checkout routes (spec §2). */
  checkoutMarketId: string;
  /** The API's languageId: the locale iso ('sv-SE'). */
  languageId: string;
  /** The locale iso for Intl formatting; the same value as languageId. */
  localeIso: string;
  /** The current market's currency code ('SEK'). */
  currency: string;
  /** The currency of the market the cart is read in (cartMarketId): the checkout market's on checkout routes. */
  cartCurrency: string;
  /**
   * That market's standard VAT rate in basis points (2500): a business shopper sees the distance to free
   * shipping excluding VAT (spec §4), and the API gives it including VAT only.
   */
  cartVatRateBp: number;
  customerType: CustomerType;
  /** Prices including VAT for PERSON, excluding for ORGANIZATION (spec §4). */
  pricesIncludeVat: boolean;
  loggedIn: boolean;
  /**
   * When the page script should refresh the login token (epoch ms: 90 % of its life, spec §9 "refresh
   * scheduled at 900 x maxAge ms"); 0 when nobody is logged in.
   */
  authRefreshAt: number;
  /** Base path of the locale: '' for Swedish, '/en' etc. ('/se/sv' with markets in the path). */
  localePrefix: string;
  /** True on a route whose name contains 'checkout': the cart is read in the checkout market (spec §2). */
  checkoutRoute: boolean;
  /** True when the market is a path prefix (`/{market}/{locale}/…`): the URL, not the cookie, names it. */
  marketInPath: boolean;
}

export const SHOP_SCOPE_ELEMENT_ID = 'shop-scope';

/** Used where the page has no scope element (should not happen on rendered pages): Sweden, Swedish. */
const FALLBACK_SCOPE: ShopScope = {
  channelId: '1',
  marketId: '1|se',
  checkoutMarketId: '1|se',
  languageId: 'sv-SE',
  localeIso: 'sv-SE',
  currency: 'SEK',
  cartCurrency: 'SEK',
  cartVatRateBp: 2500,
  customerType: DEFAULT_CUSTOMER_TYPE,
  pricesIncludeVat: true,
  loggedIn: false,
  authRefreshAt: 0,
  localePrefix: '',
  checkoutRoute: false,
  marketInPath: false,
};

/** The scope a JSON text describes; missing or mistyped fields take the fallback's value. */
export function parseShopScope(json: string | null | undefined): ShopScope {
  let data: unknown;
  try {
    data = JSON.parse(json ?? '');
  } catch {
    return { ...FALLBACK_SCOPE };
  }
  if (!data || typeof data !== 'object') return { ...FALLBACK_SCOPE };
  const record = data as Record<string, unknown>;
  const scope: ShopScope = { ...FALLBACK_SCOPE };
  for (const key of Object.keys(FALLBACK_SCOPE) as (keyof ShopScope)[]) {
    if (typeof record[key] === typeof FALLBACK_SCOPE[key])
      (scope as unknown as Record<string, unknown>)[key] = record[key];
  }
  scope.customerType = customerTypeOf(scope.customerType);
  return scope;
}

let cached: ShopScope | undefined;

/** The page's scope, read once from the `#shop-scope` element. */
export function readShopScope(): ShopScope {
  cached ??= parseShopScope(
    typeof document === 'undefined' ? null : document.getElementById(SHOP_SCOPE_ELEMENT_ID)?.textContent,
  );
  return cached;
}

/** The market the cart lives in on this page: the checkout market on checkout routes (spec §2). */
export function cartMarketId(scope: ShopScope): string {
  return scope.checkoutRoute ? scope.checkoutMarketId : scope.marketId;
}
