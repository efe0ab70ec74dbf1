/**
 * The sort choice (spec §9: latest, most sold, lowest price, highest price, relevance): a select and a
 * submit button of the filter form, so choosing a sort keeps the filters and works without JavaScript.
 * With JavaScript the list controls (client/browser/list-controls.ts) submit on change and hides the button.
 */
import { useShop } from '../ShopContext';
import { sortSlugOf, type ListSort as Sort, type ListSortSlug } from '../../../../core/list-selection';
import { LIST_FORM_ID } from './ListFilters';

/** The order the options are offered in; relevance only where there is something to be relevant to. */
const SORT_ORDER: readonly ListSortSlug[] = ['relevance', 'latest', 'most-sold', 'lowest-price', 'highest-price'];

export function ListSort({ sort, withRelevance }: { sort: Sort; withRelevance: boolean }) {
  const { t } = useShop();
  const current = sortSlugOf(sort);
  const options = SORT_ORDER.filter((slug) => withRelevance || slug !== 'relevance' || current === 'relevance');
  return (
    <div className="list-sort">
      <label className="list-sort__label" htmlFor="list-sort">
        {t('list.sort.label')}
      </label>
      <select
        id="list-sort"
        className="list-sort__select"
        name="sort"
        form={LIST_FORM_ID}
        defaultValue={current ?? undefined}
      >
        {options.map((slug) => (
          <option key={slug} value={slug} aria-current={slug === current ? 'true' : undefined}>
            {t(`list.sort.${slug}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="list-sort__apply" form={LIST_FORM_ID}>
        {t('list.sort.apply')}
      </button>
    </div>
  );
}
