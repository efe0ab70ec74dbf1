/**
 * The shopper's chosen filters as chips, each a link to the list without it, and "clear all" (spec §9
 * "active-filter chips"). Plain links: they work without JavaScript and keep the sort.
 */
import { useShop } from '../ShopContext';
import { withoutFilters, withoutPrice, withoutValue, type ListSelection } from '../../../../core/list-selection';
import type { ListFacetGroup } from '../../pages/list-types';
import { formatAmount, listHref, priceText, selectedLabel } from './list-links';

interface Chip {
  key: string;
  label: string;
  href: string;
}

export function ActiveFilters({
  path,
  selection,
  facets,
}: {
  path: string;
  selection: ListSelection;
  facets: readonly ListFacetGroup[];
}) {
  const { t, localeIso, market } = useShop();
  const chips: Chip[] = selection.groups.flatMap((group) =>
    group.values.map((value) => ({
      key: `${group.key}:${value.id}`,
      label: selectedLabel(facets, group.key, value.id, value.label),
      href: listHref(path, withoutValue(selection, group.key, value.id)),
    })),
  );
  if (selection.price) {
    const format = (amount: number) => formatAmount(amount, localeIso, market.currency);
    chips.push({
      key: 'price',
      label: priceText(selection.price, format, {
        range: (min, max) => t('list.filters.priceRange', { min, max }),
        from: (min) => t('list.filters.priceFrom', { min }),
        to: (max) => t('list.filters.priceTo', { max }),
      }),
      href: listHref(path, withoutPrice(selection)),
    });
  }
  if (chips.length === 0) return null;
  return (
    <section className="active-filters" aria-labelledby="active-filters-title">
      <h2 id="active-filters-title" className="visually-hidden">
        {t('list.filters.active')}
      </h2>
      <ul className="active-filters__chips">
        {chips.map((chip) => (
          <li key={chip.key}>
            <a className="filter-chip" href={chip.href} aria-label={t('list.filters.remove', { label: chip.label })}>
              <span>{chip.label}</span>
              <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
                <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </a>
          </li>
        ))}
        <li>
          <a className="active-filters__clear" href={listHref(path, withoutFilters(selection))}>
            {t('list.filters.clearAll')}
          </a>
        </li>
      </ul>
    </section>
  );
}
