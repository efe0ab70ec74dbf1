/** What every server-rendered component may read about the request: language, market, customer type, links. */
import { createContext, useContext } from 'react';
import type { Locale, Translate } from '../../../locales';
import type { ParamsArgument, Screen } from '../../../locales/routes';
import { type CustomerType } from '../../../core/customer-type';

/** The path of a screen in the request's locale and market (worker/urls/links.ts hrefFor), e.g. href('product', { alias }). */
export type LinkBuilder = <S extends Screen>(screen: S, ...params: ParamsArgument<S>) => string;

export interface ShopContextValue {
  locale: Locale;
  localeIso: string;
  t: Translate;
  /** Prices show including VAT for PERSON, excluding for ORGANIZATION (spec §4). */
  pricesIncludeVat: boolean;
  customerType: CustomerType;
  /** Base path of the current locale: '' for Swedish, '/da' etc. ('/se/sv' with markets in the path). */
  localePrefix: string;
  /** Links to the shop's screens in the current locale (and market, when markets are in the path). */
  href: LinkBuilder;
  /** This page's path and query, e.g. as the `redirect` of a form that should come back here. */
  currentPath: string;
  /** The current market's alias ('se'), currency code ('SEK') and country code ('SE'). */
  market: { alias: string; currency: string; country: string };
  /** True when a customer is logged in. */
  loggedIn: boolean;
  /** Staff logged in as the customer (spec §6, issue 27): every page says so. */
  impersonation?: { customer: string; staff: string };
  /**
   * Whether shoppers may log in with a passkey (issue 13): not in front of a remote API (issue 26), which
   * opens sessions only for a password. Absent: yes.
   */
  passkeys?: boolean;
  /**
   * Where open pages subscribe to live changes (issue 28): 'built-in' (this shop's live rooms) or a remote
   * API's graphql-ws endpoint. Absent: nothing is live.
   */
  live?: { endpoint: string };
  /** The shopper's favorite product ids (the favorite toggles' state, the header's count); none if unknown. */
  favoriteIds?: ReadonlySet<number>;
}

export const ShopContext = createContext<ShopContextValue | null>(null);

export function useShop(): ShopContextValue {
  const value = useContext(ShopContext);
  if (!value) throw new Error('useShop outside ShopContext');
  return value;
}
