import { describe, expect, test } from 'vitest';
import { LOCALES, type Locale } from '../../locales';
import {
  ROUTE_TABLE,
  matchRoute,
  matchRouteIn,
  parseRouteName,
  pathFor,
  pathInLocale,
  type Screen,
} from '../../locales/routes';

/** Spec §2's table, copied by hand so the route table is checked against the spec, not against itself. */
const SPEC_TABLE: Record<string, Record<Locale, string>> = {
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
  // Issue 14: the withdrawal page, reached with a signed link (not in spec §2's table).
  'order-withdrawal': {
    sv: '/angra-kop',
    da: '/da/fortrydelse',
    en: '/en/withdrawal',
    fi: '/fi/peruutus',
    nb: '/nb/angrerett',
  },
};

/** The other routes of spec §2 with sample parameters, as Swedish paths (other locales add their prefix). */
const OTHER_ROUTES: [Screen, string, Record<string, string>][] = [
  ['index', '/', {}],
  ['not-found', '/404', {}],
  ['account', '/account', {}],
  ['account-reset-password', '/account/reset-password', {}],
  ['checkout-confirm', '/checkout/confirm', {}],
  ['checkout-klarna-fail', '/checkout/klarna-fail', {}],
  ['product', '/p/bla-penna', { alias: 'bla-penna' }],
  ['product-in-section', '/p/pennor/bla-penna', { section: 'pennor', alias: 'bla-penna' }],
  [
    'product-in-subsection',
    '/p/skriva/pennor/bla-penna',
    { section: 'skriva', subsection: 'pennor', alias: 'bla-penna' },
  ],
  ['product-legacy', '/product/bla-penna', { alias: 'bla-penna' }],
  ['product-legacy', '/product', {}],
  ['category', '/c/pennor', { category: 'pennor' }],
  ['category-in-section', '/c/skriva/pennor', { section: 'skriva', category: 'pennor' }],
  ['brand', '/b/lamy', { brand: 'lamy' }],
  ['brand', '/b/lamy/safari', { brand: 'lamy/safari' }],
  ['discount-campaign', '/dc/sommar/rea', { discountCampaign: 'sommar/rea' }],
  ['search', '/s/bl%C3%A5%20penna', { search: 'blå penna' }],
  ['list-generic', '/l/kontor/papper', { list: 'kontor/papper' }],
  ['list', '/list/pennor', { list: 'pennor' }],
  ['list', '/list', {}],
  ['content', '/content/om-oss', { alias: 'om-oss' }],
  ['content', '/content', {}],
  ['preview-widgets', '/preview-widgets', {}],
  ['content-page', '/om-oss', { alias: 'om-oss' }],
];

const prefixed = (locale: Locale, path: string) =>
  locale === 'sv' ? path : path === '/' ? `/${locale}` : `/${locale}${path}`;

describe('the route table', () => {
  test('every screen of the spec table has its exact path in every locale, and the path matches back', () => {
    for (const [screen, paths] of Object.entries(SPEC_TABLE)) {
      for (const locale of LOCALES) {
        expect(pathFor(screen as 'checkout', locale)).toBe(paths[locale]);
        expect(matchRoute(paths[locale])).toEqual({ name: `${screen}___${locale}`, screen, locale, params: {} });
      }
    }
  });

  test('every other route matches and builds back under every locale prefix', () => {
    for (const [screen, path, params] of OTHER_ROUTES) {
      for (const locale of LOCALES) {
        const localized = prefixed(locale, path);
        expect(matchRoute(localized), localized).toEqual({ name: `${screen}___${locale}`, screen, locale, params });
        expect(pathFor(screen, locale, params as never)).toBe(localized);
      }
    }
  });

  test('every screen of the table is covered by the two tables above', () => {
    const covered = new Set([...Object.keys(SPEC_TABLE), ...OTHER_ROUTES.map(([screen]) => screen)]);
    expect([...covered].sort()).toEqual(Object.keys(ROUTE_TABLE).sort());
  });

  test('Danish new items is /nyheder without prefix, and /da/nyheder redirects there', () => {
    expect(pathFor('news', 'da')).toBe('/nyheder');
    expect(matchRoute('/nyheder')).toMatchObject({ name: 'news___da', locale: 'da' });
    expect(matchRoute('/da/nyheder')).toMatchObject({ name: 'news___da', redirectTo: '/nyheder' });
    expect(matchRoute('/nyheter')).toMatchObject({ name: 'news___sv' });
  });

  test('route names join screen and locale with three underscores', () => {
    expect(matchRoute('/en/checkout')?.name).toBe('checkout___en');
    expect(parseRouteName('checkout___en')).toEqual({ screen: 'checkout', locale: 'en' });
    expect(parseRouteName('checkout___xx')).toBeNull();
    expect(parseRouteName('nothing___en')).toBeNull();
  });

  test('a trailing slash matches the same route, and paths deeper than any route match none', () => {
    expect(matchRoute('/kassan/')).toMatchObject({ name: 'checkout___sv' });
    expect(matchRoute('/finns-inte/alls')).toBeNull();
    expect(matchRoute('/en/a/b/c')).toBeNull();
  });

  test('within a locale (the /{market}/{locale} form) paths match without their prefix', () => {
    expect(matchRouteIn('en', '/checkout')).toMatchObject({ name: 'checkout___en' });
    expect(matchRouteIn('da', '/nyheder')).toMatchObject({ name: 'news___da' });
    expect(matchRouteIn('sv', '/')).toMatchObject({ name: 'index___sv' });
    expect(pathInLocale('checkout', 'fi')).toBe('/kassa');
    expect(pathInLocale('product', 'en', { alias: 'pen' })).toBe('/p/pen');
  });

  test('a link to a screen with parameters needs them, checked by the compiler and at run time', () => {
    // @ts-expect-error the product route needs an alias
    expect(() => pathFor('product', 'en')).toThrow(/alias/);
    // @ts-expect-error no such screen
    expect(() => pathFor('nowhere', 'en')).toThrow();
  });
});
