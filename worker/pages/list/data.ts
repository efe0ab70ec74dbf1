/**
 * Data of the product list pages (worker/pages/list/index.tsx): the list's header (listPageInfo), one page of
 * its products with the facets and counts of the filter panel, and the category tree for breadcrumbs.
 * The shopper's URL selection (core/list-selection.ts) becomes the API's FilterInputType here.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { parseFacetId } from '../../commerce/catalog/filter';
import type { ProductCardData } from '../../../client/views/components/ProductCard';
import { PRODUCT_CARD } from '../../../core/graphql/product-card';
import { facetIdOf, type ListSelection, type ListSort } from '../../../core/list-selection';
import type { ListFacetGroup, ListHeader, CategoryCrumb } from '../../../client/views/pages/list-types';
import { graphql } from '../../../core/graphql/tada';
import { listItems } from '../../../core/graphql/list-items';

/** Products per page (and per "load more"). */
export const LIST_PAGE_SIZE = 48;

const LIST_HEADER = graphql(/* GraphQL */ `
  query listHeader($alias: String, $url: String, $channelId: String, $languageId: String, $marketId: String) {
    listPageInfo(alias: $alias, url: $url, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
      alias
      canonicalUrl
      name
      hideTitle
      primaryDescription
      secondaryDescription
      subCategories {
        name
        alias
      }
    }
  }
`);

const LIST_PRODUCTS = graphql(
  /* GraphQL */ `
    query listProducts(
      $skip: Int
      $take: Int
      $url: String
      $filter: FilterInputType
      $channelId: String
      $languageId: String
      $marketId: String
    ) {
      products(
        skip: $skip
        take: $take
        url: $url
        filter: $filter
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
      ) {
        count
        products {
          ...ProductCard
        }
        filters {
          price {
            lowest
            highest
          }
          facets {
            filterId
            type
            label
            values {
              facetId
              parentId
              label
              count
              hidden
            }
          }
        }
      }
    }
  `,
  [PRODUCT_CARD],
);

const LIST_COUNT = graphql(/* GraphQL */ `
  query listCount($url: String, $filter: FilterInputType, $channelId: String, $languageId: String, $marketId: String) {
    products(take: 0, url: $url, filter: $filter, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      count
    }
  }
`);

const LIST_CATEGORY_TREE = graphql(/* GraphQL */ `
  query listCategoryTree($channelId: String, $languageId: String, $marketId: String) {
    categories(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      categoryId
      parentCategoryId
      name
      alias
    }
  }
`);

/** What a list's products come from: a list path of the API (/c/…, /b/…, /dc/…), a search text, or all products. */
export interface ListScope {
  url?: string;
  searchText?: string;
}

export interface ListProducts {
  count: number;
  products: ProductCardData[];
  facets: ListFacetGroup[];
  /** Lowest and highest selling price inc VAT (major units) of the list without the price filter. */
  priceRange: { lowest: number; highest: number } | null;
}

/** The selection without values whose ids the API would refuse (a hand-edited URL). */
export function withValidFacets(selection: ListSelection): ListSelection {
  const groups = selection.groups
    .map((group) => ({
      ...group,
      values: group.values.filter((value) => parseFacetId(facetIdOf(group.key, value.id)) !== null),
    }))
    .filter((group) => group.values.length > 0);
  return { ...selection, groups };
}

/** The API facet ids of a selection. */
function selectedFacetIds(selection: ListSelection): string[] {
  return withValidFacets(selection).groups.flatMap((group) =>
    group.values.map((value) => facetIdOf(group.key, value.id)),
  );
}

/** The FilterInputType of a scope and selection (prices are whole major units inc VAT). */
function filterOf(scope: ListScope, selection: ListSelection, sort?: ListSort) {
  const price = selection.price ? { lowest: selection.price.min, highest: selection.price.max } : null;
  return {
    ...(scope.searchText ? { searchText: scope.searchText } : {}),
    ...(sort ? { sort } : {}),
    facets: selectedFacetIds(selection),
    price,
  };
}

/** One page of a list's products with the filter panel's facets. */
export async function loadListProducts(
  c: Context<AppEnv>,
  scope: ListScope,
  selection: ListSelection,
  sort: ListSort,
): Promise<ListProducts> {
  const data = await c.get('graphql').query(LIST_PRODUCTS, {
    url: scope.url ?? null,
    skip: (selection.page - 1) * LIST_PAGE_SIZE,
    take: LIST_PAGE_SIZE,
    filter: filterOf(scope, selection, sort),
  });
  const products = data.products;
  return {
    count: products?.count ?? 0,
    products: listItems(products?.products),
    // The price bands (a Geins 'Price' group, for clients without a range) are left to the range control.
    facets: listItems(products?.filters?.facets)
      .filter((group) => group.type !== 'Price')
      .map((group) => ({
        ...group,
        values: listItems(group.values).flatMap((value) =>
          value.facetId === null ? [] : [{ ...value, facetId: value.facetId }],
        ),
      })),
    priceRange: products?.filters?.price ?? null,
  };
}

/** How many products the list has without the shopper's filters (which empty message to show, spec §8). */
export async function countUnfiltered(c: Context<AppEnv>, scope: ListScope): Promise<number> {
  const data = await c.get('graphql').query(LIST_COUNT, {
    url: scope.url ?? null,
    filter: scope.searchText ? { searchText: scope.searchText } : null,
  });
  return data.products?.count ?? 0;
}

/** The header of a category, brand or campaign list by its API path (/c/alias) or bare alias (none: all products); null when none. */
export async function loadListHeader(
  c: Context<AppEnv>,
  by: { url: string } | { alias: string } | Record<string, never>,
): Promise<ListHeader | null> {
  const data = await c.get('graphql').query(LIST_HEADER, by);
  return data.listPageInfo;
}

/** The category and its ancestors, top first, for the breadcrumbs. */
export async function loadCategoryPath(c: Context<AppEnv>, categoryId: number): Promise<CategoryCrumb[]> {
  const data = await c.get('graphql').query(LIST_CATEGORY_TREE);
  const byId = new Map(listItems(data.categories).map((category) => [category.categoryId, category]));
  const path: CategoryCrumb[] = [];
  for (let at = byId.get(categoryId); at && path.length < 10; at = byId.get(at.parentCategoryId)) {
    if (at.alias === null) break; // a category without an alias has no page to link to
    path.unshift({ categoryId: at.categoryId, name: at.name, alias: at.alias });
  }
  return path;
}
