/**
 * The one route table (spec §2): every screen of the shop and its path in each of the five locales.
 * The router (`matchRoute`) and link building (`pathFor`) in ./routes.ts both read it.
 *
 * Paths are written as in the spec, WITH the locale prefix (Swedish has none). Parameters:
 * `{name}` one segment, `{name?}` an optional last segment, `{name+}` one or more segments.
 * A screen with a plain string has the same path in every locale (under the locale's prefix).
 */
import type { Locale } from './index';

export type LocalizedPaths = Readonly<Record<Locale, string>>;

export const ROUTE_TABLE = {
  index: '/',
  'not-found': '/404',
  account: '/account',
  'account-reset-password': '/account/reset-password',
  // The localized screens of the spec's table, exactly as written there.
  checkout: { sv: '/kassan', da: '/da/kassen', en: '/en/checkout', fi: '/fi/kassa', nb: '/nb/kassen' },
  favorites: {
    sv: '/favoriter',
    da: '/da/favoritter',
    en: '/en/favorites',
    fi: '/fi/suosikkeja',
    nb: '/nb/favoritter',
  },
  brands: {
    sv: '/varumarken',
    da: '/da/varemaerker',
    en: '/en/brands',
    fi: '/fi/tavaramerkkeja',
    nb: '/nb/varemerker',
  },
  // Danish new items has no prefix in the table (spec §2); /da/nyheder redirects there (ROUTE_ALIASES).
  news: { sv: '/nyheter', da: '/nyheder', en: '/en/news', fi: '/fi/uutuudet', nb: '/nb/nyheter' },
  'account-settings': {
    sv: '/mina-sidor/installningar',
    da: '/da/min-konto/indstillinger',
    en: '/en/my-account/settings',
    fi: '/fi/tilini/asetukset',
    nb: '/nb/min-konto/innstillinger',
  },
  'account-orders': {
    sv: '/mina-sidor/ordrar',
    da: '/da/min-konto/bestillinger',
    en: '/en/my-account/orders',
    fi: '/fi/tilini/tilaukset',
    nb: '/nb/min-konto/bestillinger',
  },
  'account-balance': {
    sv: '/mina-sidor/saldo',
    da: '/da/min-konto/saldo',
    en: '/en/my-account/balance',
    fi: '/fi/tilini/saldo',
    nb: '/nb/min-konto/saldo',
  },
  // Issue 14: the withdrawal page ("Ångra köp"), reached with a signed link, also by guests.
  'order-withdrawal': {
    sv: '/angra-kop',
    da: '/da/fortrydelse',
    en: '/en/withdrawal',
    fi: '/fi/peruutus',
    nb: '/nb/angrerett',
  },
  'checkout-confirm': '/checkout/confirm',
  'checkout-klarna-fail': '/checkout/klarna-fail',
  product: '/p/{alias}',
  'product-in-section': '/p/{section}/{alias}',
  'product-in-subsection': '/p/{section}/{subsection}/{alias}',
  'product-legacy': '/product/{alias?}',
  category: '/c/{category}',
  'category-in-section': '/c/{section}/{category}',
  brand: '/b/{brand+}',
  'discount-campaign': '/dc/{discountCampaign+}',
  search: '/s/{search}',
  'list-generic': '/l/{list+}',
  list: '/list/{list?}',
  content: '/content/{alias?}',
  'preview-widgets': '/preview-widgets',
  // Last: the catch-all for content pages (404 when no page has the alias).
  'content-page': '/{alias}',
} as const satisfies Record<string, string | LocalizedPaths>;

/** Old spellings of a localized path that redirect (301) to the table's path of the same screen. */
export const ROUTE_ALIASES: Readonly<Record<string, { screen: keyof typeof ROUTE_TABLE; locale: Locale }>> = {
  '/da/nyheder': { screen: 'news', locale: 'da' },
};
