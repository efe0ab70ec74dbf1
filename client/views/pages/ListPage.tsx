/**
 * A product list (category, brand, campaign, search results, new items, all products): breadcrumbs and
 * heading, the filter panel, the active filters, sort, the product cards and the pagination. Everything is
 * links and GET forms; the list controls (client/browser/list-controls.ts) and the ListPager islands only
 * make them quicker to use.
 */
import { Island } from '../components/Island';
import { ProductCards } from '../components/ProductGrid';
import { useShop } from '../components/ShopContext';
import { hasFilters, withoutFilters, withPage } from '../../../core/list-selection';
import { ActiveFilters } from '../components/list/ActiveFilters';
import { LIST_FORM_ID, ListFilters } from '../components/list/ListFilters';
import { ListSort } from '../components/list/ListSort';
import { listHref } from '../components/list/list-links';
import ListPager, { type ListPagerProps } from '../../islands/ListPager';
import type { ListPageData } from './list-types';
import { countForm } from '../../../locales/plural';
import { Breadcrumbs, type Crumb } from '../components/Breadcrumbs';
import type { LinkBuilder } from '../components/ShopContext';

export const LIST_GRID_ID = 'list-products';
/** Cards in the grid's first row on a desktop; their images load at once (the largest paint of the page). */
const FIRST_ROW = 4;

/** Categories: the path down to this one; brands: the brands page; other lists: their title. */
function listTrail(data: ListPageData, link: LinkBuilder, brandsName: string): Crumb[] {
  if (data.kind === 'category') {
    return data.categoryPath.map((category) => ({
      name: category.name,
      href: link('category', { category: category.alias }),
    }));
  }
  if (data.kind === 'brand') return [{ name: brandsName, href: link('brands') }, { name: data.title }];
  return [{ name: data.title }];
}

function ListHeading({ data }: { data: ListPageData }) {
  const { t, localeIso, href } = useShop();
  const countKey = countForm(localeIso, data.count);
  return (
    <header className="list-header">
      <Breadcrumbs trail={listTrail(data, href, t('list.brands'))} />
      <h1 className={data.hideTitle ? 'visually-hidden' : 'list-header__title'}>{data.title}</h1>
      {data.emptyReason !== 'no-results' && (
        <p className="list-header__count">{t(`list.count.${countKey}`, { count: data.count })}</p>
      )}
      {data.description && <p className="list-header__description">{data.description}</p>}
      {data.subCategories.length > 0 && (
        <nav className="sub-categories" aria-label={t('list.subCategories')}>
          <ul className="sub-categories__list">
            {data.subCategories.map((category) => (
              <li key={category.alias}>
                <a className="sub-categories__link" href={href('category', { category: category.alias })}>
                  {category.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}

/** The two messages of spec §8 (search) and the plain empty list. */
function EmptyList({ data }: { data: ListPageData }) {
  const { t } = useShop();
  if (data.emptyReason === 'no-results') {
    return (
      <div className="list-empty" role="status">
        <p className="list-empty__title">{t('search.noResults')}</p>
        <p>{t('search.help')}</p>
        <SearchAgain term={data.searchTerm ?? ''} />
      </div>
    );
  }
  return (
    <div className="list-empty" role="status">
      <p className="list-empty__title">{t(data.emptyReason === 'no-match' ? 'list.noMatch' : 'list.emptyList')}</p>
      {data.emptyReason === 'no-match' && (
        <a className="button button--primary" href={listHref(data.path, withoutFilters(data.selection))}>
          {t('list.filters.clearAll')}
        </a>
      )}
    </div>
  );
}

/** A plain search form (GET /api/search redirects to /s/{term}, worker/routes/api/search-redirect.ts). */
function SearchAgain({ term }: { term: string }) {
  const { t, locale } = useShop();
  return (
    // Named: the header's search box is a search landmark too, and two alike are one too many (axe's
    // landmark-unique).
    <form className="search-again" method="get" action="/api/search" role="search" aria-label={t('search.again')}>
      <input type="hidden" name="locale" value={locale} />
      <label className="visually-hidden" htmlFor="search-again">
        {t('search.label')}
      </label>
      <input
        id="search-again"
        className="search-again__input"
        type="search"
        name="q"
        defaultValue={term}
        maxLength={200}
      />
      <button type="submit" className="button button--primary">
        {t('search.button')}
      </button>
    </form>
  );
}

function pagerProps(
  data: ListPageData,
  direction: ListPagerProps['direction'],
  href: string | null,
  seen: number,
  labels: ListPagerProps['labels'],
  localeIso: string,
): ListPagerProps {
  return { direction, href, gridId: LIST_GRID_ID, seen, total: data.count, localeIso, labels };
}

export function ListPage({ data }: { data: ListPageData }) {
  const { t, localeIso } = useShop();
  const { selection, path } = data;
  const lastPage = Math.max(1, Math.ceil(data.count / data.pageSize));
  const seen = Math.min(data.count, selection.page * data.pageSize);
  const nextHref = selection.page < lastPage ? listHref(path, withPage(selection, selection.page + 1)) : null;
  const previousHref =
    selection.page > 1 && data.count > 0 ? listHref(path, withPage(selection, selection.page - 1)) : null;
  const progress = {
    one: t('list.progress.one', { seen: '{{seen}}', total: '{{total}}' }),
    other: t('list.progress.other', { seen: '{{seen}}', total: '{{total}}' }),
  };
  const labels = (action: string) => ({ action, loading: t('list.loading'), failed: t('list.loadFailed'), progress });
  const showPanel = data.facets.length > 0 || hasFilters(selection);
  return (
    <div className="list-page" data-list-path={path} data-list-form={LIST_FORM_ID}>
      <ListHeading data={data} />
      <div className={showPanel ? 'list-page__layout' : 'list-page__layout list-page__layout--single'}>
        {showPanel && (
          <div className="list-page__filters">
            <ListFilters
              total={data.count}
              path={path}
              selection={selection}
              facets={data.facets}
              priceRange={data.priceRange}
              clearHref={hasFilters(selection) ? listHref(path, withoutFilters(selection)) : null}
            />
          </div>
        )}
        <section className="list-page__results" aria-labelledby="list-products-title">
          <h2 id="list-products-title" className="visually-hidden">
            {t('list.products')}
          </h2>
          {showPanel && (
            <div className="list-toolbar">
              <ListSort sort={data.sort} withRelevance={data.kind === 'search'} />
            </div>
          )}
          <ActiveFilters path={path} selection={selection} facets={data.facets} />
          {previousHref && (
            <Island
              name="ListPager"
              component={ListPager}
              props={pagerProps(data, 'previous', previousHref, seen, labels(t('list.loadPrevious')), localeIso)}
            />
          )}
          {data.products.length > 0 ? (
            <ProductCards
              id={LIST_GRID_ID}
              products={data.products}
              listName={data.listName}
              firstIndex={(selection.page - 1) * data.pageSize}
              eagerImages={FIRST_ROW}
            />
          ) : (
            <EmptyList data={data} />
          )}
          {data.products.length > 0 && (
            <Island
              name="ListPager"
              component={ListPager}
              props={pagerProps(data, 'next', nextHref, seen, labels(t('list.loadMore')), localeIso)}
            />
          )}
        </section>
      </div>
      {data.secondaryDescription && <p className="list-page__more">{data.secondaryDescription}</p>}
    </div>
  );
}
