/**
 * Product lists and the taxonomy around them: `products` (filters, facets, search, sort, paging),
 * `categories`, `category`, `brands`, `listPageInfo` and `urlHistory`.
 */
import { withMarketPath } from '../../../core/market-path';
import * as v from 'valibot';
import { countProducts, pageIdsQuery, type ProductListQuery } from '../../commerce/catalog/catalog';
import { listFacets } from '../../commerce/catalog/facets';
import { loadProductList } from '../../commerce/catalog/products';
import { searchProductIds } from '../../commerce/catalog/search';
import { findCategory, findUrlHistory, listBrands, listCategories } from '../../commerce/catalog/taxonomy';
import { priceOverrideOf, resolveScope, type GraphQLContext, type ScopeArgs } from '../context';
import { userError } from '../errors';
import { productTypeOf } from '../product-type';
import { filterCollectionType } from './lists-filters';
import { listPageInfo } from './lists-page';
import { parseProductsArgs } from './lists-args';
import type { DomainResolvers } from './types';

type Args = ScopeArgs & Record<string, unknown>;

/** A function whose work starts on the first call and is shared by every later call. */
function once<T>(work: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= work());
}

async function products(_: unknown, rawArgs: Args, ctx: GraphQLContext) {
  const scope = await resolveScope(ctx, rawArgs);
  const languageId = scope.language.id;
  const request = parseProductsArgs(rawArgs, languageId);
  const listQuery = once(async (): Promise<ProductListQuery> => {
    const base = {
      ...request.query,
      marketId: scope.market.id,
      currency: scope.market.currency.code,
      languageId,
      now: ctx.now.toISOString(),
    };
    if (!request.searchText) return base;
    const hits = await searchProductIds(ctx.db, request.searchText, languageId);
    return { ...base, list: { by: 'id', values: hits, exclusive: false } };
  });
  // graphql-js calls these only for the fields the operation selects: a list without `count` never counts.
  return {
    count: async () => countProducts(ctx.db, await listQuery()),
    products: async () => {
      const query = await listQuery();
      if (query.take === 0) return [];
      // The page's ids and its products' rows in one D1 batch (one round trip).
      const records = await loadProductList(ctx.db, {
        list: pageIdsQuery(query),
        marketId: scope.market.id,
        languageId,
        now: ctx.now,
        priceOverride: priceOverrideOf(ctx, scope.market, 'productPage'),
      });
      ctx.keptPageRender?.productsShown(records.map((record) => record.productId));
      return records.map((record) => productTypeOf(record, scope));
    },
    filters: async () => filterCollectionType(await listFacets(ctx.db, await listQuery(), request.filterMode), scope),
  };
}

const CategoriesArgs = v.object({
  includeHidden: v.nullish(v.boolean()),
  parentCategoryId: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
const CategoryArgs = v.object({
  alias: v.nullish(v.string()),
  categoryId: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
const UrlArgs = v.object({ url: v.nullish(v.pipe(v.string(), v.maxLength(2000))) });

function parse<S extends v.GenericSchema>(schema: S, raw: unknown, languageId: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) {
    const field = (parsed.issues[0].path ?? []).map((item) => String(item.key)).join('.');
    throw userError(languageId, 'api.lists.invalidArgument', { field });
  }
  return parsed.output;
}

/** Records with their canonical URLs under the market and language (Scope.pathPrefix; issue 25). */
function withPrefixedUrls<T extends { canonicalUrl: string }>(prefix: string, records: T[]): T[] {
  return prefix
    ? records.map((record) => ({ ...record, canonicalUrl: withMarketPath(prefix, record.canonicalUrl) }))
    : records;
}

export const listsResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
    products,
    async categories(_: unknown, rawArgs: Args, ctx: GraphQLContext) {
      const { language, pathPrefix } = await resolveScope(ctx, rawArgs);
      const args = parse(
        CategoriesArgs,
        { includeHidden: rawArgs.includeHidden, parentCategoryId: rawArgs.parentCategoryId },
        language.id,
      );
      return withPrefixedUrls(pathPrefix, await listCategories(ctx.db, { languageId: language.id, ...args }));
    },
    async category(_: unknown, rawArgs: Args, ctx: GraphQLContext) {
      const { language, pathPrefix } = await resolveScope(ctx, rawArgs);
      const args = parse(CategoryArgs, { alias: rawArgs.alias, categoryId: rawArgs.categoryId }, language.id);
      const category = await findCategory(ctx.db, language.id, args);
      return category && withPrefixedUrls(pathPrefix, [category])[0];
    },
    async brands(_: unknown, rawArgs: Args, ctx: GraphQLContext) {
      const { market, language, pathPrefix } = await resolveScope(ctx, rawArgs);
      return withPrefixedUrls(pathPrefix, await listBrands(ctx.db, language.id, market.id));
    },
    async listPageInfo(_: unknown, rawArgs: Args, ctx: GraphQLContext) {
      const scope = await resolveScope(ctx, rawArgs);
      const args = parse(
        v.object({ alias: v.nullish(v.string()), url: v.nullish(v.string()) }),
        { alias: rawArgs.alias, url: rawArgs.url },
        scope.language.id,
      );
      return listPageInfo(ctx.db, scope, args);
    },
    async urlHistory(_: unknown, rawArgs: Args, ctx: GraphQLContext) {
      const { language } = await resolveScope(ctx, rawArgs);
      const { url } = parse(UrlArgs, { url: rawArgs.url }, language.id);
      return url ? findUrlHistory(ctx.db, url) : null;
    },
  },
};
