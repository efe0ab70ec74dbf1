/**
 * The filter panel of a product list (spec §9 "Filters: categories, brands, price, campaigns, sizes,
 * discount" and parameters): a plain GET form with a checkbox per facet value and its count, two price
 * fields and an apply button, so it works without JavaScript. Each box submits `key=label~id`; the list
 * page answers that with a redirect to the canonical URL form (`?brands=Pilot~61,Pentel~60`).
 * The sort select sits outside the panel but belongs to the same form (`form="list-filters"`).
 */
import type { Translate } from '../../../../locales';
import { useShop } from '../ShopContext';
import { groupKeyOfFilter, urlIdOf, type ListSelection, type SelectedValue } from '../../../../core/list-selection';
import type { ListFacetGroup } from '../../pages/list-types';
import { pluralCategory } from '../../../../locales/plural';
import { escapeHtml } from '../html-string';

export const LIST_FORM_ID = 'list-filters';

interface FilterValue {
  id: string;
  label: string;
  count: number | null;
  checked: boolean;
  /** A sub-category under a category of the same group. */
  nested: boolean;
}

/** Groups a panel opens from the start: those with a choice, and the first few. */
const OPEN_GROUPS = 3;

type FacetValue = ListFacetGroup['values'][number];

/** Values in tree order: each value whose parent is not listed, followed by its children (categories). */
function treeOrder(values: readonly FacetValue[]): FacetValue[] {
  const listed = new Set(values.map((value) => value.facetId));
  const roots = values.filter((value) => value.parentId === null || !listed.has(value.parentId));
  return roots.flatMap((root) => [root, ...values.filter((value) => value.parentId === root.facetId)]);
}

/** The group's values to show: every facet value (hidden ones only when chosen) and any chosen value the facets lack. */
function valuesOf(group: ListFacetGroup, key: string, chosen: readonly SelectedValue[]): FilterValue[] {
  const chosenIds = new Set(chosen.map((value) => value.id));
  const listed = treeOrder(group.values)
    .map((value) => ({ value, id: urlIdOf(key, value.facetId) }))
    .filter(({ value, id }) => !value.hidden || chosenIds.has(id))
    .map(({ value, id }) => ({
      id,
      label: value.label ?? id,
      count: value.count,
      checked: chosenIds.has(id),
      nested: value.parentId !== null && group.values.some((other) => other.facetId === value.parentId),
    }));
  const missing = chosen
    .filter((value) => !listed.some((item) => item.id === value.id))
    .map((value) => ({ id: value.id, label: value.label || value.id, count: null, checked: true, nested: false }));
  return [...missing, ...listed];
}

/**
 * A group's values as a string (html-string.ts): a list's panel has some 200 of these rows, the same
 * elements React rendered, with any label's character beyond Latin-1 (a discount's "6–10 %") written as a
 * reference so the page stays a one-byte string.
 */
function filterValuesHtml(key: string, values: readonly FilterValue[]): string {
  let html = '';
  for (const value of values) {
    html +=
      `<li class="${value.nested ? 'filter-value filter-value--nested' : 'filter-value'}">` +
      `<label class="filter-value__label"><input type="checkbox" name="${escapeHtml(key)}"` +
      `${value.checked ? ' checked=""' : ''} value="${escapeHtml(`${value.label}~${value.id}`)}"/>` +
      `<span class="filter-value__name">${escapeHtml(value.label)}</span>` +
      (value.count !== null ? `<span class="filter-value__count">(${escapeHtml(value.count)})</span>` : '') +
      '</label></li>';
  }
  return html;
}

/** "2 valda" in the right plural form. */
function selectedText(t: Translate, localeIso: string, count: number): string {
  const form = pluralCategory(localeIso, count);
  return t(`list.filters.selected.${form}`, { count });
}

function FilterGroup({
  group,
  selection,
  open,
  index,
}: {
  group: ListFacetGroup;
  selection: ListSelection;
  open: boolean;
  index: number;
}) {
  const { t, localeIso } = useShop();
  const key = groupKeyOfFilter(group.filterId);
  const chosen = selection.groups.find((candidate) => candidate.key === key)?.values ?? [];
  const values = valuesOf(group, key, chosen);
  const legendId = `filter-group-${index}`;
  return (
    <details className="filter-group" open={open}>
      <summary className="filter-group__summary">
        <span>{group.label}</span>
        {chosen.length > 0 && <span className="filter-group__chosen">{selectedText(t, localeIso, chosen.length)}</span>}
      </summary>
      <fieldset className="filter-group__values" aria-labelledby={legendId}>
        <legend id={legendId} className="visually-hidden">
          {group.label}
        </legend>
        <ul className="filter-values" dangerouslySetInnerHTML={{ __html: filterValuesHtml(key, values) }} />
      </fieldset>
    </details>
  );
}

/** One end of the price filter: a whole amount in the market's currency. */
function PriceField({
  label,
  name,
  value,
  placeholder,
}: {
  label: string;
  name: string;
  value: number | null | undefined;
  placeholder: number | undefined;
}) {
  return (
    <label className="filter-price__field">
      <span>{label}</span>
      <input
        type="number"
        name={name}
        min={0}
        step={1}
        inputMode="numeric"
        defaultValue={value ?? undefined}
        placeholder={placeholder === undefined ? undefined : String(placeholder)}
      />
    </label>
  );
}
function PriceFilter({
  selection,
  range,
  currency,
}: {
  selection: ListSelection;
  range: { lowest: number; highest: number } | null;
  currency: string;
}) {
  const { t } = useShop();
  const open = selection.price !== null;
  return (
    <details className="filter-group" open={open || undefined}>
      <summary className="filter-group__summary">
        <span>{t('list.filters.price')}</span>
      </summary>
      <fieldset className="filter-group__values filter-price" aria-labelledby="filter-price-legend">
        <legend id="filter-price-legend" className="visually-hidden">
          {t('list.filters.price')}
        </legend>
        <p className="filter-price__unit">{t('list.filters.priceUnit', { currency })}</p>
        <div className="filter-price__fields">
          <PriceField
            label={t('list.filters.priceMin')}
            name="price-min"
            value={selection.price?.min}
            placeholder={range ? Math.floor(range.lowest) : undefined}
          />
          <PriceField
            label={t('list.filters.priceMax')}
            name="price-max"
            value={selection.price?.max}
            placeholder={range ? Math.ceil(range.highest) : undefined}
          />
        </div>
      </fieldset>
    </details>
  );
}

/** A group that cannot narrow the list: one value, not chosen, that every product has (the brand on its brand page). */
function narrowsNothing(group: ListFacetGroup, selection: ListSelection, total: number): boolean {
  const key = groupKeyOfFilter(group.filterId);
  const chosen = selection.groups.some((candidate) => candidate.key === key);
  return !chosen && group.values.length === 1 && group.values[0]!.count === total;
}

export interface ListFiltersProps {
  /** Products in the list as filtered now. */
  total: number;
  path: string;
  selection: ListSelection;
  facets: readonly ListFacetGroup[];
  priceRange: { lowest: number; highest: number } | null;
  /** The link that removes every filter, or null when none is chosen. */
  clearHref: string | null;
}

export function ListFilters({ total, path, selection, facets, priceRange, clearHref }: ListFiltersProps) {
  const { t, market, localeIso } = useShop();
  const chosenCount = selection.groups.reduce((sum, group) => sum + group.values.length, 0) + (selection.price ? 1 : 0);
  return (
    <details className="list-filters">
      <summary className="list-filters__toggle">
        <span>{t('list.filters.title')}</span>
        {chosenCount > 0 && <span className="list-filters__badge">{selectedText(t, localeIso, chosenCount)}</span>}
      </summary>
      <form
        id={LIST_FORM_ID}
        className="list-filters__form"
        method="get"
        action={path}
        aria-labelledby="list-filters-title"
      >
        <h2 id="list-filters-title" className="list-filters__title">
          {t('list.filters.title')}
        </h2>
        {facets
          .filter((group) => !narrowsNothing(group, selection, total))
          .map((group, index) => {
            const key = groupKeyOfFilter(group.filterId);
            const chosen = selection.groups.some((candidate) => candidate.key === key);
            return (
              <FilterGroup
                key={group.filterId}
                group={group}
                selection={selection}
                open={chosen || index < OPEN_GROUPS}
                index={index}
              />
            );
          })}
        {(priceRange || selection.price) && (
          <PriceFilter selection={selection} range={priceRange} currency={market.currency} />
        )}
        <div className="list-filters__actions">
          <button type="submit" className="button button--primary">
            {t('list.filters.apply')}
          </button>
          {clearHref && (
            <a className="list-filters__clear" href={clearHref}>
              {t('list.filters.clearAll')}
            </a>
          )}
        </div>
      </form>
    </details>
  );
}
