/**
 * Page routes (SSR). Each reads the same way: title, the loader (critical data awaited, deferred data
 * started but not awaited and never allowed to throw), then the page component.
 */
import { Hono, type Context } from 'hono';
import { HomePage, type HomePageData } from '../../client/pages/HomePage';
import type { ProductCardData } from '../../client/components/ProductCard';
import type { AppEnv } from '../app-env';
import { pageTitle, renderPage } from '../render';
import { notFound } from '../middleware/errors';
import { routeAlternates } from '../seo';
import { hrefFor } from '../links';
import type { Screen } from '../../locales/routes';

export const HOME_PRODUCTS = /* GraphQL */ `
  query homeProducts($take: Int, $sort: SortType, $channelId: String, $languageId: String, $marketId: String) {
    products(take: $take, filter: { sort: $sort }, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      products {
        productId
        name
        alias
        brand { name }
        productImages { fileName }
        unitPrice {
          isDiscounted
          discountPercentage
          sellingPriceIncVatFormatted
          sellingPriceExVatFormatted
          regularPriceIncVatFormatted
          regularPriceExVatFormatted
        }
      }
    }
  }
`;

/** Where page data comes from; tests replace it to prove streaming before slow data. */
export interface PageLoaders {
  homeProducts(c: Context<AppEnv>, sort: 'LATEST' | 'MOST_SOLD', take: number): Promise<ProductCardData[]>;
}

export const defaultLoaders: PageLoaders = {
  async homeProducts(c, sort, take) {
    const data = await c.var.graphql.query<{ products: { products: ProductCardData[] } | null }>(HOME_PRODUCTS, {
      take,
      sort,
    });
    return data.products?.products ?? [];
  },
};

/** Deferred data: a failure is logged and becomes null, which the page shows as a notice. */
function deferred<T>(promise: Promise<T>, what: string): Promise<T | null> {
  return promise.catch((error: unknown) => {
    console.error(`${what} failed`, error);
    return null;
  });
}

/** The start page (spec §2 `/`), or the configured root redirect (default status 302). */
function homePage(c: Context<AppEnv>, loaders: PageLoaders): Response | Promise<Response> {
  const redirect = c.var.config.rootRedirect;
  if (redirect && c.req.path === '/') return c.redirect(redirect.path + new URL(c.req.url).search, redirect.status);
  const data: HomePageData = {
    newItems: deferred(loaders.homeProducts(c, 'LATEST', 12), 'home new items'),
    popular: deferred(loaders.homeProducts(c, 'MOST_SOLD', 8), 'home popular products'),
  };
  return renderPage(c, <HomePage data={data} />, { title: pageTitle(c), alternates: routeAlternates(c, 'index') });
}

/** Screens only a logged-in customer may see (spec §2 guard): others go to the start page. */
const ACCOUNT_SCREENS = new Set<Screen>(['account-settings', 'account-orders', 'account-balance']);

/**
 * Spec §2: a visitor who is not logged in is sent to the start page of their locale, unless the query
 * has a `loginToken` (a login link from an email).
 */
function accountGuard(c: Context<AppEnv>): Response | null {
  const screen = c.var.route?.screen;
  if (!screen || !ACCOUNT_SCREENS.has(screen) || c.var.customer || c.req.query('loginToken')) return null;
  return c.redirect(hrefFor(c, 'index', c.var.locale), 302);
}

/** The screens this deployment renders; the sitemap lists only these. */
export const BUILT_SCREENS = ['index', 'not-found'] as const satisfies readonly Screen[];

/**
 * Pages by their route from the route table (the locale middleware matched it, market prefix and all).
 * A route whose screen is not built yet falls through to later routes and then to the URL history
 * and the 404 page (app.notFound).
 */
export function pageRoutes(loaders: PageLoaders = defaultLoaders) {
  const pages = new Hono<AppEnv>();
  pages.get('*', async function page(c, next) {
    const guarded = accountGuard(c);
    if (guarded) return guarded;
    switch (c.var.route?.screen) {
      case 'index':
        return homePage(c, loaders);
      case 'not-found':
        return notFound(c);
      default:
        await next();
    }
  });
  return pages;
}
