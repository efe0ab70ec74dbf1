/** FilterCollectionType of the API from a list's facets (worker/commerce/catalog/facets.ts). */
import { createTranslator, localeOfLanguageId } from '../../../locales';
import type { FacetGroup, FacetKind, ListFacets } from '../../commerce/catalog/facets';
import type { Scope } from '../context';
import { formatMoney } from '../../../core/money';

/** FilterType.type of each kind ('Parameter', 'Category', 'Sku' as the API documents them). */
const FILTER_TYPES: Record<FacetKind, string> = {
  categories: 'Category',
  brands: 'Brand',
  sizes: 'Sku',
  campaigns: 'DiscountCampaign',
  discount: 'Discount',
  price: 'Price',
  parameter: 'Parameter',
};

type FixedKind = Exclude<FacetKind, 'parameter'>;

/**
 * The facets as FilterType values. `group` is the filter's stable name (a parameter's identifier),
 * `label` its name in the language; a value's `_id` is `<facetId>_<count>` (the API's "FacetId_Count") and
 * its `order` its position in the group.
 */
export function filterCollectionType(facets: ListFacets, scope: Pick<Scope, 'language' | 'market'>) {
  const t = createTranslator(localeOfLanguageId(scope.language.id));
  const labelOf = (group: FacetGroup) => group.label ?? t(`api.lists.facets.${group.kind as FixedKind}`);
  const money = (units: string) =>
    formatMoney({ amount: Number(units) * 100, currency: scope.market.currency.code }, scope.language.id);
  const valueLabel = (kind: FacetKind, label: string) => {
    const [from = '', to = ''] = label.split('-');
    if (kind === 'discount') return t('api.lists.facets.discountBand', { from, to });
    if (kind === 'price')
      return to
        ? t('api.lists.facets.priceBand', { from: money(from), to: money(to) })
        : t('api.lists.facets.priceFrom', { from: money(from) });
    return label;
  };
  return {
    price: facets.price ? { lowest: facets.price.lowest / 100, highest: facets.price.highest / 100 } : null,
    facets: facets.groups.map((group) => ({
      filterId: group.filterId,
      type: FILTER_TYPES[group.kind],
      group: group.kind === 'parameter' ? group.filterId.slice('p-'.length) : group.filterId,
      label: labelOf(group),
      order: group.order,
      values: group.values.map((value, index) => {
        return {
          _id: `${value.facetId}_${value.count}`,
          facetId: value.facetId,
          parentId: value.parentId,
          label: valueLabel(group.kind, value.label),
          url: value.url,
          order: index,
          count: value.count,
          hidden: value.hidden,
        };
      }),
    })),
  };
}
