/**
 * The product page's data, as the page module (worker/pages/product/index.tsx) reads it from the API
 * (`productPage` query in worker/pages/product/queries.ts): every field the page's components show.
 */
import type { ProductCardData } from '../ProductCard';

export interface StockData {
  inStock: number;
  oversellable: number;
  static: number | null;
  totalStock: number;
  /** ISO date-time new stock arrives, or null. */
  incoming: string | null;
}

export interface SkuData {
  skuId: number;
  articleNumber: string;
  /** The size a sku stands for; a product without sizes has one sku named as the product. */
  name: string | null;
  gtin: string | null;
  stock: StockData | null;
  incoming: string | null;
}

export interface PriceData {
  isDiscounted: boolean;
  discountPercentage: number;
  sellingPriceIncVat: number;
  sellingPriceExVat: number;
  sellingPriceIncVatFormatted: string | null;
  sellingPriceExVatFormatted: string | null;
  regularPriceIncVatFormatted: string | null;
  regularPriceExVatFormatted: string | null;
}

/** The EU 30-day lowest price (Omnibus directive, art. 6a of 98/6/EC): shown beside a discount. */
export interface LowestPriceData {
  lowestPriceIncVatFormatted: string | null;
  lowestPriceExVatFormatted: string | null;
}

export interface ParameterData {
  name: string | null;
  label: string | null;
  value: string | null;
  show: boolean;
  identifier: string | null;
}

export interface ParameterGroupData {
  parameterGroupId: number | null;
  name: string | null;
  parameters: ParameterData[] | null;
}

export interface CampaignData {
  campaignId: string;
  name: string | null;
  hideTitle: boolean | null;
  canonicalUrl: string | null;
}

export interface BreadcrumbData {
  categoryId: number;
  name: string;
  /** The category's path in the API's form, `/c/{alias}`. */
  url: string | null;
}

export interface ProductDetails {
  productId: number;
  name: string | null;
  alias: string;
  articleNumber: string | null;
  brand: { name: string | null; alias: string | null } | null;
  primaryCategory: { name: string | null; alias: string | null } | null;
  productImages: { fileName: string }[] | null;
  texts: { text1: string | null; text2: string | null } | null;
  meta: { description: string | null } | null;
  unitPrice: PriceData | null;
  lowestPrice: LowestPriceData | null;
  skus: SkuData[] | null;
  totalStock: StockData | null;
  variantDimensions: { dimension: string | null; label: string | null }[] | null;
  parameterGroups: ParameterGroupData[] | null;
  breadcrumbs: BreadcrumbData[] | null;
  discountCampaigns: CampaignData[] | null;
  rating: { score: number; voteCount: number } | null;
}

/** Another colour of the same product line: a product of its own with its own alias. */
export interface ColourVariant {
  alias: string;
  colour: string;
  image: string | null;
}

export interface ReviewData {
  rating: number;
  comment: string;
  reviewDate: string;
  author: string;
}

export interface ReviewsData {
  count: number;
  averageRating: number;
  reviews: ReviewData[] | null;
}

/** The status a back-in-stock form post left in the URL (`?notify=`), with the email to show again. */
export type StockNotificationStatus =
  { result: 'ok' } | { result: 'invalid-email'; email: string } | { result: 'error' };

/** The messages the review form may show (spec §5 and the form's own). */
export type ReviewMessage =
  | 'api.product.ratingRequired'
  | 'api.product.required'
  | 'api.product.reviewPending'
  | 'api.product.tooManyReviews'
  | 'productPage.review.authorTooLong'
  | 'productPage.review.commentTooLong'
  | 'productPage.review.invalid'
  | 'productPage.review.failed';

/**
 * The review form as this shopper sees it (spec §4, §6: reviews need login): a guest gets a prompt to log
 * in; a customer the form, prefilled with their first name, or with what they typed and its errors after
 * a refused post, or the notice that the review waits for acceptance.
 */
export type ReviewFormData =
  | { kind: 'guest' }
  | {
      kind: 'customer';
      sent: boolean;
      author: string;
      rating: number | null;
      comment: string;
      errors: Partial<Record<'rating' | 'author' | 'comment', ReviewMessage>>;
      notice: ReviewMessage | null;
    };

export interface ProductPageData {
  product: ProductDetails;
  /** Personal: rendered per request, and the page is then never kept by a shared cache. */
  reviewForm: ReviewFormData;
  colourVariants: ColourVariant[];
  /** The shopper's favorite state of this product (the favorites endpoint toggles it). */
  isFavorite: boolean;
  notifyStatus: StockNotificationStatus | null;
  /** Deferred: resolve to null on failure, which shows a notice. */
  reviews: Promise<ReviewsData | null>;
  related: Promise<ProductCardData[] | null>;
}
