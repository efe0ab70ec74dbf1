/**
 * ProductType and RelatedProductType of the API from a product record (worker/commerce/catalog/products.ts).
 * Product lists, the product page and cart items all report products through `productTypeOf`.
 */
import { createTranslator, localeOfLanguageId } from '../../locales';
import type { Language, Market } from '../commerce/channel/channel';
import { exVat, formatMoney } from '../commerce/pricing/money';
import { priceAgainst } from '../commerce/pricing/pricing';
import {
  stockOf,
  totalStockOf,
  type CategoryRecord,
  type ProductRecord,
  type SkuRecord,
} from '../commerce/catalog/products';
import { withMarketPath } from '../../core/market-path';
import { priceType } from './price-type';

/** The market and language a product is reported in (a `Scope` from resolveScope fits). */
export interface ProductScope {
  market: Market;
  language: Language;
  /** What canonical URLs start with ('/se/sv' with the market in the path, Scope.pathPrefix); none: ''. */
  pathPrefix?: string;
}

export const productUrl = (alias: string) => `/p/${alias}`;
const categoryUrl = (alias: string) => `/c/${alias}`;
const brandUrl = (alias: string) => `/b/${alias}`;
const campaignUrl = (alias: string) => `/dc/${alias}`;

/** A yyyy-mm-dd date as the API's DateTime (midnight UTC). */
function dateTime(date: string | null): string | null {
  return date ? `${date}T00:00:00Z` : null;
}

function categoryType(category: CategoryRecord, prefix: string) {
  return { ...category, canonicalUrl: withMarketPath(prefix, categoryUrl(category.alias)) };
}

function stockType(figures: ReturnType<typeof stockOf>) {
  return { ...figures, incoming: dateTime(figures.incoming) };
}

function skuType(sku: SkuRecord, productName: string) {
  return {
    skuId: sku.skuId,
    productId: sku.productId,
    articleNumber: sku.articleNumber,
    // A sku's name is its size (what a size picker shows); a product without sizes has one sku named as it.
    name: sku.size ?? productName,
    gtin: sku.gtin,
    stock: stockType(stockOf(sku)),
    incoming: dateTime(sku.incoming),
    weight: sku.weightG,
  };
}

/**
 * Variants. Our catalog has no variant groups of several products; the only dimension a product varies
 * in is the size of its skus. So a product with sizes reports one dimension (Size, sku level 0) and its
 * sized skus as the variants of its group; a product without sizes has no variants.
 */
function variantsOf(record: ProductRecord, scope: ProductScope) {
  const sized = record.skus.filter((sku) => sku.size !== null);
  if (sized.length === 0) return { variantDimensions: [], variantGroup: null };
  const label = createTranslator(localeOfLanguageId(scope.language.id))('api.product.size');
  const variants = sized.map((sku) => ({
    level: 0,
    dimension: 'Size',
    type: 'sku',
    value: sku.size,
    label: sku.size,
    name: sku.size,
    alias: record.alias,
    skuId: sku.skuId,
    productId: record.productId,
    incoming: dateTime(sku.incoming),
    stock: stockType(stockOf(sku)),
    primaryImage: null,
    attributes: [],
    variants: [],
  }));
  return {
    variantDimensions: [{ level: 0, dimension: 'Size', type: 'sku', value: null, label, attributes: [], group: [] }],
    variantGroup: {
      variantGroupId: record.productId,
      name: record.name,
      mainProductId: record.productId,
      collapseInLists: false,
      activeProducts: record.isActive ? 1 : 0,
      variants,
    },
  };
}

/** LowestPriceType: today's price against the lowest and the comparison price of the last 30 days. */
function lowestPriceType(record: ProductRecord, scope: ProductScope) {
  const { price, priceLog } = record;
  const vatRateBp = price.vatRateBp;
  const format = (amount: number) => formatMoney({ amount, currency: scope.market.currency.code }, scope.language.id);
  const against = priceAgainst(priceLog.comparisonIncVat, price.sellingIncVat, vatRateBp);
  const amounts = {
    sellingPriceIncVat: price.sellingIncVat,
    sellingPriceExVat: price.sellingExVat,
    comparisonPriceIncVat: priceLog.comparisonIncVat,
    comparisonPriceExVat: exVat(priceLog.comparisonIncVat, vatRateBp),
    lowestPriceIncVat: priceLog.lowestIncVat,
    lowestPriceExVat: exVat(priceLog.lowestIncVat, vatRateBp),
    discountIncVat: against.discountIncVat,
    discountExVat: against.discountExVat,
    vat: price.vat,
  };
  const result: Record<string, unknown> = {
    discountPercentage: against.discountPercentage,
    isDiscounted: against.isDiscounted,
  };
  for (const [field, amount] of Object.entries(amounts)) {
    result[field] = amount / 100;
    result[`${field}Formatted`] = format(amount);
  }
  return result;
}

function priceLogType(record: ProductRecord, scope: ProductScope) {
  const { price, priceLog } = record;
  return priceLog.points.map((point) => ({
    ...priceType(
      priceAgainst(price.regularIncVat, point.sellingIncVat, price.vatRateBp),
      scope.market.currency,
      scope.language.id,
    ),
    isLowest: point.sellingIncVat === priceLog.lowestIncVat,
    date: point.date,
  }));
}

function campaignTypes(record: ProductRecord, prefix: string) {
  return record.campaigns.map((campaign) => ({
    campaignId: String(campaign.campaignId),
    name: campaign.name,
    hideTitle: campaign.hideTitle,
    canonicalUrl: withMarketPath(prefix, campaignUrl(campaign.alias)),
  }));
}

function parameterGroupTypes(record: ProductRecord) {
  return record.parameterGroups.map((group) => ({
    parameterGroupId: group.parameterGroupId,
    productId: record.productId,
    name: group.name,
    order: group.order,
    parameters: group.parameters.map((parameter) => ({
      parameterId: parameter.parameterId,
      parameterGroupId: group.parameterGroupId,
      order: parameter.order,
      name: parameter.name,
      label: parameter.name,
      value: parameter.value,
      show: parameter.show,
      showFilter: parameter.showInFilter,
      identifier: parameter.identifier,
    })),
  }));
}

function productImages(record: ProductRecord) {
  return record.images.map((image) => ({ fileName: image.fileName, tags: [] }));
}

/** ProductType of the API for one product record, in the scope's currency and language. */
export function productTypeOf(record: ProductRecord, scope: ProductScope) {
  const { currency } = scope.market;
  const prefix = scope.pathPrefix ?? '';
  return {
    productId: record.productId,
    name: record.name,
    alias: record.alias,
    articleNumber: record.articleNumber,
    categoryId: record.primaryCategory.categoryId,
    canonicalUrl: withMarketPath(prefix, productUrl(record.alias)),
    firstAvailableOn: record.firstAvailableOn,
    // text1 is the main product text, text2 the short one; our catalog has no third text.
    texts: { text1: record.description, text2: record.shortText, text3: null },
    type: 'product',
    skus: record.skus.map((sku) => skuType(sku, record.name)),
    brand: { ...record.brand, canonicalUrl: withMarketPath(prefix, brandUrl(record.brand.alias)) },
    categories: record.categories.map((category) => categoryType(category, prefix)),
    primaryCategory: categoryType(record.primaryCategory, prefix),
    breadcrumbs: record.breadcrumbs.map((category) => ({
      categoryId: category.categoryId,
      parentCategoryId: category.parentCategoryId,
      name: category.name,
      url: withMarketPath(prefix, categoryUrl(category.alias)),
    })),
    unitPrice: priceType(record.price, currency, scope.language.id),
    lowestPrice: () => lowestPriceType(record, scope),
    priceLog: () => priceLogType(record, scope),
    images: record.images.map((image) => image.fileName),
    productImages: productImages(record),
    parameterGroups: () => parameterGroupTypes(record),
    ...variantsOf(record, scope),
    rating: record.rating,
    totalStock: stockType(totalStockOf(record.skus)),
    meta: {
      title: record.metaTitle ?? record.name,
      description: record.metaDescription ?? record.shortText,
      keywords: null,
    },
    discountCampaigns: campaignTypes(record, prefix),
    discountType: record.discountType,
    weight: record.weightG,
  };
}

/** RelatedProductType of the API for a product related to another by `relation`. */
export function relatedProductTypeOf(
  record: ProductRecord,
  scope: ProductScope,
  relation: 'RELATED' | 'ACCESSORIES' | 'SIMILAR',
) {
  const prefix = scope.pathPrefix ?? '';
  return {
    alias: record.alias,
    name: record.name,
    canonicalUrl: withMarketPath(prefix, productUrl(record.alias)),
    brand: { ...record.brand, canonicalUrl: withMarketPath(prefix, brandUrl(record.brand.alias)) },
    unitPrice: priceType(record.price, scope.market.currency, scope.language.id),
    relation,
    relationType: relation,
    primaryImage: record.images[0]?.fileName ?? null,
    secondaryImage: record.images[1]?.fileName ?? null,
    images: record.images.map((image) => image.fileName),
    productImages: productImages(record),
    skus: record.skus.map((sku) => skuType(sku, record.name)),
    discountCampaigns: campaignTypes(record, prefix),
    primaryCategory: categoryType(record.primaryCategory, prefix),
    parameterGroups: () => parameterGroupTypes(record),
  };
}
