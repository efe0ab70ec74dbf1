/**
 * Data sources a test may replace, to prove the shell streams before slow data (tests/integration/
 * streaming.test.ts). Pages load everything else through `c.var.graphql` directly.
 */
import type { Context } from 'hono';
import type { ProductCardData } from '../../client/components/ProductCard';
import { PRODUCT_CARD_FIELDS } from '../../client/components/product-card-fields';
import type { AppEnv } from '../app-env';

export const HOME_PRODUCTS = /* GraphQL */ `
  query homeProducts($take: Int, $sort: SortType, $channelId: String, $languageId: String, $marketId: String) {
    products(take: $take, filter: { sort: $sort }, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      products {
        ${PRODUCT_CARD_FIELDS}
      }
    }
  }
`;

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
