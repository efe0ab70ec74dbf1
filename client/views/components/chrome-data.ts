/**
 * What the page chrome (header, footer, pickers, analytics page data) shows, prepared on the server by
 * worker/render/chrome.ts: links already localized, choices already marked. Plain data, so the components
 * stay simple and the same shapes can be serialized for the client.
 */
import type { CustomerType } from '../../../core/customer-type';

/** One entry of a menu from the API (`getMenuAtLocation`), its link in the current locale. */
export interface NavLink {
  label: string;
  href: string;
  /** An absolute link to another site (opens in a new tab). */
  external: boolean;
  /** The link is the page being shown. */
  current: boolean;
  children: NavLink[];
}

/** A market of the channel the shopper may switch to (spec §3 Market). */
export interface MarketChoice {
  alias: string;
  /** The country's name in the current language. */
  country: string;
  currency: string;
  current: boolean;
  /** GET link to /api/market that switches and comes back here. */
  href: string;
}

/** A language the current market allows. */
export interface LanguageChoice {
  locale: string;
  /** The language's own name ('Svenska', 'Suomi'). */
  name: string;
  current: boolean;
  /** GET link to /api/locale that switches and shows this page in that language. */
  href: string;
}

/**
 * The `page_data` of the analytics data layer (spec §7), rendered as JSON in the document so the client
 * script pushes it first. Field names follow the data layer's snake case.
 */
export interface PageData {
  page_type: string;
  locale: string;
  language: string;
  market: string;
  currency: string;
  customer_type: CustomerType;
  logged_in: boolean;
  /** Google Tag Manager container id when one is configured, else null (the client loads nothing). */
  gtm_id: string | null;
  /** The shopper's cookie choice (issue 12): with a container configured, nothing is pushed or loaded before 'accepted'. */
  consent: ConsentChoice | null;
}

/** What the shopper chose in the cookie banner (the `ralph-consent` cookie). */
export type ConsentChoice = 'accepted' | 'rejected';

/** The footer's newsletter form: its element id, and the query parameter its endpoint answers with. */
export const NEWSLETTER_ID = 'newsletter';
export const NEWSLETTER_PARAMETER = 'newsletter';
export type NewsletterResult = 'ok' | 'invalid-email' | 'error';

export interface ChromeData {
  mainMenu: NavLink[];
  footerMenu: NavLink[];
  markets: MarketChoice[];
  languages: LanguageChoice[];
  /** The current market's country and currency, for the picker's button. */
  currentMarket: { country: string; currency: string };
  /** The API scope the search suggestions query in the browser (spec §7: every operation gets them). */
  searchScope: { channelId: string; marketId: string; languageId: string };
  pageData: PageData;
  /** The answer of a newsletter signup this page is shown after (`?newsletter=`), else null. */
  newsletter: NewsletterResult | null;
  /**
   * Cookie consent (issue 12): asked only when something needs it (a tag manager is configured); `ask`
   * shows the banner (no choice yet), `offered` the footer's way to change the choice. `refusedByBrowser`:
   * the browser sends Do Not Track or Global Privacy Control, so nothing is asked and the footer says why.
   */
  consent: { offered: boolean; ask: boolean; refusedByBrowser: boolean };
}
