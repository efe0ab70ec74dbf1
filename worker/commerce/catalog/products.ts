/**
 * Whole product records (spec §3 Product) for a list of product ids, in one D1 batch: texts in the
 * language with Swedish as the fallback (spec §1), brand, categories and breadcrumbs, skus with stock,
 * the market's price under today's price campaigns, the 30-day price log, images, parameters and the
 * rating of accepted reviews. The product page, product lists and cart items all build on this.
 */
import { priceAgainst, priceWithCampaign, type PriceBreakdown } from '../pricing/pricing';
import { overriddenPriceIncVat, type PriceOverride } from '../pricing/price-validation';
import { priceLogOf, type PriceLog, type PricePoint } from '../pricing/price-log';
import { readProductRows, type ProductRows } from './product-rows';

export const FALLBACK_LANGUAGE_ID = 'sv-SE';
/** Parameter group holding Color (spec §3). */
export const COLOR_PARAMETER_GROUP_ID = 1;

export interface CategoryRecord {
  categoryId: number;
  /** 0 for a top-level category, as the API reports it. */
  parentCategoryId: number;
  name: string;
  alias: string;
  order: number;
  isHidden: boolean;
}

export interface SkuRecord {
  skuId: number;
  productId: number;
  articleNumber: string;
  gtin: string;
  /** null when the product has no sizes. */
  size: string | null;
  stock: number;
  /** Made to order: can be bought at zero stock. */
  oversellable: boolean;
  /** Stock that sales never lower, or null. */
  staticStock: number | null;
  /** yyyy-mm-dd new stock arrives, or null. */
  incoming: string | null;
  weightG: number;
}

export interface CampaignRecord {
  campaignId: number;
  alias: string;
  name: string;
  hideTitle: boolean;
  discountPercent: number;
}

export interface ParameterRecord {
  parameterId: number;
  identifier: string;
  name: string;
  value: string;
  valueKey: string;
  show: boolean;
  showInFilter: boolean;
  order: number;
}

export interface ParameterGroupRecord {
  parameterGroupId: number;
  name: string;
  order: number;
  parameters: ParameterRecord[];
}

export interface ProductRecord {
  productId: number;
  articleNumber: string;
  name: string;
  alias: string;
  shortText: string;
  description: string;
  metaTitle: string | null;
  metaDescription: string | null;
  firstAvailableOn: string;
  weightG: number;
  isActive: boolean;
  soldCount: number;
  brand: { brandId: number; name: string; alias: string };
  primaryCategory: CategoryRecord;
  categories: CategoryRecord[];
  /** From the top-level category down to the primary category. */
  breadcrumbs: CategoryRecord[];
  skus: SkuRecord[];
  price: PriceBreakdown;
  /** Active price campaigns of the product, the applied (largest) discount first. */
  campaigns: CampaignRecord[];
  priceLog: PriceLog;
  images: { fileName: string; width: number; height: number }[];
  parameterGroups: ParameterGroupRecord[];
  /** Average score and count of ACCEPTED reviews (spec §4: reviews are published after acceptance). */
  rating: { score: number; voteCount: number };
  discountType: 'PRICE_CAMPAIGN' | 'NONE';
}

export interface LoadProductsQuery {
  ids: readonly number[];
  marketId: string;
  languageId: string;
  now: Date;
  /** A validated automated-discount price in this market (price-validation.ts): lowers its product's price. */
  priceOverride?: PriceOverride;
}

/**
 * The records of `ids` in the market and language, in the order of `ids`. Ids of unknown products, or
 * of products without a price in the market, are left out; inactive products are included (a cart may
 * hold one) with `isActive` false.
 */
export async function loadProducts(db: D1Database, query: LoadProductsQuery): Promise<ProductRecord[]> {
  const ids = [...new Set(query.ids.filter((id) => Number.isSafeInteger(id)))];
  if (ids.length === 0) return [];
  const rows = await readProductRows(db, query, { ids });
  return ids.flatMap((id) => {
    const record = toRecord(id, rows, query.now, query.priceOverride);
    return record ? [record] : [];
  });
}

/** The record of one product, or null. */
export async function loadProduct(
  db: D1Database,
  query: Omit<LoadProductsQuery, 'ids'> & { id: number },
): Promise<ProductRecord | null> {
  const [record] = await loadProducts(db, { ...query, ids: [query.id] });
  return record ?? null;
}

function toRecord(id: number, rows: ProductRows, now: Date, priceOverride?: PriceOverride): ProductRecord | null {
  const product = rows.products.get(id);
  if (!product) return null;
  const campaigns = rows.campaigns.get(id) ?? [];
  const campaignPrice = priceWithCampaign(
    product.regularIncVat,
    product.vatRateBp,
    campaigns[0]?.discountPercent ?? 0,
    product.currency,
  );
  const validated = overriddenPriceIncVat(
    priceOverride,
    { productId: id, articleNumber: product.fields.articleNumber },
    campaignPrice.sellingIncVat,
    now,
  );
  const price =
    validated === undefined ? campaignPrice : priceAgainst(product.regularIncVat, validated, product.vatRateBp);
  const primaryCategory = rows.categories.get(product.primaryCategoryId);
  if (!primaryCategory) throw new Error(`Product ${id} has an unknown primary category`);
  const categoryIds = rows.productCategories.get(id) ?? [product.primaryCategoryId];
  const history: PricePoint[] = rows.priceHistory.get(id) ?? [];
  return {
    ...product.fields,
    primaryCategory,
    categories: categoryIds.flatMap((categoryId) => rows.categories.get(categoryId) ?? []),
    breadcrumbs: breadcrumbsOf(primaryCategory, rows.categories),
    skus: rows.skus.get(id) ?? [],
    price,
    campaigns,
    priceLog: priceLogOf(history, price.sellingIncVat, now),
    images: rows.images.get(id) ?? [],
    parameterGroups: rows.parameterGroups.get(id) ?? [],
    rating: rows.ratings.get(id) ?? { score: 0, voteCount: 0 },
    discountType: price.isDiscounted ? 'PRICE_CAMPAIGN' : 'NONE',
  };
}

function breadcrumbsOf(category: CategoryRecord, categories: ReadonlyMap<number, CategoryRecord>): CategoryRecord[] {
  const path: CategoryRecord[] = [];
  for (
    let at: CategoryRecord | undefined = category;
    at && path.length < 10;
    at = categories.get(at.parentCategoryId)
  ) {
    path.unshift(at);
  }
  return path;
}

/**
 * Stock of a sku as the API reports it (StockType: totalStock = inStock + oversellable + static).
 * Made-to-order skus have no limit; the API's count of units that can be oversold is then
 * MADE_TO_ORDER_UNITS, so storefronts that test `oversellable > 0` show "made to order".
 */
export const MADE_TO_ORDER_UNITS = 9999;

export interface StockFigures {
  inStock: number;
  oversellable: number;
  static: number | null;
  totalStock: number;
  incoming: string | null;
}

/** StockType figures of one sku. */
export function stockOf(sku: SkuRecord): StockFigures {
  const staticUnits = sku.staticStock ?? 0;
  const inStock = Math.max(0, sku.stock - staticUnits);
  const oversellable = sku.oversellable ? MADE_TO_ORDER_UNITS : 0;
  return {
    inStock,
    oversellable,
    static: sku.staticStock,
    totalStock: inStock + oversellable + staticUnits,
    incoming: sku.incoming,
  };
}

/** StockType figures of a whole product: the sum over its skus, the earliest incoming date. */
export function totalStockOf(skus: readonly SkuRecord[]): StockFigures {
  const figures = skus.map(stockOf);
  const sum = (pick: (f: StockFigures) => number) => figures.reduce((total, f) => total + pick(f), 0);
  const anyStatic = figures.some((f) => f.static !== null);
  const incoming =
    figures
      .map((f) => f.incoming)
      .filter((d): d is string => d !== null)
      .sort()[0] ?? null;
  return {
    inStock: sum((f) => f.inStock),
    oversellable: sum((f) => f.oversellable),
    static: anyStatic ? sum((f) => f.static ?? 0) : null,
    totalStock: sum((f) => f.totalStock),
    incoming,
  };
}

/**
 * The id of the active product whose alias is `alias` in the language, else in Swedish (spec §1), or null.
 */
/**
 * The products of a list's page (`list` is its ordered, paged id query), in the list's order, read in
 * one batch together with the page itself.
 */
export async function loadProductList(
  db: D1Database,
  query: Omit<LoadProductsQuery, 'ids'> & { list: { sql: string; bind: unknown[] } },
): Promise<ProductRecord[]> {
  const rows = await readProductRows(db, query, { list: query.list });
  return rows.order.flatMap((id) => toRecord(id, rows, query.now, query.priceOverride) ?? []);
}

/**
 * The active product with `alias` in the language (else in Swedish), read in the same single batch as
 * `loadProducts`; null when there is none.
 */
export async function loadProductByAlias(
  db: D1Database,
  query: Omit<LoadProductsQuery, 'ids'> & { alias: string },
): Promise<ProductRecord | null> {
  const rows = await readProductRows(db, query, { alias: query.alias, languageId: query.languageId });
  const [id] = rows.products.keys();
  return id === undefined ? null : toRecord(id, rows, query.now, query.priceOverride);
}

export async function findProductIdByAlias(db: D1Database, alias: string, languageId: string): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT t.product_id FROM product_texts t JOIN products p ON p.id = t.product_id
       WHERE t.alias = ? AND t.language_id IN (?, ?) AND p.is_active = 1
       ORDER BY t.language_id = ? DESC LIMIT 1`,
    )
    .bind(alias, languageId, FALLBACK_LANGUAGE_ID, languageId)
    .first<{ product_id: number }>();
  return row?.product_id ?? null;
}

export const RELATED_PRODUCTS_LIMIT = 8;

/**
 * Products related to `productId`: the other active products of its primary (leaf) category, those of
 * the same brand first, then the best sellers; ties by id, so the answer is stable.
 */
export async function relatedProductIds(
  db: D1Database,
  productId: number,
  limit = RELATED_PRODUCTS_LIMIT,
): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT r.id FROM products p
       JOIN products r ON r.primary_category_id = p.primary_category_id AND r.id <> p.id AND r.is_active = 1
       WHERE p.id = ?
       ORDER BY r.brand_id = p.brand_id DESC, r.sold_count DESC, r.id
       LIMIT ?`,
    )
    .bind(productId, limit)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}
