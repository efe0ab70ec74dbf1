/**
 * The product domain (issue 3): `product`, `relatedProducts`, `reviews`, and the shopper's
 * `monitorProductAvailability` and `postProductReview`.
 */
import type { GraphQLError } from 'graphql';
import * as v from 'valibot';
import type { MessageKey } from '../../../locales';
import {
  findProductIdByAlias,
  loadProduct,
  loadProductByAlias,
  loadProducts,
  relatedProductIds,
} from '../../commerce/catalog/products';
import { acceptedReviews, customerExists, submitReview } from '../../commerce/catalog/reviews';
import { skuExists, subscribeToStock } from '../../commerce/catalog/stock-subscriptions';
import { priceOverrideOf, resolveScope, type GraphQLContext, type Scope, type ScopeArgs } from '../context';
import { userError } from '../errors';
import { productTypeOf, relatedProductTypeOf } from '../product-type';
import type { DomainResolvers } from './types';

export const DEFAULT_REVIEWS_TAKE = 20;
export const MAX_REVIEWS_TAKE = 100;
const MAX_AUTHOR_LENGTH = 100;
const MAX_COMMENT_LENGTH = 2000;
const MAX_ALIAS_LENGTH = 300;

// Messages are locale keys; `parse` turns the first issue into a localized GraphQL error.
const Alias = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('api.product.required'),
  v.maxLength(MAX_ALIAS_LENGTH, 'api.product.tooLong'),
);
const ProductArgs = v.object({
  alias: v.nullish(Alias),
  productId: v.nullish(v.pipe(v.number(), v.integer())),
});
const RelatedProductsArgs = v.object({ alias: Alias });
const ReviewsArgs = v.object({
  alias: v.nullish(Alias),
  skip: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0, 'api.product.invalidPaging')), 0),
  take: v.nullish(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0, 'api.product.invalidPaging'),
      v.maxValue(MAX_REVIEWS_TAKE, 'api.product.invalidPaging'),
    ),
    DEFAULT_REVIEWS_TAKE,
  ),
});
const MonitorArgs = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(254, 'api.product.invalidEmail'),
    v.email('api.product.invalidEmail'),
  ),
  skuId: v.pipe(v.number(), v.integer()),
});
const ReviewArgs = v.object({
  alias: Alias,
  author: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('api.product.required'),
    v.maxLength(MAX_AUTHOR_LENGTH, 'api.product.tooLong'),
  ),
  comment: v.pipe(
    v.nullish(v.string(), ''),
    v.trim(),
    v.nonEmpty('api.product.required'),
    v.maxLength(MAX_COMMENT_LENGTH, 'api.product.tooLong'),
  ),
  // spec §5: a review needs a star rating.
  rating: v.pipe(
    v.nullish(v.number(), 0),
    v.integer('api.product.ratingRequired'),
    v.minValue(1, 'api.product.ratingRequired'),
    v.maxValue(5, 'api.product.ratingRequired'),
  ),
});

/** The parsed arguments, or a localized error naming the first problem. */
function parse<TSchema extends v.GenericSchema>(
  schema: TSchema,
  args: ScopeArgs,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw localizedIssue(args.languageId, result.issues[0]);
}

function localizedIssue(languageId: string | null | undefined, issue: v.BaseIssue<unknown>): GraphQLError {
  const key = issue.message.startsWith('api.product.') ? (issue.message as MessageKey) : 'api.product.required';
  const max = key === 'api.product.invalidPaging' ? MAX_REVIEWS_TAKE : Number(issue.requirement);
  return userError(languageId, key, { max });
}

async function productIdOf(ctx: GraphQLContext, scope: Scope, alias: string): Promise<number | null> {
  return findProductIdByAlias(ctx.db, alias, scope.language.id);
}

export const productResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
    /** A product by id (wins when both are given) or by alias; null when there is no such active product. */
    async product(_: unknown, args: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const { alias, productId } = parse(ProductArgs, args, args);
      if (!alias && productId == null) throw userError(args.languageId, 'api.product.required');
      const scope = await resolveScope(ctx, args);
      const query = {
        marketId: scope.market.id,
        languageId: scope.language.id,
        now: ctx.now,
        priceOverride: priceOverrideOf(ctx, scope.market, 'productPage'),
      };
      const record =
        productId != null
          ? await loadProduct(ctx.db, { ...query, id: productId })
          : await loadProductByAlias(ctx.db, { ...query, alias: alias! });
      if (!record?.isActive) return null;
      ctx.keptPageRender?.productsShown([record.productId]);
      return productTypeOf(record, scope);
    },

    /** Other products of the product's leaf category, its brand first; empty for an unknown alias. */
    async relatedProducts(_: unknown, args: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const { alias } = parse(RelatedProductsArgs, args, args);
      const scope = await resolveScope(ctx, args);
      const id = await productIdOf(ctx, scope, alias);
      if (id === null) return [];
      const ids = await relatedProductIds(ctx.db, id);
      const records = await loadProducts(ctx.db, {
        ids,
        marketId: scope.market.id,
        languageId: scope.language.id,
        now: ctx.now,
        priceOverride: priceOverrideOf(ctx, scope.market, 'productPage'),
      });
      ctx.keptPageRender?.productsShown(records.map((record) => record.productId));
      return records.map((record) => relatedProductTypeOf(record, scope, 'RELATED'));
    },

    /** Accepted reviews of a product (or of every product without an alias), newest first. */
    async reviews(_: unknown, args: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const { alias, skip, take } = parse(ReviewsArgs, args, args);
      const scope = await resolveScope(ctx, args);
      const productId = alias ? await productIdOf(ctx, scope, alias) : null;
      if (alias && productId === null) return { count: 0, averageRating: 0, reviews: [] };
      const page = await acceptedReviews(ctx.db, { productId, skip, take });
      return {
        count: page.count,
        averageRating: page.averageRating,
        reviews: page.reviews.map((review) => ({ ...review, reviewDate: review.createdAt })),
      };
    },
  },

  GeinsMerchantApiMutation: {
    /** Subscribes an email to a sku's return to stock; subscribing twice stores one subscription. */
    async monitorProductAvailability(_: unknown, args: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const { email, skuId } = parse(MonitorArgs, args, args);
      const scope = await resolveScope(ctx, args);
      if (!(await skuExists(ctx.db, skuId)))
        throw userError(args.languageId, 'api.product.skuNotFound', {}, 'NOT_FOUND');
      await subscribeToStock(ctx.db, {
        email,
        skuId,
        languageId: scope.language.id,
        marketId: scope.market.id,
        now: ctx.now,
      });
      return true;
    },

    /**
     * A logged-in customer's review, stored as PENDING until accepted (spec §4); one waiting review per
     * product and a daily limit per customer (worker/commerce/catalog/reviews.ts).
     */
    async postProductReview(_: unknown, args: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const customer = ctx.customer;
      if (!customer || !(await customerExists(ctx.db, customer.id))) {
        throw userError(args.languageId, 'api.product.loginRequired', {}, 'UNAUTHENTICATED');
      }
      const review = parse(ReviewArgs, args, args);
      const scope = await resolveScope(ctx, args);
      const productId = await productIdOf(ctx, scope, review.alias);
      if (productId === null) throw userError(args.languageId, 'api.product.notFound', {}, 'NOT_FOUND');
      const submitted = await submitReview(ctx.db, {
        productId,
        customerId: customer.id,
        author: review.author,
        rating: review.rating,
        comment: review.comment,
        languageId: scope.language.id,
        now: ctx.now,
      });
      if (submitted === 'ALREADY_PENDING')
        throw userError(args.languageId, 'api.product.reviewPending', {}, 'CONFLICT');
      if (submitted === 'DAILY_LIMIT') throw userError(args.languageId, 'api.product.tooManyReviews', {}, 'FORBIDDEN');
      return true;
    },
  },
};
