/**
 * Facet ids of product lists and the SQL predicates they select (spec §9 "Filters: categories, brands,
 * price, campaigns, sizes, discount" and parameters). A facet id names one value a shopper can filter by;
 * the API's `filter.facets`, `excludeFacets`, `include` and `exclude` take them, and `products.filters`
 * reports them. The ids are stable: they use database ids and language-independent keys, never labels.
 *
 * | facet id                      | products that...                                                    |
 * |-------------------------------|---------------------------------------------------------------------|
 * | c_<categoryId>                | are in the category (its own products and, for a top category, its children's) |
 * | b_<brandId>                   | are of the brand                                                    |
 * | sk_<size>                     | have a sku of that size, e.g. sk_A4, sk_76 x 76 mm                  |
 * | dc_<campaignId>               | are in the active price campaign                                   |
 * | d_<from>-<to>                 | are discounted by a percentage in the band (spec §9 bands, e.g. d_21-30); undiscounted products are in no band |
 * | pr_<from>-<to>, pr_<from>-    | sell for at least `from` and less than `to` whole units of the list's currency including VAT (issue 25: the reference storefront's Price group); no `to`: no upper bound |
 * | p_<parameterId>_<valueKey>    | have that parameter value, e.g. p_1_blue (Color blue)               |
 *
 * The prefixes name the facet's group (c, b, sk, dc, d, and p_<parameterId> per parameter). Values of one
 * group are alternatives (OR); groups combine with AND.
 */

import { parameterGroupId } from '../../../core/facet-ids';

export type SqlValue = string | number;

/** A piece of SQL with its `?` parameters in order of appearance. */
export interface Sql {
  text: string;
  params: SqlValue[];
}

export const sql = (text: string, params: SqlValue[] = []): Sql => ({ text, params });

/** The parts joined by `separator`, parameters kept in order. */
export function joinSql(parts: readonly Sql[], separator: string): Sql {
  return { text: parts.map((part) => part.text).join(separator), params: parts.flatMap((part) => part.params) };
}

/** Discount bands in percent (spec §9). */
export const DISCOUNT_BANDS: readonly (readonly [number, number])[] = [
  [0, 5],
  [6, 10],
  [11, 15],
  [16, 20],
  [21, 30],
  [31, 40],
  [41, 50],
  [51, 60],
  [61, 70],
  [71, 80],
  [81, 100],
];

export type Facet =
  | { group: 'c'; categoryId: number }
  | { group: 'b'; brandId: number }
  | { group: 'sk'; size: string }
  /** A product by its alias (issue 25: the reference storefront lists favourites kept as aliases so). */
  | { group: 'a'; alias: string }
  | { group: 'dc'; campaignId: number }
  | { group: 'd'; from: number; to: number }
  /** Whole currency units including VAT; `to` excluded, null for no upper bound. */
  | { group: 'pr'; from: number; to: number | null }
  | { group: `p_${number}`; parameterId: number; valueKey: string };

export type FacetGroupKey = Facet['group'];

const POSITIVE_ID = /^[1-9][0-9]{0,9}$/;
const PRICE_BAND = /^(0|[1-9][0-9]{0,6})-([1-9][0-9]{0,6})?$/;
const PRODUCT_ALIAS = /^[a-z0-9][a-z0-9-]{0,199}$/;

/** The facet an id names, or null when the id is not one of the documented forms. */
export function parseFacetId(id: string): Facet | null {
  const separator = id.indexOf('_');
  if (separator < 1) return null;
  const prefix = id.slice(0, separator);
  const rest = id.slice(separator + 1);
  if (!rest) return null;
  switch (prefix) {
    case 'c':
      return POSITIVE_ID.test(rest) ? { group: 'c', categoryId: Number(rest) } : null;
    case 'b':
      return POSITIVE_ID.test(rest) ? { group: 'b', brandId: Number(rest) } : null;
    case 'dc':
      return POSITIVE_ID.test(rest) ? { group: 'dc', campaignId: Number(rest) } : null;
    case 'sk':
      return { group: 'sk', size: rest };
    case 'a':
      return PRODUCT_ALIAS.test(rest) ? { group: 'a', alias: rest } : null;
    case 'd': {
      const band = DISCOUNT_BANDS.find(([from, to]) => `${from}-${to}` === rest);
      return band ? { group: 'd', from: band[0], to: band[1] } : null;
    }
    case 'pr': {
      const band = PRICE_BAND.exec(rest);
      if (!band) return null;
      const from = Number(band[1]);
      const to = band[2] === undefined ? null : Number(band[2]);
      return to === null || to > from ? { group: 'pr', from, to } : null;
    }
    case 'p': {
      const [parameterId = '', ...key] = rest.split('_');
      const valueKey = key.join('_');
      if (!POSITIVE_ID.test(parameterId) || !valueKey) return null;
      return { group: parameterGroupId(Number(parameterId)), parameterId: Number(parameterId), valueKey };
    }
    default:
      return null;
  }
}

/** Facets by group, in the order groups first appear. */
export function groupFacets(facets: readonly Facet[]): Map<FacetGroupKey, [Facet, ...Facet[]]> {
  const groups = new Map<FacetGroupKey, [Facet, ...Facet[]]>();
  for (const facet of facets)
    groups.set(facet.group, [...(groups.get(facet.group) ?? []), facet] as [Facet, ...Facet[]]);
  return groups;
}

/** SQL condition that a campaign `c` is an active price campaign at `now` (two parameters). */
export const ACTIVE_CAMPAIGN = `c.kind = 'PRICE_CAMPAIGN' AND c.is_active = 1 AND c.starts_at <= ? AND (c.ends_at IS NULL OR c.ends_at > ?)`;

/**
 * `IN` over a list bound as ONE JSON parameter (issue 12): a filter with many values used to bind one
 * parameter per value in every facet count's query and passed D1's limit of 100 bound parameters.
 */
const IN_LIST = 'IN (SELECT value FROM json_each(?))';
const listOf = (values: readonly (string | number)[]) => JSON.stringify(values);

/**
 * The condition, over products `p` and their campaign discount `cmp.discount`, that a product has one of
 * `facets` (all of one group). `now` decides which campaigns are active; `sellingPrice` is the SQL of a
 * product's selling price in the list's currency (minor units including VAT).
 */
export function groupPredicate(facets: readonly [Facet, ...Facet[]], now: string, sellingPrice: string): Sql {
  const first = facets[0];
  switch (first.group) {
    case 'c': {
      const ids = facets.map((f) => (f as Extract<Facet, { group: 'c' }>).categoryId);
      return sql(`EXISTS (SELECT 1 FROM product_categories f WHERE f.product_id = p.id AND f.category_id ${IN_LIST})`, [
        listOf(ids),
      ]);
    }
    case 'b': {
      const ids = facets.map((f) => (f as Extract<Facet, { group: 'b' }>).brandId);
      return sql(`p.brand_id ${IN_LIST}`, [listOf(ids)]);
    }
    case 'sk': {
      const sizes = facets.map((f) => (f as Extract<Facet, { group: 'sk' }>).size);
      return sql(`EXISTS (SELECT 1 FROM skus f WHERE f.product_id = p.id AND f.size ${IN_LIST})`, [listOf(sizes)]);
    }
    case 'a': {
      const aliases = facets.map((f) => (f as Extract<Facet, { group: 'a' }>).alias);
      return sql(`EXISTS (SELECT 1 FROM product_texts f WHERE f.product_id = p.id AND f.alias ${IN_LIST})`, [
        listOf(aliases),
      ]);
    }
    case 'dc': {
      const ids = facets.map((f) => (f as Extract<Facet, { group: 'dc' }>).campaignId);
      return sql(
        `EXISTS (SELECT 1 FROM campaign_products f JOIN campaigns c ON c.id = f.campaign_id
          WHERE f.product_id = p.id AND f.campaign_id ${IN_LIST} AND ${ACTIVE_CAMPAIGN})`,
        [listOf(ids), now, now],
      );
    }
    case 'd': {
      // Only discounted products are in a band: '0-5' means 1 to 5 percent off.
      const bands = facets.map((f) => f as Extract<Facet, { group: 'd' }>);
      const conditions = bands.map((band) =>
        sql('COALESCE(cmp.discount, 0) BETWEEN ? AND ?', [Math.max(1, band.from), band.to]),
      );
      return joinSql([sql('('), joinSql(conditions, ' OR '), sql(')')], '');
    }
    case 'pr': {
      const bands = facets.map((f) => f as Extract<Facet, { group: 'pr' }>);
      const conditions = bands.map((band) =>
        band.to === null
          ? sql(`${sellingPrice} >= ?`, [band.from * 100])
          : sql(`(${sellingPrice} >= ? AND ${sellingPrice} < ?)`, [band.from * 100, band.to * 100]),
      );
      return joinSql([sql('('), joinSql(conditions, ' OR '), sql(')')], '');
    }
    default: {
      const parameter = first as Extract<Facet, { group: `p_${number}` }>;
      const keys = facets.map((f) => (f as Extract<Facet, { group: `p_${number}` }>).valueKey);
      // value_key is language independent; Swedish rows exist for every value (the source language).
      return sql(
        `EXISTS (SELECT 1 FROM product_parameter_values f WHERE f.product_id = p.id AND f.parameter_id = ?
          AND f.language_id = 'sv-SE' AND f.value_key ${IN_LIST})`,
        [parameter.parameterId, listOf(keys)],
      );
    }
  }
}
