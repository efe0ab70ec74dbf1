/**
 * Streaming SSR (DESIGN.md step 6). A renderer is created per request so React gets this response's CSP
 * nonce for its inline scripts and the entry module; `renderPage` wraps a page in the document shell and
 * streams it with `renderToReadableStream` through @hono/react-renderer.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getCookie, setCookie } from 'hono/cookie';
import { reactRenderer } from '@hono/react-renderer';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { createTranslator, DEFAULT_LOCALE, LOCALE_ISO, type Locale } from '../../locales';
import { localePrefix } from '../../locales/routes';
import { Document, type Alternate, type HeadLink, type MetaTag } from '../../client/views/pages/Document';
import type { ShopContextValue } from '../../client/views/components/ShopContext';
import { CART_ID_PATTERN } from '../../core/cart/limits';
import { exVat, formatMoney } from '../commerce/pricing/money';
import type { Market } from '../commerce/channel/channel';
import { shellVariables, type AppEnv } from '../app-env';
import { ASSETS } from '../generated/assets';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from '../session/cookies';
import { canonicalUrl } from '../urls/seo';
import { hrefFor } from '../urls/links';
import { currentPathOf } from '../urls/request';
import { takeFlash, type Flash } from '../session/flash';
import { loadChrome } from './chrome';
import { favoriteProductIds } from '../session/favorites';
import { pricesIncludeVat, shopScopeOf } from './shop-scope';
import { DEFAULT_CUSTOMER_TYPE } from '../../core/customer-type';
import { cartScope } from '../session/market';
import { passkeysOffered } from '../session/account';
import { graphql } from '../../core/graphql/tada';
import { listItems } from '../../core/graphql/list-items';
import { speculationRulesFor } from './speculation';

export { CART_COOKIE, CART_COOKIE_MAX_AGE_S };

function logRenderError(error: unknown): void {
  console.error('render failed', error);
}

/** A progressive chunk size no page reaches: ready Suspense boundaries are never outlined. */
const INLINE_READY_BOUNDARIES = 2 ** 30;

/** Installs the per-request React renderer; every page route runs behind it. */
export function pageRenderer() {
  return createMiddleware<AppEnv>(function pageRenderer(c, next) {
    return reactRenderer(undefined, {
      stream: { 'Content-Type': 'text/html; charset=UTF-8' },
      readableStreamOptions: {
        nonce: c.get('secureHeadersNonce'),
        bootstrapModules: [ASSETS.entry],
        // A Suspense boundary whose data is ready when the shell flushes is written in place. React's
        // default (12.8 KB) moves every ready boundary after that much HTML to the end of the page, to be
        // put in place by a script: invisible without JavaScript, and a layout shift with it.
        progressiveChunkSize: INLINE_READY_BOUNDARIES,
        onError: logRenderError,
      },
    })(c, next);
  });
}

export { localePrefix };

/** The base path of the request's pages: the locale prefix, or `/{market}/{locale}` with markets in the path. */
function basePath(c: Context<AppEnv>, locale: Locale): string {
  const { market, config } = shellVariables(c);
  return config?.marketInPath && market ? `/${market.alias}/${locale}` : localePrefix(locale);
}

/** What the shell needs to know of the request, with safe defaults when a middleware never ran (errors). */
function shopContext(c: Context<AppEnv>): ShopContextValue {
  const vars = shellVariables(c);
  const locale = vars.locale ?? DEFAULT_LOCALE;
  const market = vars.market;
  const url = new URL(c.req.url);
  const customerType = vars.customerType ?? DEFAULT_CUSTOMER_TYPE;
  return {
    locale,
    localeIso: LOCALE_ISO[locale],
    t: vars.t ?? createTranslator(locale),
    pricesIncludeVat: pricesIncludeVat(c),
    customerType,
    localePrefix: basePath(c, locale),
    href: (screen, ...params) => hrefFor(c, screen, locale, ...params),
    currentPath: currentPathOf(url),
    market: market
      ? { alias: market.alias, currency: market.currency.code, country: market.countryCode }
      : { alias: '', currency: '', country: '' },
    loggedIn: vars.customer !== undefined,
    ...(vars.customer?.impersonatedBy
      ? { impersonation: { customer: vars.customer.email, staff: vars.customer.impersonatedBy } }
      : {}),
    // An early error page may come before the configuration was read: no passkeys there.
    passkeys: vars.config !== undefined && passkeysOffered(c),
    ...(vars.config?.liveEndpoint ? { live: { endpoint: vars.config.liveEndpoint } } : {}),
  };
}

const CART_COUNT = graphql(/* GraphQL */ `
  query cartCount(
    $id: String
    $channelId: String
    $languageId: String
    $marketId: String
    $allowExternalShippingFee: Boolean
  ) {
    getCart(
      id: $id
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
      allowExternalShippingFee: $allowExternalShippingFee
    ) {
      id
      items {
        quantity
      }
    }
  }
`);

/** Units in the visitor's cart for the header; a page never fails because of it. */
async function headerCartCount(c: Context<AppEnv>): Promise<number> {
  const id = getCookie(c, CART_COOKIE);
  const client = shellVariables(c).graphql;
  if (!id || !CART_ID_PATTERN.test(id) || !client || c.get('cartLetGo')) return 0;
  try {
    const data = await client.query(CART_COUNT, { id, ...cartScope(c) });
    if (!data.getCart) return 0;
    if (data.getCart.id && data.getCart.id !== id) {
      // The cart is gone or completed: getCart started a new one, which the visitor keeps from now on.
      setCookie(c, CART_COOKIE, data.getCart.id, preferenceCookie(CART_COOKIE_MAX_AGE_S));
    }
    return listItems(data.getCart.items).reduce((sum, item) => sum + item.quantity, 0);
  } catch (error) {
    console.error('cart count failed', error);
    return 0;
  }
}

/** The shopper's favorites for the toggles' state and the header's count; none when they cannot be read. */
async function shopperFavorites(c: Context<AppEnv>): Promise<ReadonlySet<number>> {
  if (!c.env?.DB) return new Set();
  try {
    return await favoriteProductIds(c);
  } catch (error) {
    console.error('favorites failed', error);
    return new Set();
  }
}

export interface PageOptions {
  title: string;
  description?: string;
  /** Absolute canonical URL; default: this URL without tracking parameters (none on error pages). */
  canonical?: string;
  /** hreflang alternates (worker/urls/seo.ts routeAlternates); none by default. */
  alternates?: readonly Alternate[];
  /** The page's own meta tags, e.g. Open Graph (client/views/pages/Document.tsx MetaTag). */
  meta?: readonly MetaTag[];
  status?: number;
  layout?: 'default' | 'undistracted';
  /** Asks search engines not to index the page (`<meta name="robots" content="noindex">`), e.g. previews. */
  noindex?: boolean;
  /** More `<link>`s in the head, e.g. a list page's `rel="prev"`/`rel="next"` pages (absolute URLs). */
  headLinks?: readonly HeadLink[];
  /**
   * True when nothing on the page can suspend: it has no deferred data, or `renderAhead` saw all of it
   * settle. The page is then rendered to one string inside the streamed shell (much cheaper); leave it
   * false while any Suspense boundary may still wait.
   */
  prerender?: boolean;
}

/** What of this shopper the document shell shows: the header's counts, the login, the one-time notice. */
export interface ShopperShell {
  shop: ShopContextValue;
  cartCount: number;
  flash: Flash | null;
}

/**
 * This shopper's part of the shell, read once per page (a rendered page, or a kept one the shopper's
 * parts are put into: worker/render/personal-parts.tsx). A page that shows anything of theirs (login,
 * cart, favorites, a notice meant for them) is never kept by a shared cache (issue 12).
 */
export async function shopperShell(c: Context<AppEnv>): Promise<ShopperShell> {
  const [cartCount, favoriteIds] = await Promise.all([headerCartCount(c), shopperFavorites(c)]);
  const shop = { ...shopContext(c), favoriteIds };
  const flash = takeFlash(c);
  if (shop.loggedIn || cartCount > 0 || favoriteIds.size > 0 || flash) c.header('Cache-Control', 'private, no-store');
  return { shop, cartCount, flash };
}

/**
 * The shipping fee and free-shipping limit the header and footer state, in the customer type's VAT
 * display (spec §4): 49 kr and 499 kr, or for a business shopper 39,20 kr and 399,20 kr ex VAT at 25 %.
 */
function shippingTerms(market: Market, shop: ShopContextValue): { fee: string; freeFrom: string } {
  const shown = (incVat: number) => (shop.pricesIncludeVat ? incVat : exVat(incVat, market.vatRateBp));
  const money = (incVat: number) =>
    formatMoney({ amount: shown(incVat), currency: market.currency.code }, shop.localeIso);
  return { fee: money(market.shippingFeeIncVat), freeFrom: money(market.freeShippingFromIncVat) };
}

/** Streams `page` inside the document shell. */
export async function renderPage(c: Context<AppEnv>, page: ReactElement, options: PageOptions): Promise<Response> {
  const market = shellVariables(c).market;
  const [{ shop, cartCount, flash }, chrome] = await Promise.all([shopperShell(c), loadChrome(c, options)]);
  if (options.status) c.status(options.status as 200);
  const document = (
    <Document
      shop={shop}
      scope={shopScopeOf(c, shop.localePrefix)}
      title={options.title}
      description={options.description ?? shop.t('meta.description')}
      canonical={options.canonical ?? (options.status && options.status >= 400 ? undefined : canonicalUrl(c))}
      alternates={options.alternates}
      meta={options.meta}
      headLinks={options.headLinks}
      nonce={c.get('secureHeadersNonce')}
      stylesheet={ASSETS.stylesheet}
      cartCount={cartCount}
      chrome={chrome}
      shipping={market && market.shippingTermsKnown !== false ? shippingTerms(market, shop) : null}
      layout={options.layout}
      noindex={options.noindex}
      flash={flash}
      prerender={options.prerender}
      speculationRules={speculationRulesFor(c)}
      theme={shellVariables(c).theme}
      bootstrapModule={options.prerender ? ASSETS.entry : undefined}
    >
      {page}
    </Document>
  );
  // A page that cannot suspend is rendered as one string: React's stream would encode and copy it chunk
  // by chunk (a tenth of an uncached product page's CPU in the profile); the runtime encodes it once.
  if (options.prerender) {
    return c.html(`<!DOCTYPE html>${renderToString(document)}`, (options.status ?? 200) as 200);
  }
  return c.render(document);
}

/** `<title>` text: the page's own title, then the shop's name. */
export function pageTitle(c: Context<AppEnv>, title?: string): string {
  const t = shellVariables(c).t ?? createTranslator(DEFAULT_LOCALE);
  return title ? `${title} | ${t('meta.siteName')}` : t('meta.siteName');
}
