/**
 * Data sources a test may replace, to prove the shell streams before slow data and that a failing source
 * becomes a notice (tests/integration/streaming.test.ts): the product shelves of widget areas and of the
 * start page, and the start page's current campaigns. Pages load everything else through `c.get('graphql')`.
 */
import type { Context } from 'hono';
import type { ProductCardData } from '../../client/views/components/ProductCard';
import { PRODUCT_CARD } from '../../core/graphql/product-card';
import type { ShelfSelection } from '../../client/views/components/widgets/types';
import type { CurrentCampaign } from '../../client/views/components/CampaignList';
import type { AppEnv } from '../app-env';
import { graphql, type ResultOf } from '../../core/graphql/tada';
import { listItems } from '../../core/graphql/list-items';

export const PRODUCT_SHELF = graphql(
  /* GraphQL */ `
    query productShelf(
      $take: Int
      $categoryAlias: String
      $brandAlias: String
      $discountCampaignAlias: String
      $filter: FilterInputType
      $channelId: String
      $languageId: String
      $marketId: String
    ) {
      products(
        take: $take
        categoryAlias: $categoryAlias
        brandAlias: $brandAlias
        discountCampaignAlias: $discountCampaignAlias
        filter: $filter
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

/**
 * Every facet of the whole range with its counts in the market: the campaigns running now (start page)
 * and the products per brand (brands page) read the same cached answer.
 */
export const CATALOG_FACETS = graphql(/* GraphQL */ `
  query catalogFacets($channelId: String, $languageId: String, $marketId: String) {
    products(take: 0, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      filters {
        facets {
          group
          values {
            label
            url
            count
          }
        }
      }
    }
  }
`);

export const CAMPAIGN_PAGE = graphql(/* GraphQL */ `
  query campaignPage($url: String, $channelId: String, $languageId: String, $marketId: String) {
    listPageInfo(url: $url, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      alias
      name
      primaryDescription
    }
  }
`);

/** Every facet of the range with its counts (CATALOG_FACETS). */
export type CatalogFacets = ResultOf<typeof CATALOG_FACETS>;

/** The values of one facet group ('campaigns', 'brands'), without the list's holes. */
export function facetValues(facets: CatalogFacets | null, group: string) {
  const facet = listItems(facets?.products?.filters?.facets).find((candidate) => candidate.group === group);
  return listItems(facet?.values);
}

/** The alias of a discount campaign's list path ('/dc/vinterrea' → 'vinterrea'). */
function campaignAlias(url: string | null): string | null {
  const match = url ? /^\/dc\/(.+)$/.exec(url) : null;
  return match ? decodeURIComponent(match[1]!) : null;
}

export interface PageLoaders {
  /** The products of a shelf: a widget's product list or the start page's new items. */
  productShelf(c: Context<AppEnv>, selection: ShelfSelection): Promise<ProductCardData[]>;
  /** Discount campaigns running in the market now, each with its description and number of products. */
  currentCampaigns(c: Context<AppEnv>): Promise<CurrentCampaign[]>;
}

export const defaultLoaders: PageLoaders = {
  async productShelf(c, selection) {
    // The shelf's list by its aliases when the configuration names them (a list scope: the category's own
    // products drive the query, the cheaper plan), else as Geins' widget names it, by ids (searchParameters).
    const byAlias = Boolean(selection.categoryAlias || selection.brandAlias || selection.discountCampaignAlias);
    const data = await c.get('graphql').query(PRODUCT_SHELF, {
      take: selection.take,
      categoryAlias: selection.categoryAlias ?? null,
      brandAlias: selection.brandAlias ?? null,
      discountCampaignAlias: selection.discountCampaignAlias ?? null,
      filter: {
        sort: selection.sort,
        categoryIds: byAlias ? null : (selection.categoryIds ?? null),
        brandIds: byAlias ? null : (selection.brandIds ?? null),
        discountCampaignIds: byAlias ? null : (selection.discountCampaignIds ?? null),
      },
    });
    return listItems(data.products?.products);
  },

  async currentCampaigns(c) {
    const facets = await c.get('graphql').query(CATALOG_FACETS);
    const running = facetValues(facets, 'campaigns').flatMap((value) => {
      const alias = campaignAlias(value.url);
      return alias && value.url && value.label !== null && value.count > 0
        ? [{ alias, url: value.url, name: value.label, count: value.count }]
        : [];
    });
    // Each campaign's page (its description) in parallel; every one is a cached catalog read.
    const pages = await Promise.all(
      running.map((campaign) => c.get('graphql').query(CAMPAIGN_PAGE, { url: campaign.url })),
    );
    return running.map((campaign, i) => ({
      alias: campaign.alias,
      name: campaign.name,
      count: campaign.count,
      description: pages[i]?.listPageInfo?.primaryDescription ?? null,
    }));
  },
};
