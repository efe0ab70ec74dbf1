/**
 * The data of the page chrome (issue 5 "Header and footer", "Analytics"): the main and footer menus from
 * the API with links in the shopper's locale, the market and language choices, and the analytics page
 * data. Loaded for every page beside the cart count; a failing menu query never fails the page (the
 * header then shows no menu, and the failure is logged).
 */
import type { Context } from 'hono';
import { createTranslator, DEFAULT_LOCALE, LOCALE_ISO, type Locale, type Translate } from '../../locales';
import type { Alternate } from '../../client/views/pages/Document';
import type { LinkBuilder } from '../../client/views/components/ShopContext';
import {
  NEWSLETTER_PARAMETER,
  type ChromeData,
  type LanguageChoice,
  type MarketChoice,
  type NewsletterResult,
  type ConsentChoice,
  type PageData,
} from '../../client/views/components/chrome-data';
import type { Channel, Market } from '../commerce/channel/channel';
import { marketDefaultLocale, marketLocales } from '../urls/market-paths';
import { hrefFor } from '../urls/links';
import { consentStateOf, effectiveConsent } from './consent';
import { currentPathOf } from '../urls/request';
import { shellVariables, type AppEnv, type ShellVariables } from '../app-env';
import { DEFAULT_CUSTOMER_TYPE } from '../../core/customer-type';
import { CHROME_MENUS, menuNavLinks, type ChromeMenusData } from './chrome-menus';

/** What the header's pickers need; all of it exists once the market middleware ran. */
interface ChromeShop {
  channel: Channel;
  market: Market;
  marketInPath: boolean;
  locale: Locale;
  languageId: string;
  t: Translate;
}

function marketSwitchHref(shop: ChromeShop, market: Market, currentPath: string): string {
  let redirect = currentPath;
  // With markets in the path the market endpoint moves the locale itself (spec §2 rewrite rules).
  if (!shop.marketInPath && !marketLocales(market).includes(shop.locale)) {
    const params = new URLSearchParams({ locale: marketDefaultLocale(market), path: currentPath });
    redirect = `/api/locale?${params}`;
  }
  return `/api/market?${new URLSearchParams({ alias: market.alias, redirect })}`;
}

function marketChoices(shop: ChromeShop, currentPath: string): MarketChoice[] {
  const languageId = shop.languageId;
  return shop.channel.markets
    .filter((market) => !market.onlyDisplayInCheckout)
    .map((market) => ({
      alias: market.alias,
      country: market.countryNames[languageId] ?? market.countryCode,
      currency: market.currency.code,
      current: market.id === shop.market.id,
      href: marketSwitchHref(shop, market, currentPath),
    }));
}

/**
 * The path of this page in `locale` from its hreflang alternates (aliases differ per language), if any:
 * in this market when markets are in the path (the alternates name every market, `sv-FI` beside `sv-SE`).
 */
function alternatePath(
  alternates: readonly Alternate[] | undefined,
  locale: Locale,
  market: Market,
): string | undefined {
  const alternate =
    alternates?.find((candidate) => candidate.hreflang === `${locale}-${market.countryCode}`) ??
    alternates?.find((candidate) => candidate.hreflang === locale);
  if (!alternate) return undefined;
  const url = new URL(alternate.href);
  return url.pathname + url.search;
}

function languageChoices(
  shop: ChromeShop,
  currentPath: string,
  alternates: readonly Alternate[] | undefined,
): LanguageChoice[] {
  const t = shop.t;
  return marketLocales(shop.market).map((locale) => ({
    locale,
    name: t(`chrome.languageNames.${locale}`),
    current: locale === shop.locale,
    href: `/api/locale?${new URLSearchParams({ locale, path: alternatePath(alternates, locale, shop.market) ?? currentPath })}`,
  }));
}

/** The analytics page type: the route table's screen, 'error' / 'not-found' for error pages. */
function pageType(vars: ShellVariables, status: number | undefined): string {
  if (status === 404) return 'not-found';
  if (status && status >= 400) return 'error';
  return vars.route?.screen ?? 'other';
}

function pageData(
  vars: ShellVariables,
  locale: Locale,
  status: number | undefined,
  consent: ConsentChoice | null,
): PageData {
  return {
    page_type: pageType(vars, status),
    locale,
    language: vars.languageId ?? LOCALE_ISO[locale],
    market: vars.market?.alias ?? '',
    currency: vars.market?.currency.code ?? '',
    customer_type: vars.customerType ?? DEFAULT_CUSTOMER_TYPE,
    logged_in: vars.customer !== undefined,
    gtm_id: vars.config?.gtmId ?? null,
    consent,
  };
}

/**
 * The analytics page data of this request with the shopper's cookie choice, for a kept page
 * (worker/render/personal-parts.tsx puts it in place of the data it was kept with).
 */
export function pageDataOf(c: Context<AppEnv>, consent: ConsentChoice | null): PageData {
  const vars = shellVariables(c);
  return pageData(vars, vars.locale ?? DEFAULT_LOCALE, undefined, consent);
}

/** Each request's menus read, once: started with the page's own first reads (startChrome). */
const menusOfRequest = new WeakMap<Request, Promise<ChromeMenusData | null>>();

function menusOf(c: Context<AppEnv>): Promise<ChromeMenusData | null> {
  let menus = menusOfRequest.get(c.req.raw);
  if (!menus) menusOfRequest.set(c.req.raw, (menus = loadMenus(shellVariables(c))));
  return menus;
}

/**
 * Starts reading the header's and footer's menus as a page's handler starts, so the read goes out in the
 * same batch as the page's first reads (worker/graphql/client.ts) instead of a round of its own after
 * them; loadChrome then takes the answer.
 */
export function startChrome(c: Context<AppEnv>): void {
  void menusOf(c);
}

async function loadMenus(vars: ShellVariables): Promise<ChromeMenusData | null> {
  if (!vars.graphql) return null;
  try {
    return await vars.graphql.query(CHROME_MENUS);
  } catch (error) {
    console.error('menus failed', error);
    return null;
  }
}

/** The newsletter answer in this page's query; a page showing one is the shopper's own (not cached). */
function newsletterResult(c: Context<AppEnv>): NewsletterResult | null {
  const result = c.req.query(NEWSLETTER_PARAMETER);
  if (result !== 'ok' && result !== 'invalid-email' && result !== 'error') return null;
  c.header('Cache-Control', 'private, no-store');
  return result;
}

/** Everything the header and footer show; never rejects. */
export async function loadChrome(
  c: Context<AppEnv>,
  options: { status?: number; alternates?: readonly Alternate[] },
): Promise<ChromeData> {
  const url = new URL(c.req.url);
  const currentPath = currentPathOf(url);
  const vars = shellVariables(c);
  const consent = consentStateOf(c);
  const menus = await menusOf(c);
  const locale = vars.locale ?? DEFAULT_LOCALE;
  const languageId = vars.languageId ?? LOCALE_ISO[locale];
  const link: LinkBuilder = (screen, ...params) => hrefFor(c, screen, locale, ...params);
  const base = link('index');
  const { market, channel, config } = vars;
  // Before the market middleware ran (an early error page) there is nothing to pick from.
  const shop: ChromeShop | null =
    market && channel && config
      ? {
          channel,
          market,
          marketInPath: config.marketInPath,
          locale,
          languageId,
          t: vars.t ?? createTranslator(locale),
        }
      : null;
  return {
    mainMenu: menuNavLinks(menus?.main?.menuItems, link, currentPath, base),
    footerMenu: menuNavLinks(menus?.footer?.menuItems, link, currentPath, base),
    markets: shop ? marketChoices(shop, currentPath) : [],
    languages: shop ? languageChoices(shop, currentPath, options.alternates) : [],
    currentMarket: shop
      ? {
          country: shop.market.countryNames[languageId] ?? shop.market.countryCode,
          currency: shop.market.currency.code,
        }
      : { country: '', currency: '' },
    searchScope: {
      channelId: config?.channelId ?? '',
      marketId: market?.id ?? '',
      languageId,
    },
    pageData: pageData(vars, locale, options.status, effectiveConsent(consent)),
    // Only a configured tag manager needs consent: a shop without one asks nothing (issue 12); nor is a
    // browser that refuses tracking asked (worker/render/consent.ts).
    consent: {
      offered: consent.offered,
      ask: consent.offered && !consent.refusedByBrowser && consent.choice === null,
      refusedByBrowser: consent.refusedByBrowser,
    },
    newsletter: newsletterResult(c),
  };
}
