/**
 * The list query selection of spec §3 ("categories, brands, skus, price, discount (each a list of id and
 * label), parameters (map by name), sort, page") and its URL form of spec §9: comma-separated `label~id`
 * per group, parameter groups under keys prefixed `p-`:
 *
 *   /c/pennor?brands=Pilot~61,Pentel~60&p-color=Bl%C3%A5~1_blue&price=10~200&sort=lowest-price&page=2
 *
 * An id is the API's facet id without its group prefix (catalog-filter.ts: `b_61` is brand 61, `p_1_blue`
 * is parameter 1's value `blue`), so a link keeps working whatever language it is opened in; the label only
 * makes the URL readable. Labels and ids are percent-encoded (a label's own `,` and `~` too), so the
 * separators stay unambiguous. The plain GET filter form submits one `key=label~id` pair per ticked box,
 * which this parser reads as well; `serializeSelection` writes the one canonical form.
 *
 * Pure functions with no server or browser dependency: server components build their links with them.
 */
import { FACET_PREFIX } from './facet-ids';

/** The sorts a shopper can choose (spec §9), by their URL value, with the API's SortType. */
export const LIST_SORTS = {
  relevance: 'RELEVANCE',
  latest: 'LATEST',
  'most-sold': 'MOST_SOLD',
  'lowest-price': 'PRICE',
  'highest-price': 'PRICE_DESC',
} as const;

export type ListSortSlug = keyof typeof LIST_SORTS;
export type ListSort = (typeof LIST_SORTS)[ListSortSlug];

/** The URL value of an API sort, or null when shoppers cannot choose it. */
export function sortSlugOf(sort: string): ListSortSlug | null {
  const entry = Object.entries(LIST_SORTS).find(([, value]) => value === sort);
  return entry ? (entry[0] as ListSortSlug) : null;
}

export function isSortSlug(value: string): value is ListSortSlug {
  return Object.hasOwn(LIST_SORTS, value);
}

/** Facet groups of the URL form, in the order they are written, with their facet id prefix. */
export const FIXED_GROUPS = [
  { key: 'categories', prefix: FACET_PREFIX.category, filterId: 'categories' },
  { key: 'brands', prefix: FACET_PREFIX.brand, filterId: 'brands' },
  { key: 'campaigns', prefix: FACET_PREFIX.campaign, filterId: 'campaigns' },
  { key: 'skus', prefix: FACET_PREFIX.size, filterId: 'sizes' },
  { key: 'discount', prefix: FACET_PREFIX.discount, filterId: 'discount' },
] as const;

/** Parameter groups: `p-<identifier>` in the URL (spec §9), facet ids `p_<parameterId>_<valueKey>`. */
export const PARAMETER_KEY_PREFIX = 'p-';
const PARAMETER_FACET_PREFIX = FACET_PREFIX.parameter;

export interface SelectedValue {
  /** The facet id without its group prefix, e.g. '61' for brand 61. */
  id: string;
  /** What the shopper saw when choosing it; '' when the URL gave none. */
  label: string;
}

export interface SelectedGroup {
  /** The URL key: 'brands', 'p-color', ... */
  key: string;
  values: SelectedValue[];
}

export interface PriceRange {
  min: number | null;
  max: number | null;
}

export interface ListSelection {
  /** Groups with at least one value, in URL order. */
  groups: SelectedGroup[];
  price: PriceRange | null;
  sort: ListSortSlug | null;
  /** 1-based. */
  page: number;
}

export const EMPTY_SELECTION: ListSelection = { groups: [], price: null, sort: null, page: 1 };

/** The highest page number a URL may ask for (the API skips at most 6000 products). */
export const MAX_PAGE = 125;

/** A URL key of a facet group: one of the fixed groups or `p-` and a parameter identifier. */
export function isGroupKey(key: string): boolean {
  return FIXED_GROUPS.some((group) => group.key === key) || /^p-[a-z0-9][a-z0-9-]{0,60}$/.test(key);
}

/** The URL key of an API facet group (`filterId`: 'sizes' is written 'skus', spec §3). */
export function groupKeyOfFilter(filterId: string): string {
  return FIXED_GROUPS.find((group) => group.filterId === filterId)?.key ?? filterId;
}

/** The API facet id of a selected value of group `key`, e.g. facetIdOf('brands', '61') = 'b_61'. */
export function facetIdOf(key: string, id: string): string {
  const fixed = FIXED_GROUPS.find((group) => group.key === key);
  return `${fixed ? fixed.prefix : PARAMETER_FACET_PREFIX}${id}`;
}

/** The URL id of an API facet id in group `key`: the facet id without the group's prefix. */
export function urlIdOf(key: string, facetId: string): string {
  const prefix = FIXED_GROUPS.find((group) => group.key === key)?.prefix ?? PARAMETER_FACET_PREFIX;
  return facetId.startsWith(prefix) ? facetId.slice(prefix.length) : facetId;
}

/** Percent-decoding of a form-encoded component ('+' is a space); a broken escape is kept as written. */
function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * A component as the URL form writes it: percent-encoded, with `~` encoded too (it separates label and id)
 * and `'` (browsers encode it in queries, so a link and the URL it loads stay the same string).
 */
function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/~/g, '%7E').replace(/'/g, '%27');
}

/** `label~id` (split at the last `~`: ids never contain one) or a bare id. */
function parseValue(item: string): SelectedValue | null {
  const text = decodeComponent(item).trim();
  if (!text) return null;
  const split = text.lastIndexOf('~');
  if (split < 0) return { id: text, label: '' };
  const id = text.slice(split + 1).trim();
  return id ? { id, label: text.slice(0, split).trim() } : null;
}

function parseAmount(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

/** `min~max` with either side optional; null when neither is a number. */
function parsePrice(text: string): PriceRange | null {
  const [minText = '', maxText = ''] = text.split('~');
  let min = parseAmount(minText);
  let max = parseAmount(maxText);
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return min === null && max === null ? null : { min, max };
}

/** The query's `key=value` pairs with keys decoded and values left raw (their commas separate values). */
function rawPairs(search: string): [string, string][] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const split = pair.indexOf('=');
      return split < 0 ? [decodeComponent(pair), ''] : [decodeComponent(pair.slice(0, split)), pair.slice(split + 1)];
    });
}

/** Keys the selection owns; everything else in a query is left alone. */
const OWN_KEYS = new Set(['price', 'price-min', 'price-max', 'sort', 'page']);

export function isSelectionKey(key: string): boolean {
  return OWN_KEYS.has(key) || isGroupKey(key);
}

/**
 * The selection in a URL query (`location.search` form, with or without '?'). Repeated keys add up (the
 * GET form's checkboxes), a value chosen twice counts once, `price-min`/`price-max` (the form's inputs)
 * are read as `price`, and anything unreadable is left out.
 */
export function parseSelection(search: string): ListSelection {
  const groups = new Map<string, SelectedValue[]>();
  let price: PriceRange | null = null;
  let priceMin: number | null = null;
  let priceMax: number | null = null;
  let sort: ListSortSlug | null = null;
  let page = 1;
  for (const [key, raw] of rawPairs(search)) {
    if (key === 'price') price = parsePrice(decodeComponent(raw)) ?? price;
    else if (key === 'price-min') priceMin = parseAmount(decodeComponent(raw)) ?? priceMin;
    else if (key === 'price-max') priceMax = parseAmount(decodeComponent(raw)) ?? priceMax;
    else if (key === 'sort') {
      const value = decodeComponent(raw).trim();
      if (isSortSlug(value)) sort = value;
    } else if (key === 'page') {
      const value = Number(decodeComponent(raw));
      if (Number.isInteger(value) && value >= 1) page = Math.min(value, MAX_PAGE);
    } else if (isGroupKey(key)) {
      const values = groups.get(key) ?? [];
      for (const value of raw.split(',').map(parseValue)) {
        if (value && !values.some((known) => known.id === value.id)) values.push(value);
      }
      if (values.length) groups.set(key, values);
    }
  }
  if (priceMin !== null || priceMax !== null) {
    const [min, max] =
      priceMin !== null && priceMax !== null && priceMin > priceMax ? [priceMax, priceMin] : [priceMin, priceMax];
    price = { min, max };
  }
  return { groups: orderGroups([...groups].map(([key, values]) => ({ key, values }))), price, sort, page };
}

/** Fixed groups in their order, then parameter groups by key, so one selection has one URL. */
function orderGroups(groups: SelectedGroup[]): SelectedGroup[] {
  const rank = (key: string) => {
    const fixed = FIXED_GROUPS.findIndex((group) => group.key === key);
    return fixed < 0 ? FIXED_GROUPS.length : fixed;
  };
  return [...groups].sort((a, b) => rank(a.key) - rank(b.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The canonical query of a selection ('' or starting with '?'), with `extra` (other parameters of the
 * URL, e.g. tracking ones) kept after it. The default sort and page 1 are left out.
 */
export function serializeSelection(selection: ListSelection, extra: readonly [string, string][] = []): string {
  const parts: string[] = [];
  for (const group of orderGroups(selection.groups)) {
    if (group.values.length === 0) continue;
    const values = group.values.map((value) =>
      value.label ? `${encodeComponent(value.label)}~${encodeComponent(value.id)}` : encodeComponent(value.id),
    );
    parts.push(`${encodeComponent(group.key)}=${values.join(',')}`);
  }
  const price = selection.price;
  if (price && (price.min !== null || price.max !== null)) parts.push(`price=${price.min ?? ''}~${price.max ?? ''}`);
  if (selection.sort) parts.push(`sort=${selection.sort}`);
  if (selection.page > 1) parts.push(`page=${selection.page}`);
  for (const [key, value] of extra)
    parts.push(value === '' ? encodeComponent(key) : `${encodeComponent(key)}=${encodeComponent(value)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The parameters of a query the selection does not own, decoded, in their order. */
export function otherParameters(search: string): [string, string][] {
  return rawPairs(search)
    .filter(([key]) => !isSelectionKey(key))
    .map(([key, value]) => [key, decodeComponent(value)]);
}

/** True when the selection narrows the list (any facet or a price). */
export function hasFilters(selection: ListSelection): boolean {
  return selection.groups.length > 0 || selection.price !== null;
}

/** The selection without one value (a chip's link); the page goes back to 1. */
export function withoutValue(selection: ListSelection, key: string, id: string): ListSelection {
  const groups = selection.groups
    .map((group) => (group.key === key ? { ...group, values: group.values.filter((value) => value.id !== id) } : group))
    .filter((group) => group.values.length > 0);
  return { ...selection, groups, page: 1 };
}

/** The selection without its price range; the page goes back to 1. */
export function withoutPrice(selection: ListSelection): ListSelection {
  return { ...selection, price: null, page: 1 };
}

/** No filters, the same sort, page 1 ("clear all"). */
export function withoutFilters(selection: ListSelection): ListSelection {
  return { ...selection, groups: [], price: null, page: 1 };
}

export function withPage(selection: ListSelection, page: number): ListSelection {
  return { ...selection, page };
}
