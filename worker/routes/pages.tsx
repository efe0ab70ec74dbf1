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
  if (redirect && c.req.path === '/') return c.redirect(redirect.path, redirect.status);
  const data: HomePageData = {
    newItems: deferred(loaders.homeProducts(c, 'LATEST', 12), 'home new items'),
    popular: deferred(loaders.homeProducts(c, 'MOST_SOLD', 8), 'home popular products'),
  };
  return renderPage(c, <HomePage data={data} />, { title: pageTitle(c), alternates: routeAlternates(c, 'index') });
}

/**
 * Pages by their route from the route table (the locale middleware matched it, market prefix and all).
 * A route whose screen is not built yet falls through to later routes and then to the URL history
 * and the 404 page (app.notFound).
 */
export function pageRoutes(loaders: PageLoaders = defaultLoaders) {
  const pages = new Hono<AppEnv>();
  pages.get('*', async function page(c, next) {
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
