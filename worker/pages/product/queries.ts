/**
 * The product page's data (issue 5 'Product page'): its GraphQL documents and the loaders over them.
 * The product itself is critical; its other colours and its hreflang aliases follow it (they need its
 * brand, category and id); reviews and related products are deferred and never throw.
 */
import type { Context } from 'hono';
import type { ProductCardData } from '../../../client/views/components/ProductCard';
import { RELATED_PRODUCT_CARD } from '../../../core/graphql/product-card';
import type {
  ColourVariant,
  ParameterGroupData,
  ProductDetails,
  ReviewsData,
} from '../../../client/views/components/product/types';
import type { AppEnv } from '../../app-env';
import { colourVariants, type ColourCandidate } from './colour-variants';
import { graphql, type ResultOf } from '../../../core/graphql/tada';
import { listItems } from '../../../core/graphql/list-items';

export const PRODUCT_PAGE = graphql(/* GraphQL */ `
  query productPage($alias: String, $channelId: String, $languageId: String, $marketId: String) {
    product(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      productId
      name
      alias
      articleNumber
      brand {
        name
        alias
      }
      primaryCategory {
        name
        alias
      }
      productImages {
        fileName
      }
      texts {
        text1
        text2
      }
      meta {
        description
      }
      unitPrice {
        isDiscounted
        discountPercentage
        sellingPriceIncVat
        sellingPriceExVat
        sellingPriceIncVatFormatted
        sellingPriceExVatFormatted
        regularPriceIncVatFormatted
        regularPriceExVatFormatted
      }
      lowestPrice {
        lowestPriceIncVatFormatted
        lowestPriceExVatFormatted
      }
      skus {
        skuId
        articleNumber
        name
        gtin
        incoming
        stock {
          inStock
          oversellable
          static
          totalStock
          incoming
        }
      }
      totalStock {
        inStock
        oversellable
        static
        totalStock
        incoming
      }
      variantDimensions {
        dimension
        label
      }
      parameterGroups {
        parameterGroupId
        name
        parameters {
          name
          label
          value
          show
          identifier
        }
      }
      breadcrumbs {
        categoryId
        name
        url
      }
      discountCampaigns {
        campaignId
        name
        hideTitle
        canonicalUrl
      }
      rating {
        score
        voteCount
      }
    }
  }
`);

/** Products of one brand in one category: where the other colours of a product line are. */
export const PRODUCT_COLOUR_CANDIDATES = graphql(/* GraphQL */ `
  query productColourCandidates(
    $brandAlias: String
    $categoryAlias: String
    $take: Int
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    products(
      brandAlias: $brandAlias
      categoryAlias: $categoryAlias
      take: $take
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      products {
        alias
        name
        productImages {
          fileName
        }
        parameterGroups {
          parameterGroupId
          name
          parameters {
            name
            label
            value
            show
            identifier
          }
        }
      }
    }
  }
`);

export const PRODUCT_REVIEWS = graphql(/* GraphQL */ `
  query productReviews($alias: String, $take: Int, $channelId: String, $languageId: String, $marketId: String) {
    reviews(alias: $alias, take: $take, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      count
      averageRating
      reviews {
        rating
        comment
        reviewDate
        author
      }
    }
  }
`);

/** Related products with the fields a product card shows that RelatedProductType has (no productId). */
export const RELATED_PRODUCTS = graphql(
  /* GraphQL */ `
    query productRelated($alias: String!, $channelId: String, $languageId: String, $marketId: String) {
      relatedProducts(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        ...RelatedProductCard
      }
    }
  `,
  [RELATED_PRODUCT_CARD],
);

/** The logged-in customer's first name: the review form's name to start from (spec §3 Review: name). */
export const REVIEW_AUTHOR = graphql(/* GraphQL */ `
  query reviewAuthor($channelId: String, $languageId: String, $marketId: String) {
    getUser(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      address {
        firstName
      }
    }
  }
`);

/** Reviews shown on the page, newest first (the API's order). */
export const REVIEWS_SHOWN = 20;
/** A product line has at most a few dozen products in one brand and category (29 in the seed). */
const COLOUR_CANDIDATES_TAKE = 100;

type Ctx = Context<AppEnv>;

type ApiProduct = NonNullable<ResultOf<typeof PRODUCT_PAGE>['product']>;
type ApiParameterGroups = NonNullable<ApiProduct['parameterGroups']>;

/** Parameter groups without the holes of their lists (the page and the colour variants read them). */
function parameterGroupsOf(groups: ApiParameterGroups | null): ParameterGroupData[] {
  return listItems(groups).map((group) => ({ ...group, parameters: listItems(group.parameters) }));
}

/** The product as the page shows it: the API's answer with the holes of its lists left out. */
function productDetailsOf(product: ApiProduct): ProductDetails {
  return {
    ...product,
    productImages: listItems(product.productImages),
    skus: listItems(product.skus),
    variantDimensions: listItems(product.variantDimensions),
    parameterGroups: parameterGroupsOf(product.parameterGroups),
    breadcrumbs: listItems(product.breadcrumbs),
    discountCampaigns: listItems(product.discountCampaigns),
  };
}

/** The product with `alias` in the request's language (Swedish aliases work too), or null. */
export async function loadProduct(c: Ctx, alias: string): Promise<ProductDetails | null> {
  const data = await c.get('graphql').query(PRODUCT_PAGE, { alias });
  return data.product ? productDetailsOf(data.product) : null;
}

/** The product's other colours; none when they cannot be read (the page never fails for them). */
export async function loadColourVariants(c: Ctx, product: ProductDetails): Promise<ColourVariant[]> {
  const brandAlias = product.brand?.alias;
  const categoryAlias = product.primaryCategory?.alias;
  if (!brandAlias || !categoryAlias) return [];
  try {
    const data = await c.get('graphql').query(PRODUCT_COLOUR_CANDIDATES, {
      brandAlias,
      categoryAlias,
      take: COLOUR_CANDIDATES_TAKE,
    });
    const candidates: ColourCandidate[] = listItems(data.products?.products).map((candidate) => ({
      ...candidate,
      productImages: listItems(candidate.productImages),
      parameterGroups: parameterGroupsOf(candidate.parameterGroups),
    }));
    return colourVariants(product, candidates, c.get('languageId'));
  } catch (error) {
    console.error('colour variants failed', error);
    return [];
  }
}

export async function loadReviews(c: Ctx, alias: string): Promise<ReviewsData> {
  const data = await c.get('graphql').query(PRODUCT_REVIEWS, {
    alias,
    take: REVIEWS_SHOWN,
  });
  return data.reviews
    ? { ...data.reviews, reviews: listItems(data.reviews.reviews) }
    : { count: 0, averageRating: 0, reviews: [] };
}

/** Related products as the shared product cards, in the API's order. */
export async function loadRelatedProducts(c: Ctx, alias: string): Promise<ProductCardData[]> {
  const data = await c.get('graphql').query(RELATED_PRODUCTS, { alias });
  return listItems(data.relatedProducts);
}

/** The customer's first name for the review form; empty when there is none or it cannot be read. */
export async function loadReviewAuthor(c: Ctx): Promise<string> {
  try {
    const data = await c.get('graphql').query(REVIEW_AUTHOR, {});
    return data.getUser?.address?.firstName?.trim() ?? '';
  } catch (error) {
    console.error('review author failed', error);
    return '';
  }
}
