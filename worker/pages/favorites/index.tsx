/**
 * The favorites page (spec §2 `/favoriter`, `/en/favorites`…; issue 6 'Favorites'): the shopper's
 * favorite products, newest first, as product cards in the current market and language, each with its
 * favorite toggle (to remove it) and the card's add-to-cart form. A guest's favorites come from the
 * `ralph-persisted-states` cookie, a customer's from D1 (worker/session/favorites.ts). Products that are no
 * longer sold are left out without a word: the products query returns only those that exist.
 * The page is the shopper's own: not indexed, not cached.
 */
import type { Context } from 'hono';
import { PRODUCT_CARD } from '../../../core/graphql/product-card';
import { FavoritesPage, type FavoriteProduct } from '../../../client/views/pages/FavoritesPage';
import type { AppEnv } from '../../app-env';
import { favoriteProductIds } from '../../session/favorites';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import type { PageHandler } from '../types';
import { graphql } from '../../../core/graphql/tada';

export const FAVORITE_PRODUCTS = graphql(
  /* GraphQL */ `
    query favoriteProducts($productIds: [Int], $take: Int, $channelId: String, $languageId: String, $marketId: String) {
      products(
        take: $take
        filter: { productIds: $productIds }
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
      ) {
        products {
          ...ProductCard
        }
      }
    }
  `,
  [PRODUCT_CARD],
);

/** The favorite products that still exist, newest favorite first. */
async function loadFavoriteProducts(c: Context<AppEnv>): Promise<FavoriteProduct[]> {
  const ids = [...(await favoriteProductIds(c))].reverse();
  if (ids.length === 0) return [];
  const data = await c.get('graphql').query(FAVORITE_PRODUCTS, {
    productIds: ids,
    take: ids.length,
  });
  return (data.products?.products ?? []).filter((product): product is FavoriteProduct => product !== null);
}

export const favoritesPage: PageHandler = async (c) => {
  const products = await loadFavoriteProducts(c);
  const t = c.get('t');
  c.header('Cache-Control', 'private, no-store');
  return renderPage(c, <FavoritesPage products={products} />, {
    title: pageTitle(c, t('favorites.title')),
    description: t('favorites.intro'),
    alternates: routeAlternates(c, 'favorites'),
    noindex: true,
    prerender: true,
  });
};
