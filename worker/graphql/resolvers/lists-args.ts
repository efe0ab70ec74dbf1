/**
 * The `products` arguments, checked with valibot and turned into a ProductListQuery. GraphQL has already
 * checked their types; this checks what the schema cannot say (ranges, facet id forms, supported sorts)
 * and refuses filter fields the API does not implement, with a localized error, instead of ignoring them.
 */
import * as v from 'valibot';
import { parseFacetId, type Facet } from '../../commerce/catalog/filter';
import { PRODUCT_SORTS, type ProductListQuery } from '../../commerce/catalog/catalog';
import type { FilterMode } from '../../commerce/catalog/facets';
import { parseListPath } from '../../commerce/catalog/taxonomy';
import { userError } from '../errors';

export const MAX_TAKE = 200;
/** FilterInputType: "skip ... Default maximum value is 6000". */
export const MAX_SKIP = 6000;
/** FilterInputType: productIds and articleNumbers take at most 600 values. */
export const MAX_LISTED = 600;
export const MAX_FACETS = 100;
export const MAX_SEARCH_LENGTH = 200;

/**
 * Filter fields this API implements. `includeCollapsed` is accepted and changes nothing: the catalog has
 * no collapsed (grouped) products, so every product is listed either way. Not implemented, and refused:
 * `priceListIdentifier` (there are no price lists; a market has one price per product).
 */
const SUPPORTED_FILTER_FIELDS = new Set([
  'searchText',
  'facets',
  'excludeFacets',
  'include',
  'includeMode',
  'exclude',
  'sort',
  'price',
  'filterMode',
  'productIds',
  'articleNumbers',
  'categoryIds',
  'brandIds',
  'discountCampaignIds',
  'excludeCategoryIds',
  'excludeBrandIds',
  'excludeDiscountCampaignIds',
  'includeCollapsed',
]);

const paging = (max: number) => v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max)));
const strings = v.nullish(v.pipe(v.array(v.nullable(v.string())), v.maxLength(MAX_FACETS)));
const ids = v.nullish(v.pipe(v.array(v.nullable(v.pipe(v.number(), v.integer()))), v.maxLength(MAX_FACETS)));
const amount = v.nullish(v.pipe(v.number(), v.finite(), v.minValue(0)));

const FilterSchema = v.object({
  searchText: v.nullish(v.pipe(v.string(), v.maxLength(MAX_SEARCH_LENGTH))),
  facets: strings,
  excludeFacets: strings,
  include: strings,
  includeMode: v.nullish(v.picklist(['INTERSECT', 'UNION'])),
  exclude: strings,
  sort: v.nullish(v.picklist(PRODUCT_SORTS)),
  price: v.nullish(
    v.pipe(
      v.object({ lowest: amount, highest: amount }),
      v.check((price) => price.lowest == null || price.highest == null || price.lowest <= price.highest),
    ),
  ),
  filterMode: v.nullish(v.picklist(['BY_GROUP', 'CURRENT'])),
  productIds: v.nullish(v.pipe(v.array(v.nullable(v.pipe(v.number(), v.integer()))), v.maxLength(MAX_LISTED))),
  articleNumbers: v.nullish(v.pipe(v.array(v.nullable(v.string())), v.maxLength(MAX_LISTED))),
  categoryIds: ids,
  brandIds: ids,
  discountCampaignIds: ids,
  excludeCategoryIds: ids,
  excludeBrandIds: ids,
  excludeDiscountCampaignIds: ids,
  includeCollapsed: v.nullish(v.boolean()),
});

const ProductsArgsSchema = v.object({
  skip: paging(MAX_SKIP),
  take: paging(MAX_TAKE),
  brandAlias: v.nullish(v.string()),
  categoryAlias: v.nullish(v.string()),
  discountCampaignAlias: v.nullish(v.string()),
  url: v.nullish(v.string()),
  filter: v.nullish(FilterSchema),
});

/** What `products` needs besides the scope: the list query (without market/currency/language/now) and its extras. */
export interface ProductsRequest {
  query: Omit<ProductListQuery, 'marketId' | 'currency' | 'languageId' | 'now'>;
  searchText: string | null;
  filterMode: FilterMode;
}

/** The error for the first problem valibot found, by the argument it is about. */
function argumentError(languageId: string, issue: v.BaseIssue<unknown>) {
  const path = (issue.path ?? []).map((item) => String(item.key));
  const field = path[0] === 'filter' ? path[1] : path[0];
  // Too many values in a list (issue 12): say the limit, whichever list it is.
  if (issue.type === 'max_length' && Array.isArray(issue.input) && typeof issue.requirement === 'number')
    return userError(languageId, 'api.lists.tooManyValues', { field: field ?? path.join('.'), max: issue.requirement });
  switch (field) {
    case 'skip':
    case 'take':
      return userError(languageId, 'api.lists.invalidPaging', { maxSkip: MAX_SKIP, maxTake: MAX_TAKE });
    case 'price':
      return userError(languageId, 'api.lists.invalidPrice');
    case 'sort':
      return userError(languageId, 'api.lists.unsupportedSort', { sort: String(issue.input) });
    case 'productIds':
    case 'articleNumbers':
      return userError(languageId, 'api.lists.tooManyValues', { field, max: MAX_LISTED });
    case 'searchText':
      return userError(languageId, 'api.lists.searchTooLong', { max: MAX_SEARCH_LENGTH });
    default:
      return userError(languageId, 'api.lists.invalidFilter', { field: path.join('.') });
  }
}

function facetsOf(
  languageId: string,
  values: readonly (string | null)[] | null | undefined,
  extra: Facet[] = [],
): Facet[] {
  const facets = (values ?? []).flatMap((id) => {
    if (id == null || id === '') return [];
    const facet = parseFacetId(id);
    if (!facet) throw userError(languageId, 'api.lists.unknownFacet', { facet: id });
    return [facet];
  });
  return [...facets, ...extra];
}

const present = <T>(values: readonly (T | null)[] | null | undefined): T[] =>
  (values ?? []).filter((x): x is T => x != null);

/** The checked `products` arguments; throws a localized user error for bad input. */
export function parseProductsArgs(raw: Record<string, unknown>, languageId: string): ProductsRequest {
  const rawFilter = raw.filter;
  if (rawFilter && typeof rawFilter === 'object') {
    const unsupported = Object.keys(rawFilter).find(
      (key) => !SUPPORTED_FILTER_FIELDS.has(key) && (rawFilter as Record<string, unknown>)[key] != null,
    );
    if (unsupported) throw userError(languageId, 'api.lists.unsupportedFilter', { field: unsupported });
  }
  const parsed = v.safeParse(ProductsArgsSchema, raw);
  if (!parsed.success) throw argumentError(languageId, parsed.issues[0]);
  const args = parsed.output;
  const filter = args.filter ?? {};

  const fromUrl = args.url ? parseListPath(args.url) : null;
  if (args.url && !fromUrl) throw userError(languageId, 'api.lists.unknownUrl', { url: args.url });
  const searchText =
    [filter.searchText, fromUrl?.kind === 'search' ? fromUrl.alias : null]
      .filter((text): text is string => Boolean(text?.trim()))
      .join(' ') || null;

  const productIds = present(filter.productIds);
  const articleNumbers = present(filter.articleNumbers);
  const list = productIds.length
    ? { by: 'id' as const, values: productIds, exclusive: true }
    : articleNumbers.length
      ? { by: 'article_number' as const, values: articleNumbers, exclusive: true }
      : null;
  const ofIds = <F extends Facet>(values: readonly (number | null)[] | null | undefined, make: (id: number) => F) =>
    present(values).map(make);

  return {
    searchText: list ? null : searchText,
    filterMode: filter.filterMode ?? 'BY_GROUP',
    query: {
      skip: args.skip ?? 0,
      take: args.take ?? 20,
      sort: filter.sort ?? 'NONE',
      categoryAlias: args.categoryAlias ?? (fromUrl?.kind === 'category' ? fromUrl.alias : null),
      brandAlias: args.brandAlias ?? (fromUrl?.kind === 'brand' ? fromUrl.alias : null),
      discountCampaignAlias: args.discountCampaignAlias ?? (fromUrl?.kind === 'campaign' ? fromUrl.alias : null),
      list,
      facets: facetsOf(languageId, filter.facets),
      include: {
        mode: filter.includeMode ?? 'INTERSECT',
        facets: facetsOf(languageId, filter.include, [
          ...ofIds(filter.categoryIds, (categoryId) => ({ group: 'c' as const, categoryId })),
          ...ofIds(filter.brandIds, (brandId) => ({ group: 'b' as const, brandId })),
          ...ofIds(filter.discountCampaignIds, (campaignId) => ({ group: 'dc' as const, campaignId })),
        ]),
      },
      exclude: facetsOf(
        languageId,
        [...(filter.excludeFacets ?? []), ...(filter.exclude ?? [])],
        [
          ...ofIds(filter.excludeCategoryIds, (categoryId) => ({ group: 'c' as const, categoryId })),
          ...ofIds(filter.excludeBrandIds, (brandId) => ({ group: 'b' as const, brandId })),
          ...ofIds(filter.excludeDiscountCampaignIds, (campaignId) => ({ group: 'dc' as const, campaignId })),
        ],
      ),
      // The API's prices are major units; the catalog compares minor units.
      price: filter.price
        ? {
            lowest: filter.price.lowest == null ? null : Math.round(filter.price.lowest * 100),
            highest: filter.price.highest == null ? null : Math.round(filter.price.highest * 100),
          }
        : null,
    },
  };
}
