/**
 * The D1 reads behind `loadProducts`: one batch of index-backed statements over a JSON list of product
 * ids (json_each), grouped by product. Texts come in the language asked for, else Swedish.
 */
import type {
  CampaignRecord,
  CategoryRecord,
  LoadProductsQuery,
  ParameterGroupRecord,
  ProductRecord,
  SkuRecord,
} from './products';
import type { PricePoint } from '../pricing/price-log';

const SV = 'sv-SE';
/**
 * Which products a batch reads: a list of ids (bound as JSON), or the active product with an alias in
 * the language or Swedish (so a product page needs one round trip, not a lookup and then a batch).
 */
export type ProductSource =
  | { ids: readonly number[] }
  | { alias: string; languageId: string }
  /** A product list's own query (ordered, paged ids): the page and its products in one round trip. */
  | { list: { sql: string; bind: unknown[] } };

function sourceSql(source: ProductSource): { sql: string; bind: unknown[] } {
  if ('ids' in source) return { sql: 'SELECT value FROM json_each(?)', bind: [JSON.stringify(source.ids)] };
  if ('list' in source) return source.list;
  return {
    sql: `SELECT t.product_id FROM product_texts t JOIN products p ON p.id = t.product_id
      WHERE t.alias = ? AND t.language_id IN (?, '${SV}') AND p.is_active = 1
      ORDER BY t.language_id = '${SV}' LIMIT 1`,
    bind: [source.alias, source.languageId],
  };
}

type ProductFields = Pick<
  ProductRecord,
  | 'productId'
  | 'articleNumber'
  | 'name'
  | 'alias'
  | 'shortText'
  | 'description'
  | 'metaTitle'
  | 'metaDescription'
  | 'firstAvailableOn'
  | 'weightG'
  | 'isActive'
  | 'soldCount'
  | 'brand'
>;

export interface ProductRows {
  products: Map<
    number,
    { fields: ProductFields; primaryCategoryId: number; regularIncVat: number; vatRateBp: number; currency: string }
  >;
  campaigns: Map<number, CampaignRecord[]>;
  skus: Map<number, SkuRecord[]>;
  images: Map<number, ProductRecord['images']>;
  parameterGroups: Map<number, ParameterGroupRecord[]>;
  categories: Map<number, CategoryRecord>;
  productCategories: Map<number, number[]>;
  ratings: Map<number, ProductRecord['rating']>;
  priceHistory: Map<number, PricePoint[]>;
  /** For a list source: its product ids in the list's order. */
  order: number[];
}

const PRODUCTS_SQL = (IDS: string) => `
  SELECT p.id, p.article_number, p.first_available_on, p.weight_g, p.is_active, p.sold_count, p.primary_category_id,
    t.name, t.alias, t.short_text, t.description, t.meta_title, t.meta_description,
    b.id AS brand_id, b.name AS brand_name, b.alias AS brand_alias, pr.regular_inc_vat, pr.vat_rate_bp,
    m.currency_code
  FROM products p
  JOIN prices pr ON pr.product_id = p.id AND pr.market_id = ?
  JOIN markets m ON m.id = pr.market_id
  JOIN brands b ON b.id = p.brand_id
  JOIN product_texts t ON t.product_id = p.id AND t.language_id = (
    SELECT x.language_id FROM product_texts x WHERE x.product_id = p.id AND x.language_id IN (?, '${SV}')
    ORDER BY x.language_id = '${SV}' LIMIT 1)
  WHERE p.id IN (${IDS})`;

const CAMPAIGNS_SQL = (IDS: string) => `
  SELECT cp.product_id, c.id, c.alias, c.discount_percent, c.hide_title, COALESCE(t.name, tsv.name, c.alias) AS name
  FROM campaign_products cp
  JOIN campaigns c ON c.id = cp.campaign_id
  LEFT JOIN campaign_texts t ON t.campaign_id = c.id AND t.language_id = ?
  LEFT JOIN campaign_texts tsv ON tsv.campaign_id = c.id AND tsv.language_id = '${SV}'
  WHERE cp.product_id IN (${IDS}) AND c.kind = 'PRICE_CAMPAIGN' AND c.is_active = 1
    AND c.starts_at <= ? AND (c.ends_at IS NULL OR c.ends_at > ?)
  ORDER BY cp.product_id, c.discount_percent DESC, c.id`;

const SKUS_SQL = (IDS: string) => `
  SELECT id, product_id, article_number, gtin, size, stock, oversellable, static_stock, incoming, weight_g
  FROM skus WHERE product_id IN (${IDS}) ORDER BY product_id, sort_order, id`;

const IMAGES_SQL = (IDS: string) => `
  SELECT product_id, file_name, width, height FROM product_images
  WHERE product_id IN (${IDS}) ORDER BY product_id, position`;

// Values in the language and in Swedish; the language's value wins per parameter (see groupParameters).
const PARAMETERS_SQL = (IDS: string) => `
  SELECT v.product_id, v.language_id, v.value, v.value_key, pa.id AS parameter_id, pa.identifier, pa.show,
    pa.show_in_filter, pa.sort_order, g.id AS group_id, g.sort_order AS group_order,
    COALESCE(pt.name, ptsv.name) AS parameter_name, COALESCE(gt.name, gtsv.name) AS group_name
  FROM product_parameter_values v
  JOIN parameters pa ON pa.id = v.parameter_id
  JOIN parameter_groups g ON g.id = pa.group_id
  LEFT JOIN parameter_texts pt ON pt.parameter_id = pa.id AND pt.language_id = ?
  LEFT JOIN parameter_texts ptsv ON ptsv.parameter_id = pa.id AND ptsv.language_id = '${SV}'
  LEFT JOIN parameter_group_texts gt ON gt.group_id = g.id AND gt.language_id = ?
  LEFT JOIN parameter_group_texts gtsv ON gtsv.group_id = g.id AND gtsv.language_id = '${SV}'
  WHERE v.product_id IN (${IDS}) AND v.language_id IN (?, '${SV}')
  ORDER BY v.product_id, g.sort_order, g.id, pa.sort_order, pa.id`;

// The products' categories and every ancestor of them (for breadcrumbs).
const CATEGORIES_SQL = (IDS: string) => `
  WITH RECURSIVE wanted(id) AS (
    SELECT category_id FROM product_categories WHERE product_id IN (${IDS})
    UNION SELECT primary_category_id FROM products WHERE id IN (${IDS})
    UNION SELECT c.parent_id FROM categories c JOIN wanted w ON c.id = w.id WHERE c.parent_id IS NOT NULL
  )
  SELECT c.id, c.parent_id, c.sort_order, c.is_hidden, COALESCE(t.name, tsv.name) AS name, COALESCE(t.alias, tsv.alias) AS alias
  FROM categories c
  JOIN wanted w ON w.id = c.id
  LEFT JOIN category_texts t ON t.category_id = c.id AND t.language_id = ?
  LEFT JOIN category_texts tsv ON tsv.category_id = c.id AND tsv.language_id = '${SV}'`;

const PRODUCT_CATEGORIES_SQL = (IDS: string) => `
  SELECT pc.product_id, pc.category_id FROM product_categories pc JOIN products p ON p.id = pc.product_id
  WHERE pc.product_id IN (${IDS}) ORDER BY pc.product_id, pc.category_id = p.primary_category_id DESC, pc.category_id`;

const RATINGS_SQL = (IDS: string) => `
  SELECT product_id, AVG(rating) AS score, COUNT(*) AS votes FROM reviews
  WHERE product_id IN (${IDS}) AND status = 'ACCEPTED' GROUP BY product_id`;

const PRICE_HISTORY_SQL = (IDS: string) => `
  SELECT product_id, date, selling_inc_vat FROM price_history
  WHERE market_id = ? AND product_id IN (${IDS}) ORDER BY product_id, date`;

function groupBy<Row extends { product_id: number }, Item>(rows: Row[], map: (row: Row) => Item): Map<number, Item[]> {
  const grouped = new Map<number, Item[]>();
  for (const row of rows) {
    let items = grouped.get(row.product_id);
    if (!items) grouped.set(row.product_id, (items = []));
    items.push(map(row));
  }
  return grouped;
}

type Row = Record<string, any> & { product_id: number };

/** Reads every row `loadProducts` needs for the products of `source`, in one batch. */
export async function readProductRows(
  db: D1Database,
  query: Omit<LoadProductsQuery, 'ids'>,
  source: ProductSource,
): Promise<ProductRows> {
  const { sql: ids, bind: id } = sourceSql(source);
  const { marketId, languageId } = query;
  const now = query.now.toISOString();
  const results = await db.batch<Row>([
    db.prepare(PRODUCTS_SQL(ids)).bind(marketId, languageId, ...id),
    db.prepare(CAMPAIGNS_SQL(ids)).bind(languageId, ...id, now, now),
    db.prepare(SKUS_SQL(ids)).bind(...id),
    db.prepare(IMAGES_SQL(ids)).bind(...id),
    db.prepare(PARAMETERS_SQL(ids)).bind(languageId, languageId, ...id, languageId),
    db.prepare(CATEGORIES_SQL(ids)).bind(...id, ...id, languageId),
    db.prepare(PRODUCT_CATEGORIES_SQL(ids)).bind(...id),
    db.prepare(RATINGS_SQL(ids)).bind(...id),
    db.prepare(PRICE_HISTORY_SQL(ids)).bind(marketId, ...id),
    ...('list' in source ? [db.prepare(source.list.sql).bind(...source.list.bind)] : []),
  ]);
  const [products, campaigns, skus, images, parameters, categories, productCategories, ratings, history, order] =
    results.map((result) => result.results) as Row[][];
  return {
    products: new Map(products!.map((row) => [row.id as number, productOf(row)])),
    campaigns: groupBy(campaigns!, (row): CampaignRecord => ({
      campaignId: row.id,
      alias: row.alias,
      name: row.name,
      hideTitle: row.hide_title === 1,
      discountPercent: row.discount_percent,
    })),
    skus: groupBy(skus!, skuOf),
    images: groupBy(images!, (row) => ({ fileName: row.file_name, width: row.width, height: row.height })),
    parameterGroups: groupParameters(parameters!, languageId),
    categories: new Map(categories!.map((row) => [row.id as number, categoryOf(row)])),
    productCategories: groupBy(productCategories!, (row) => row.category_id as number),
    ratings: new Map(
      ratings!.map((row) => [row.product_id, { score: Math.round(row.score * 100) / 100, voteCount: row.votes }]),
    ),
    priceHistory: groupBy(history!, (row): PricePoint => ({ date: row.date, sellingIncVat: row.selling_inc_vat })),
    order: (order ?? []).map((row) => row.id as number),
  };
}

function productOf(row: Row): ProductRows['products'] extends Map<number, infer V> ? V : never {
  return {
    fields: {
      productId: row.id,
      articleNumber: row.article_number,
      name: row.name,
      alias: row.alias,
      shortText: row.short_text,
      description: row.description,
      metaTitle: row.meta_title,
      metaDescription: row.meta_description,
      firstAvailableOn: row.first_available_on,
      weightG: row.weight_g,
      isActive: row.is_active === 1,
      soldCount: row.sold_count,
      brand: { brandId: row.brand_id, name: row.brand_name, alias: row.brand_alias },
    },
    primaryCategoryId: row.primary_category_id,
    regularIncVat: row.regular_inc_vat,
    vatRateBp: row.vat_rate_bp,
    currency: row.currency_code,
  };
}

function skuOf(row: Row): SkuRecord {
  return {
    skuId: row.id,
    productId: row.product_id,
    articleNumber: row.article_number,
    gtin: row.gtin,
    size: row.size,
    stock: row.stock,
    oversellable: row.oversellable === 1,
    staticStock: row.static_stock,
    incoming: row.incoming,
    weightG: row.weight_g,
  };
}

function categoryOf(row: Record<string, any>): CategoryRecord {
  return {
    categoryId: row.id,
    parentCategoryId: row.parent_id ?? 0,
    name: row.name,
    alias: row.alias,
    order: row.sort_order,
    isHidden: row.is_hidden === 1,
  };
}

/** Parameter rows (ordered by group, then parameter) as groups per product; the language's value wins. */
function groupParameters(rows: Row[], languageId: string): Map<number, ParameterGroupRecord[]> {
  const key = (row: Row) => `${row.product_id}:${row.parameter_id}`;
  const translated = new Set(rows.filter((row) => row.language_id === languageId).map(key));
  const wanted = rows.filter((row) => row.language_id === languageId || !translated.has(key(row)));
  const result = new Map<number, ParameterGroupRecord[]>();
  for (const row of wanted) {
    let groups = result.get(row.product_id);
    if (!groups) result.set(row.product_id, (groups = []));
    let group = groups.find((g) => g.parameterGroupId === row.group_id);
    if (!group)
      groups.push(
        (group = { parameterGroupId: row.group_id, name: row.group_name, order: row.group_order, parameters: [] }),
      );
    group.parameters.push({
      parameterId: row.parameter_id,
      identifier: row.identifier,
      name: row.parameter_name,
      value: row.value,
      valueKey: row.value_key,
      show: row.show === 1,
      showInFilter: row.show_in_filter === 1,
      order: row.sort_order,
    });
  }
  return result;
}
