/** Links and labels of a list page derived from its data: every list link keeps the shopper's selection. */
import {
  FIXED_GROUPS,
  facetIdOf,
  serializeSelection,
  type ListSelection,
  type PriceRange,
} from '../../../../core/list-selection';
import type { ListFacetGroup } from '../../pages/list-types';
import { formatMoney } from '../../../../core/money';

/** The list's URL for `selection` (its path plus the canonical query of spec §9). */
export function listHref(path: string, selection: ListSelection): string {
  return `${path}${serializeSelection(selection)}`;
}

/** The facet group of the API that a URL group key names ('skus' is the API's 'sizes'). */
export function facetGroupOf(facets: readonly ListFacetGroup[], key: string): ListFacetGroup | undefined {
  const filterId = FIXED_GROUPS.find((group) => group.key === key)?.filterId ?? key;
  return facets.find((group) => group.filterId === filterId);
}

/** The label a selected value shows: the facet's label in the page's language, else the URL's own. */
export function selectedLabel(facets: readonly ListFacetGroup[], key: string, id: string, urlLabel: string): string {
  const facetId = facetIdOf(key, id);
  const value = facetGroupOf(facets, key)?.values.find((candidate) => candidate.facetId === facetId);
  return value?.label || urlLabel || id;
}

/** A whole amount (major units) in the market's currency, printed as every price is: '120 kr'. */
export function formatAmount(amount: number, localeIso: string, currency: string): string {
  if (!currency) return String(amount);
  return formatMoney({ amount: Math.round(amount) * 100, currency }, localeIso);
}

/** The price filter as text: '100 kr–200 kr', 'from 100 kr' or 'up to 200 kr'. */
export function priceText(
  price: PriceRange,
  format: (amount: number) => string,
  texts: { range: (min: string, max: string) => string; from: (min: string) => string; to: (max: string) => string },
): string {
  if (price.min !== null && price.max !== null) return texts.range(format(price.min), format(price.max));
  if (price.min !== null) return texts.from(format(price.min));
  return texts.to(format(price.max ?? 0));
}
