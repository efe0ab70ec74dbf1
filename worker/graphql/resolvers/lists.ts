/** products: product lists of a market in a language (the catalog issue extends filters and facets). */
import { GraphQLError } from 'graphql';
import * as v from 'valibot';
import { countProducts, listProducts, type ProductListQuery, type ProductSummary } from '../../commerce/catalog';
import { formatMoney } from '../../commerce/money';
import type { PriceBreakdown } from '../../commerce/pricing';
import type { Currency } from '../../commerce/channel';
import { resolveScope, type GraphQLContext, type ScopeArgs } from '../context';
import type { DomainResolvers } from './types';

export const MAX_TAKE = 200;

const ProductsArgs = v.object({
  skip: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0, 'skip must be 0 or more')), 0),
  take: v.nullish(
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_TAKE, `take must be at most ${MAX_TAKE}`)),
    20,
  ),
  brandAlias: v.nullish(v.string()),
  categoryAlias: v.nullish(v.string()),
  discountCampaignAlias: v.nullish(v.string()),
  // Filter fields this API does not implement are refused, never silently ignored.
  filter: v.nullish(
    v.strictObject({
      sort: v.nullish(
        v.picklist(['NONE', 'PRICE', 'PRICE_DESC', 'MOST_SOLD', 'LATEST', 'ALPHABETICAL', 'ALPHABETICAL_DESC']),
        'NONE',
      ),
    }),
  ),
});

/** PriceType of the API: amounts in major units (Decimal) and formatted for the language. */
export function priceType(price: PriceBreakdown, currency: Currency, languageId: string) {
  const major = (amount: number) => amount / 100;
  const format = (amount: number) => formatMoney({ amount, currency: currency.code }, languageId);
  return {
    sellingPriceIncVat: major(price.sellingIncVat),
    sellingPriceExVat: major(price.sellingExVat),
    regularPriceIncVat: major(price.regularIncVat),
    regularPriceExVat: major(price.regularExVat),
    discountIncVat: major(price.discountIncVat),
    discountExVat: major(price.discountExVat),
    discountPercentage: price.discountPercentage,
    vat: major(price.vat),
    isDiscounted: price.isDiscounted,
    sellingPriceIncVatFormatted: format(price.sellingIncVat),
    sellingPriceExVatFormatted: format(price.sellingExVat),
    regularPriceIncVatFormatted: format(price.regularIncVat),
    regularPriceExVatFormatted: format(price.regularExVat),
    discountIncVatFormatted: format(price.discountIncVat),
    discountExVatFormatted: format(price.discountExVat),
    vatFormatted: format(price.vat),
    currency,
  };
}

function productType(product: ProductSummary, currency: Currency, languageId: string) {
  return {
    productId: product.productId,
    name: product.name,
    alias: product.alias,
    articleNumber: product.articleNumber,
    categoryId: product.categoryId,
    canonicalUrl: `/p/${product.alias}`,
    firstAvailableOn: product.firstAvailableOn,
    brand: { ...product.brand, canonicalUrl: `/b/${product.brand.alias}` },
    unitPrice: priceType(product.price, currency, languageId),
    productImages: product.image ? [{ fileName: product.image.fileName, tags: [] }] : [],
  };
}

export const listsResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
  async products(_: unknown, rawArgs: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
    const parsed = v.safeParse(ProductsArgs, rawArgs);
    if (!parsed.success) {
      throw new GraphQLError(parsed.issues[0].message, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    const args = parsed.output;
    const { market, language } = await resolveScope(ctx, rawArgs);
    const query: ProductListQuery = {
      marketId: market.id,
      languageId: language.id,
      skip: args.skip,
      take: args.take,
      sort: args.filter?.sort ?? 'NONE',
      categoryAlias: args.categoryAlias,
      brandAlias: args.brandAlias,
      discountCampaignAlias: args.discountCampaignAlias,
      now: ctx.now.toISOString(),
    };
    // graphql-js calls these only for the fields the operation selects: a list without `count` never counts.
    return {
      count: () => countProducts(ctx.db, query),
      products: async () =>
        (await listProducts(ctx.db, query)).map((product) => productType(product, market.currency, language.id)),
    };
  },
  },
};
