/**
 * Facets of a product list (the API's `products.filters`): for categories, brands, sizes, campaigns,
 * discount bands (spec §9), price bands (issue 25) and each filterable parameter, the values with how many products have them,
 * and the lowest and highest selling price. Ids are the facet ids of catalog-filter.ts.
 *
 * Counting (FilterMode BY_GROUP, the default, "standard faceting"): the counts of a group are computed
 * over the list filtered by every OTHER selected group, so a shopper sees how many products each
 * alternative of a group would give, and picking a second brand widens the list instead of emptying the
 * brand facet. The price range likewise ignores the price filter. FilterMode CURRENT counts over the
 * current result, every selection applied. Values with no product are left out.
 *
 * Cost: one D1 batch of a statement per facet kind, plus one per parameter the shopper filters by.
 */
import { ACTIVE_CAMPAIGN, DISCOUNT_BANDS, groupFacets, sql, type FacetGroupKey, type Sql } from './filter';
import {
  brandFacetId,
  campaignFacetId,
  categoryFacetId,
  discountFacetId,
  parameterFacetId,
  priceFacetId,
  parameterGroupId,
  sizeFacetId,
} from '../../../core/facet-ids';
import { listSource, sellingPriceSql, type OmittedGroup, type ProductListQuery } from './catalog';

export interface FacetValue {
  facetId: string;
  label: string;
  count: number;
  /** Parent category's facet id, for category values under a top category. */
  parentId: string | null;
  /** Path of the facet's own list page (category, brand, campaign), else null. */
  url: string | null;
  hidden: boolean;
}

export type FacetKind = 'categories' | 'brands' | 'sizes' | 'campaigns' | 'discount' | 'price' | 'parameter';

/**
 * The upper bounds of the price bands in whole units of a currency (including VAT), each band from the one
 * before (0 for the first) up to, not including, its bound; the last band is open. The Nordic crowns share
 * one scale (an office supply costs about as many kronor, kroner or kroner); the euro's is a tenth of it.
 */
const PRICE_BAND_BOUNDS: Record<string, readonly number[]> = {
  SEK: [50, 100, 200, 500, 1000],
  NOK: [50, 100, 200, 500, 1000],
  DKK: [50, 100, 200, 500, 1000],
  EUR: [5, 10, 20, 50, 100],
};

/** The price bands of `currency` as [from, to] in whole units, the last `to` null (no upper bound). */
export function priceBands(currency: string): [number, number | null][] {
  const bounds = PRICE_BAND_BOUNDS[currency] ?? PRICE_BAND_BOUNDS.EUR!;
  return [...bounds, null].map((to, index) => [index === 0 ? 0 : bounds[index - 1]!, to]);
}

export interface FacetGroup {
  kind: FacetKind;
  /** The group's stable id: 'categories', ..., or 'p-<identifier>' for a parameter (spec §9 prefix p-). */
  filterId: string;
  /** A parameter's name in the language; null for the other kinds (the API layer labels them). */
  label: string | null;
  order: number;
  values: FacetValue[];
}

export interface ListFacets {
  groups: FacetGroup[];
  /** Selling price inc VAT in minor units over the list without the price filter; null for an empty list. */
  price: { lowest: number; highest: number } | null;
}

export type FilterMode = 'BY_GROUP' | 'CURRENT';

interface CountRow {
  key: string | number;
  label: string | null;
  count: number;
  parent_id?: number | null;
  alias?: string | null;
  sort?: number | null;
  hidden?: number | null;
}

interface CountSpec {
  select: Sql;
  joins: Sql;
  groupBy: string;
  /** More conditions on the joined rows, starting with AND. */
  extraWhere?: string;
}

/** One statement counting products per `key` over the list without `omit`. */
function countStatement(
  db: D1Database,
  query: ProductListQuery,
  omit: OmittedGroup,
  spec: CountSpec,
): D1PreparedStatement {
  const { from, where } = listSource(query, omit, spec.select.text.includes('cmp.'));
  return db
    .prepare(
      `SELECT ${spec.select.text} FROM ${from.text} ${spec.joins.text} WHERE ${where.text} ${spec.extraWhere ?? ''}
      GROUP BY ${spec.groupBy}`,
    )
    .bind(...spec.select.params, ...from.params, ...spec.joins.params, ...where.params);
}

const byLabel = (locale: string) => (a: FacetValue, b: FacetValue) =>
  a.label.localeCompare(b.label, locale, { numeric: true }) || a.facetId.localeCompare(b.facetId);

/** The facets of the list `query` describes (its skip, take and sort do not matter). */
export async function listFacets(
  db: D1Database,
  query: ProductListQuery,
  mode: FilterMode = 'BY_GROUP',
): Promise<ListFacets> {
  const selected = groupFacets(query.facets ?? []);
  const omit = (group: FacetGroupKey | 'price'): OmittedGroup =>
    mode === 'BY_GROUP' && (group === 'price' || selected.has(group)) ? group : null;
  const lang = query.languageId;
  const selectedParameters = [...selected.values()].flatMap((facets) =>
    facets[0].group.startsWith('p_') && 'parameterId' in facets[0] ? [facets[0].parameterId] : [],
  );
  const parameters = (extraWhere: string): CountSpec => ({
    // The label is looked up once per value (not per product), through the (parameter_id, value_key) index.
    select: sql(
      `v.parameter_id AS parameter_id, v.value_key AS key, COUNT(*) AS count,
      COALESCE((SELECT vl.value FROM product_parameter_values vl WHERE vl.parameter_id = v.parameter_id
        AND vl.value_key = v.value_key AND vl.language_id = ? LIMIT 1), MIN(v.value)) AS label`,
      [lang],
    ),
    joins: sql(`JOIN product_parameter_values v ON v.product_id = p.id AND v.language_id = 'sv-SE'
      JOIN parameters par ON par.id = v.parameter_id AND par.show_in_filter = 1`),
    groupBy: 'v.parameter_id, v.value_key',
    extraWhere,
  });
  const priceRangeSource = listSource(query, omit('price'), true);
  const bands = priceBands(query.currency);
  const sellingPrice = sellingPriceSql(query.currency);
  // The price range and the price bands count the same products unless a band or a price range is
  // chosen (and faceting is by group): then one statement gives both, the range from the bands' extremes.
  const noPriceChoice = !selected.has('pr') && query.price?.lowest == null && query.price?.highest == null;
  const foldPriceRange = mode === 'CURRENT' || noPriceChoice;

  const statements = [
    countStatement(db, query, omit('c'), {
      select: sql(`pc.category_id AS key, COALESCE(ct.name, csv.name) AS label, COUNT(*) AS count, cat.parent_id,
        COALESCE(ct.alias, csv.alias) AS alias, cat.sort_order AS sort, cat.is_hidden AS hidden`),
      joins: sql(
        `JOIN product_categories pc ON pc.product_id = p.id JOIN categories cat ON cat.id = pc.category_id
        LEFT JOIN category_texts ct ON ct.category_id = cat.id AND ct.language_id = ?
        LEFT JOIN category_texts csv ON csv.category_id = cat.id AND csv.language_id = 'sv-SE'`,
        [lang],
      ),
      groupBy: 'pc.category_id',
    }),
    countStatement(db, query, omit('b'), {
      select: sql('b.id AS key, b.name AS label, COUNT(*) AS count, b.alias AS alias'),
      joins: sql('JOIN brands b ON b.id = p.brand_id'),
      groupBy: 'b.id',
    }),
    countStatement(db, query, omit('sk'), {
      select: sql('s.size AS key, s.size AS label, COUNT(DISTINCT p.id) AS count'),
      joins: sql('JOIN skus s ON s.product_id = p.id'),
      groupBy: 's.size',
      extraWhere: 'AND s.size IS NOT NULL',
    }),
    countStatement(db, query, omit('dc'), {
      select: sql(`c.id AS key, COALESCE(ctx.name, csv.name, c.alias) AS label, COUNT(*) AS count, c.alias AS alias,
        c.discount_percent AS sort`),
      joins: sql(
        `JOIN campaign_products cpf ON cpf.product_id = p.id JOIN campaigns c ON c.id = cpf.campaign_id AND ${ACTIVE_CAMPAIGN}
        LEFT JOIN campaign_texts ctx ON ctx.campaign_id = c.id AND ctx.language_id = ?
        LEFT JOIN campaign_texts csv ON csv.campaign_id = c.id AND csv.language_id = 'sv-SE'`,
        [query.now, query.now, lang],
      ),
      groupBy: 'c.id',
    }),
    countStatement(db, query, omit('d'), {
      select: sql('COALESCE(cmp.discount, 0) AS key, NULL AS label, COUNT(*) AS count'),
      joins: sql(''),
      groupBy: 'COALESCE(cmp.discount, 0)',
    }),
    countStatement(db, query, omit('pr'), {
      // The band's index: the first bound the selling price is under, else the open top band.
      select: sql(
        `CASE ${bands
          .flatMap(([, to], index) => (to === null ? [] : [`WHEN ${sellingPrice} < ${to * 100} THEN ${index}`]))
          .join(' ')} ELSE ${bands.length - 1} END AS key, NULL AS label, COUNT(*) AS count` +
          (foldPriceRange ? `, MIN(${sellingPrice}) AS lowest, MAX(${sellingPrice}) AS highest` : ''),
      ),
      joins: sql(''),
      groupBy: 'key',
    }),
    // Folded: a statement of no work keeps the batch's positions.
    foldPriceRange
      ? db.prepare('SELECT NULL AS lowest, NULL AS highest')
      : db
          .prepare(
            `SELECT MIN(${sellingPrice}) AS lowest, MAX(${sellingPrice}) AS highest
      FROM ${priceRangeSource.from.text} WHERE ${priceRangeSource.where.text}`,
          )
          .bind(...priceRangeSource.from.params, ...priceRangeSource.where.params),
    db
      .prepare(
        `SELECT par.id, par.identifier, par.sort_order, COALESCE(t.name, tsv.name, par.identifier) AS name
      FROM parameters par LEFT JOIN parameter_texts t ON t.parameter_id = par.id AND t.language_id = ?
      LEFT JOIN parameter_texts tsv ON tsv.parameter_id = par.id AND tsv.language_id = 'sv-SE'
      WHERE par.show_in_filter = 1`,
      )
      .bind(lang),
    // Parameters nobody filters by are counted over the whole selection ...
    countStatement(
      db,
      query,
      null,
      parameters(selectedParameters.length ? `AND v.parameter_id NOT IN (${selectedParameters.join(', ')})` : ''),
    ),
    // ... and each filtered parameter over the selection without itself.
    ...selectedParameters.map((id) =>
      countStatement(db, query, omit(parameterGroupId(id)), parameters(`AND v.parameter_id = ${Number(id)}`)),
    ),
  ];
  const results = await db.batch(statements);
  const rows = <T>(index: number) => (results[index]?.results ?? []) as T[];
  const [CATEGORIES, BRANDS, SIZES, CAMPAIGNS, DISCOUNTS, PRICE_BANDS, PRICE, PARAMETERS, FIRST_PARAMETER_COUNT] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8,
  ];
  const parameterCounts = results
    .slice(FIRST_PARAMETER_COUNT)
    .flatMap((result) => result.results as ParameterCountRow[]);
  return {
    groups: [
      categoryGroup(rows<CountRow>(CATEGORIES)),
      simpleGroup(
        'brands',
        2,
        rows<CountRow>(BRANDS).map((row) => value(brandFacetId(row.key), row, `/b/${row.alias}`)),
        lang,
      ),
      simpleGroup(
        'sizes',
        3,
        rows<CountRow>(SIZES).map((row) => value(sizeFacetId(String(row.key)), row, null)),
        lang,
      ),
      campaignGroup(rows<CountRow>(CAMPAIGNS)),
      discountGroup(rows<CountRow>(DISCOUNTS)),
      priceGroup(bands, rows<CountRow>(PRICE_BANDS)),
      ...parameterGroups(rows<ParameterRow>(PARAMETERS), parameterCounts, lang),
    ].filter((group) => group.values.length > 0),
    price: priceRange(
      foldPriceRange
        ? extremes(rows<{ lowest: number | null; highest: number | null }>(PRICE_BANDS))
        : rows<{ lowest: number | null; highest: number | null }>(PRICE)[0],
    ),
  };
}

function value(facetId: string, row: CountRow, url: string | null, parentId: string | null = null): FacetValue {
  return { facetId, label: row.label ?? String(row.key), count: row.count, parentId, url, hidden: Boolean(row.hidden) };
}

function simpleGroup(kind: FacetKind, order: number, values: FacetValue[], locale: string): FacetGroup {
  return { kind, filterId: kind, label: null, order, values: values.sort(byLabel(locale)) };
}

function categoryGroup(rows: CountRow[]): FacetGroup {
  const values = rows
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || Number(a.key) - Number(b.key))
    .map((row) =>
      value(categoryFacetId(row.key), row, `/c/${row.alias}`, row.parent_id ? categoryFacetId(row.parent_id) : null),
    );
  return { kind: 'categories', filterId: 'categories', label: null, order: 1, values };
}

function campaignGroup(rows: CountRow[]): FacetGroup {
  const values = rows
    .sort((a, b) => (b.sort ?? 0) - (a.sort ?? 0) || Number(a.key) - Number(b.key))
    .map((row) => value(campaignFacetId(row.key), row, `/dc/${row.alias}`));
  return { kind: 'campaigns', filterId: 'campaigns', label: null, order: 4, values };
}

/** Counts per price band (`rows` keyed by band index); the label is the band, `<from>-<to>`, the API formats it. */
function priceGroup(bands: [number, number | null][], rows: CountRow[]): FacetGroup {
  const values = bands.flatMap(([from, to], index) => {
    const count = rows.find((row) => Number(row.key) === index)?.count ?? 0;
    return count > 0
      ? [
          {
            facetId: priceFacetId(from, to),
            label: `${from}-${to ?? ''}`,
            count,
            parentId: null,
            url: null,
            hidden: false,
          },
        ]
      : [];
  });
  return { kind: 'price', filterId: 'price', label: null, order: 6, values };
}

/** Counts per discount percentage folded into the spec's bands; undiscounted products are in none. */
function discountGroup(rows: CountRow[]): FacetGroup {
  const values = DISCOUNT_BANDS.flatMap(([from, to]) => {
    const count = rows
      .filter((row) => Number(row.key) > 0 && Number(row.key) >= from && Number(row.key) <= to)
      .reduce((sum, row) => sum + row.count, 0);
    return count > 0
      ? [
          {
            facetId: discountFacetId(from, to),
            label: `${from}-${to}`,
            count,
            parentId: null,
            url: null,
            hidden: false,
          },
        ]
      : [];
  });
  return { kind: 'discount', filterId: 'discount', label: null, order: 5, values };
}

interface ParameterRow {
  id: number;
  identifier: string;
  sort_order: number;
  name: string;
}
interface ParameterCountRow {
  parameter_id: number;
  key: string;
  label: string;
  count: number;
}

function parameterGroups(parameters: ParameterRow[], counts: ParameterCountRow[], locale: string): FacetGroup[] {
  return parameters
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((parameter) => ({
      kind: 'parameter' as const,
      filterId: `p-${parameter.identifier}`,
      label: parameter.name,
      order: 10 + parameter.sort_order,
      values: counts
        .filter((row) => row.parameter_id === parameter.id)
        .map((row) => ({
          facetId: parameterFacetId(parameter.id, String(row.key)),
          label: row.label,
          count: row.count,
          parentId: null,
          url: null,
          hidden: false,
        }))
        .sort(byLabel(locale)),
    }));
}

/** The lowest and highest of the bands' own (an empty list has no bands: both null). */
function extremes(bands: { lowest: number | null; highest: number | null }[]): {
  lowest: number | null;
  highest: number | null;
} {
  const lows = bands.flatMap((band) => (band.lowest == null ? [] : [band.lowest]));
  const highs = bands.flatMap((band) => (band.highest == null ? [] : [band.highest]));
  return { lowest: lows.length ? Math.min(...lows) : null, highest: highs.length ? Math.max(...highs) : null };
}

function priceRange(row: { lowest: number | null; highest: number | null } | undefined): ListFacets['price'] {
  return row?.lowest == null || row.highest == null ? null : { lowest: row.lowest, highest: row.highest };
}
