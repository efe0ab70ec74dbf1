/** What every server-rendered component may read about the request: language, market, customer type. */
import { createContext, useContext } from 'react';
import type { Locale, Translate } from '../../locales';

export interface ShopContextValue {
  locale: Locale;
  localeIso: string;
  t: Translate;
  /** Prices show including VAT for PERSON, excluding for ORGANIZATION (spec §4). */
  pricesIncludeVat: boolean;
  /** Base path of the current locale: '' for Swedish, '/da' etc. */
  localePrefix: string;
}

export const ShopContext = createContext<ShopContextValue | null>(null);

export function useShop(): ShopContextValue {
  const value = useContext(ShopContext);
  if (!value) throw new Error('useShop outside ShopContext');
  return value;
}
