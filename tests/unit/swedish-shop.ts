// The shop context a Swedish guest's page renders with (sv, SEK, prices with VAT), for unit tests that render
// views outside the worker; `overrides` changes what a test is about (its page, a logged-in shopper…).
import { createTranslator } from '../../locales';
import { pathFor } from '../../locales/routes';
import type { ShopContextValue } from '../../client/views/components/ShopContext';

export function swedishShop(overrides: Partial<ShopContextValue> = {}): ShopContextValue {
  return {
    locale: 'sv',
    localeIso: 'sv-SE',
    t: createTranslator('sv'),
    pricesIncludeVat: true,
    customerType: 'PERSON',
    localePrefix: '',
    href: ((screen: Parameters<typeof pathFor>[0], ...params: [never]) =>
      pathFor(screen, 'sv', ...params)) as ShopContextValue['href'],
    currentPath: '/',
    market: { alias: 'se', currency: 'SEK', country: 'SE' },
    loggedIn: false,
    ...overrides,
  };
}
