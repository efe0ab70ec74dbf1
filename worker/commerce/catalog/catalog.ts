/**
 * Product lists over D1: which products of a market match a list's scope and a shopper's filters, how
 * many there are, and one page of their ids in the asked order. The records themselves come from
 * `loadProducts` (products.ts); facet counts from catalog-facets.ts.
 *
 * Every statement is built by `listSource`: products drive the join (CROSS JOIN keeps them the outer loop,
 * so LATEST and MOST_SOLD read an index in order and stop at the page size), or, for a search or an id
 * list, the ordered ids do (json_each, probing products by primary key).
 */
import {
  ACTIVE_CAMPAIGN,
  groupFacets,
  groupPredicate,
  joinSql,
  sql,
  type Facet,
  type FacetGroupKey,
  type Sql,
} from './filter';
import { priceRoundingUnit } from '../pricing/money';

export const PRODUCT_SORTS = [
  'NONE',
  'PRICE',
  'PRICE_DESC',
  'MOST_SOLD',
  'LATEST',
  'RELEVANCE',
  'ALPHABETICAL',
  'ALPHABETICAL_DESC',
  'BRAND',
  'VOTES',
  'AVAILABLE_STOCK',
  'AVAILABLE_STOCK_DESC',
  'TOTAL_STOCK',
  /** The order of the products the facets name (issue 25: the reference storefront's favourites, `a_<alias>`). */
  'FACET_ORDER',
  'TOTAL_STOCK_DESC',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Products listed in a given order: search hits by relevance, or the API's productIds/articleNumbers. */
export interface ProductIdList {
  /** 'id' for product ids, 'article_number' for article numbers. */
  by: 'id' | 'article_number';
  values: readonly (number | string)[];
  /** true: the list alone decides the products (productIds/articleNumbers ignore every other filter). */
  exclusive: boolean;
}

export interface ProductListQuery {
  marketId: string;
  languageId: string;
  /** ISO timestamp that decides which campaigns are active. */
  now: string;
  skip: number;
  take: number;
  sort: ProductSort;
  categoryAlias?: string | null;
  brandAlias?: string | null;
  discountCampaignAlias?: string | null;
  /** The list's fixed scope: products with these facets (include) and without these (exclude). */
  include?: { facets: readonly Facet[]; mode: 'INTERSECT' | 'UNION' };
  exclude?: readonly Facet[];
  list?: ProductIdList | null;
  /** The shopper's facet selection: OR within a group, AND across groups. */
  facets?: readonly Facet[];
  /** Selling price including VAT, minor units. */
  price?: { lowest?: number | null; highest?: number | null } | null;
  /** The market's currency: how campaign prices are rounded (sellingPriceSql). */
  currency: string;
}

/**
 * The selling price under the product's best active price campaign, minor units inc VAT, in SQL for
 * filtering and sorting: money.ts `percentOff` (the one rounding rule, half up to the currency's unit) in
 * integer arithmetic, so a list sorts and filters by the very price its cards show.
 */
export function sellingPriceSql(currency: string): string {
  const unit = priceRoundingUnit(currency);
  return `(CASE WHEN COALESCE(cmp.discount, 0) = 0 THEN pr.regular_inc_vat
    ELSE (2 * pr.regular_inc_vat * (100 - cmp.discount) + ${100 * unit}) / ${200 * unit} * ${unit} END)`;
}

/** A selection group left out of a statement (BY_GROUP faceting), 'price' for the price range. */
export type OmittedGroup = FacetGroupKey | 'price' | null;

/**
 * FROM (with its joins) and WHERE of the products matching `query`, leaving out group `omit`. The
 * campaign discount `cmp` is joined when the conditions use it or `withDiscount` asks for it (prices).
 */
export function listSource(
  query: ProductListQuery,
  omit: OmittedGroup = null,
  withDiscount = false,
): { from: Sql; where: Sql } {
  const driver = query.list
    ? sql(`json_each(?) hit CROSS JOIN products p ON p.${query.list.by} = hit.value`, [
        JSON.stringify(query.list.values),
      ])
    : sql('products p');
  const conditions = [sql('p.is_active = 1')];
  if (!query.list?.exclusive) conditions.push(...scopeConditions(query), ...selectionConditions(query, omit));
  const where = joinSql(conditions, ' AND ');
  const discount =
    withDiscount || where.text.includes('cmp.')
      ? sql(
          `LEFT JOIN (
        SELECT cp.product_id, MAX(c.discount_percent) AS discount
        FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
        WHERE ${ACTIVE_CAMPAIGN} GROUP BY cp.product_id
      ) cmp ON cmp.product_id = p.id`,
          [query.now, query.now],
        )
      : sql('');
  const from = joinSql(
    [driver, sql('CROSS JOIN prices pr ON pr.product_id = p.id AND pr.market_id = ?', [query.marketId]), discount],
    ' ',
  );
  return { from, where };
}

function scopeConditions(query: ProductListQuery): Sql[] {
  const conditions: Sql[] = [];
  if (query.categoryAlias) {
    // An IN list, not a correlated EXISTS: the category's products drive the lookups (primary key probes).
    conditions.push(
      sql(
        `p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN
      (SELECT ct.category_id FROM category_texts ct WHERE ct.alias = ? AND ct.language_id IN (?, 'sv-SE')))`,
        [query.categoryAlias, query.languageId],
      ),
    );
  }
  if (query.brandAlias)
    conditions.push(sql('p.brand_id IN (SELECT id FROM brands WHERE alias = ?)', [query.brandAlias]));
  if (query.discountCampaignAlias) {
    conditions.push(
      sql(
        `p.id IN (SELECT cp.product_id FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
      WHERE c.alias = ? AND ${ACTIVE_CAMPAIGN})`,
        [query.discountCampaignAlias, query.now, query.now],
      ),
    );
  }
  const include = query.include?.facets.length ? [...groupFacets(query.include.facets).values()] : [];
  if (include.length) {
    const predicates = include.map((facets) => groupPredicate(facets, query.now, sellingPriceSql(query.currency)));
    const operator = query.include?.mode === 'UNION' ? ' OR ' : ' AND ';
    conditions.push(joinSql([sql('('), joinSql(predicates, operator), sql(')')], ''));
  }
  if (query.exclude?.length) {
    const predicates = [...groupFacets(query.exclude).values()].map((facets) =>
      groupPredicate(facets, query.now, sellingPriceSql(query.currency)),
    );
    conditions.push(joinSql([sql('NOT ('), joinSql(predicates, ' OR '), sql(')')], ''));
  }
  return conditions;
}

function selectionConditions(query: ProductListQuery, omit: OmittedGroup): Sql[] {
  const conditions: Sql[] = [];
  for (const [group, facets] of groupFacets(query.facets ?? [])) {
    if (group !== omit) conditions.push(groupPredicate(facets, query.now, sellingPriceSql(query.currency)));
  }
  if (omit !== 'price' && query.price?.lowest != null)
    conditions.push(sql(`${sellingPriceSql(query.currency)} >= ?`, [query.price.lowest]));
  if (omit !== 'price' && query.price?.highest != null)
    conditions.push(sql(`${sellingPriceSql(query.currency)} <= ?`, [query.price.highest]));
  return conditions;
}

/** ORDER BY of a sort, and the joins it needs. Ties break on the product id, so pages never overlap. */
function ordering(query: ProductListQuery): { joins: Sql; orderBy: string } {
  const none = { joins: sql(''), orderBy: query.list ? 'hit.key' : 'p.id' };
  const name = sql(
    `LEFT JOIN product_texts t ON t.product_id = p.id AND t.language_id = ?
    LEFT JOIN product_texts tsv ON tsv.product_id = p.id AND tsv.language_id = 'sv-SE'`,
    [query.languageId],
  );
  const stock = sql(`LEFT JOIN (SELECT product_id, SUM(stock) AS available,
      MAX(oversellable) AS oversellable FROM skus GROUP BY product_id) st ON st.product_id = p.id`);
  // Total stock counts made-to-order (oversellable) products as unlimited.
  const total = 'CASE WHEN st.oversellable = 1 THEN 1e12 ELSE COALESCE(st.available, 0) END';
  // An exclusive id list keeps its own order whatever the sort (API: productIds, articleNumbers).
  if (query.list?.exclusive) return none;
  switch (query.sort) {
    case 'NONE':
    case 'RELEVANCE':
      return none;
    case 'FACET_ORDER': {
      // The position of the product's alias among the `a_` facets, as the shopper listed them.
      const aliases = (query.facets ?? []).flatMap((facet) => (facet.group === 'a' ? [facet.alias] : []));
      if (aliases.length === 0) return none;
      return {
        joins: sql(
          `LEFT JOIN (SELECT f.product_id, MIN(j.key) AS position FROM json_each(?) j
            JOIN product_texts f ON f.alias = j.value GROUP BY f.product_id) fo ON fo.product_id = p.id`,
          [JSON.stringify(aliases)],
        ),
        orderBy: 'fo.position, p.id',
      };
    }
    case 'LATEST':
      return { joins: sql(''), orderBy: 'p.first_available_on DESC, p.id DESC' };
    case 'MOST_SOLD':
      return { joins: sql(''), orderBy: 'p.sold_count DESC, p.id DESC' };
    case 'PRICE':
      return { joins: sql(''), orderBy: `${sellingPriceSql(query.currency)}, p.id` };
    case 'PRICE_DESC':
      return { joins: sql(''), orderBy: `${sellingPriceSql(query.currency)} DESC, p.id` };
    case 'ALPHABETICAL':
      return { joins: name, orderBy: 'COALESCE(t.name, tsv.name) COLLATE NOCASE, p.id' };
    case 'ALPHABETICAL_DESC':
      return { joins: name, orderBy: 'COALESCE(t.name, tsv.name) COLLATE NOCASE DESC, p.id' };
    case 'BRAND':
      return {
        joins: joinSql([sql('JOIN brands b ON b.id = p.brand_id'), name], ' '),
        orderBy: 'b.name COLLATE NOCASE, COALESCE(t.name, tsv.name) COLLATE NOCASE, p.id',
      };
    case 'VOTES':
      return {
        joins: sql(`LEFT JOIN (SELECT product_id, AVG(rating) AS score, COUNT(*) AS votes FROM reviews
          WHERE status = 'ACCEPTED' GROUP BY product_id) r ON r.product_id = p.id`),
        orderBy: 'COALESCE(r.score, 0) DESC, COALESCE(r.votes, 0) DESC, p.id',
      };
    case 'AVAILABLE_STOCK':
      return { joins: stock, orderBy: 'COALESCE(st.available, 0), p.id' };
    case 'AVAILABLE_STOCK_DESC':
      return { joins: stock, orderBy: 'COALESCE(st.available, 0) DESC, p.id' };
    case 'TOTAL_STOCK':
      return { joins: stock, orderBy: `${total}, p.id` };
    case 'TOTAL_STOCK_DESC':
      return { joins: stock, orderBy: `${total} DESC, p.id` };
  }
}

/** The statement counting the products matching `query`. */
export function countStatement(db: D1Database, query: ProductListQuery): D1PreparedStatement {
  const { from, where } = listSource(query);
  return db
    .prepare(`SELECT COUNT(*) AS count FROM ${from.text} WHERE ${where.text}`)
    .bind(...from.params, ...where.params);
}

/** How many products match `query`. */
export async function countProducts(db: D1Database, query: ProductListQuery): Promise<number> {
  return (await countStatement(db, query).first<{ count: number }>())?.count ?? 0;
}

/** The query of the page `skip`..`skip + take` of the products matching `query`: their ids, in order. */
export function pageIdsQuery(query: ProductListQuery): { sql: string; bind: unknown[] } {
  const { joins, orderBy } = ordering(query);
  const { from, where } = listSource(query, null, orderBy.includes('cmp.'));
  return {
    sql: `SELECT p.id FROM ${from.text} ${joins.text} WHERE ${where.text}
      ORDER BY ${orderBy} LIMIT ${Math.trunc(query.take)} OFFSET ${Math.trunc(query.skip)}`,
    bind: [...from.params, ...joins.params, ...where.params],
  };
}
