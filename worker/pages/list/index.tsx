/**
 * The product list pages (spec §2, §9): category, category-in-section, brand, discount-campaign, search,
 * news, list-generic and list all render through `listPage`. The URL's selection (filters, sort, page) is
 * read in the URL form of spec §9; any other spelling of it (the GET filter form's repeated keys, the
 * route's default sort, page 1) is redirected to the one canonical URL, so a filtered list is one
 * shareable link. The canonical link is the list's own path with only the page kept.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { publicOrigin } from '../../urls/request';
import { ListPage } from '../../../client/views/pages/ListPage';
import type { EmptyReason, ListPageData } from '../../../client/views/pages/list-types';
import {
  hasFilters,
  otherParameters,
  parseSelection,
  serializeSelection,
  sortSlugOf,
  withPage,
  type ListSelection,
} from '../../../core/list-selection';
import { hrefFor } from '../../urls/links';
import { movedOrNotFound } from '../not-found/index';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { countUnfiltered, LIST_PAGE_SIZE, loadListProducts, withValidFacets } from './data';
import { resolveList, type ResolvedList } from './resolve';
import { defaultListSort, effectiveListSort } from './sort';
import type { PageHandler } from '../types';

type Ctx = Context<AppEnv>;

/** The selection with the route's default sort left out (a URL names a sort only when it differs). */
function withoutDefaultSort(selection: ListSelection, defaultSlug: string | null): ListSelection {
  return selection.sort === defaultSlug ? { ...selection, sort: null } : selection;
}

/** The canonical form of this request's query, or null when the URL already has it. */
function canonicalQuery(url: URL, selection: ListSelection): string | null {
  const query = serializeSelection(selection, otherParameters(url.search));
  // Both sides through the URL parser, so characters it escapes itself compare equal.
  return new URL(`${url.pathname}${query}`, url.origin).search === url.search ? null : query;
}

/** Why the list is empty: no search hit at all, or filters that exclude everything, or an empty list. */
async function emptyReason(c: Ctx, list: ResolvedList, selection: ListSelection): Promise<EmptyReason> {
  if (!hasFilters(selection)) return list.kind === 'search' ? 'no-results' : 'empty';
  const unfiltered = await countUnfiltered(c, list.scope);
  if (unfiltered === 0) return list.kind === 'search' ? 'no-results' : 'empty';
  return 'no-match';
}

function titleOf(c: Ctx, list: ResolvedList): string {
  const t = c.get('t');
  if (list.kind === 'search') return t('search.title', { term: list.searchTerm ?? '' });
  if (list.kind === 'news') return t('list.news.title');
  return list.header?.name ?? '';
}

function descriptionOf(c: Ctx, list: ResolvedList): string | null {
  if (list.kind === 'news') return c.get('t')('list.news.description');
  if (list.kind === 'search') return null;
  return list.header?.primaryDescription ?? null;
}

export const listPage: PageHandler = async (c) => {
  const route = c.get('route');
  const list = await resolveList(c);
  if (!route || !list) return movedOrNotFound(c);
  const url = new URL(c.req.url);
  if (list.movedTo) return c.redirect(list.movedTo + url.search, 301);

  const defaultSort = defaultListSort(c.get('config'), route, list.kind === 'search');
  const selection = withoutDefaultSort(withValidFacets(parseSelection(url.search)), sortSlugOf(defaultSort));
  const query = canonicalQuery(url, selection);
  if (query !== null) return c.redirect(`${url.pathname}${query}`, 302);

  const sort = effectiveListSort(selection.sort, defaultSort);
  const [products, paramsFor, categoryPath] = await Promise.all([
    loadListProducts(c, list.scope, selection, sort),
    list.paramsFor,
    list.categoryPath,
  ]);
  const lastPage = Math.max(1, Math.ceil(products.count / LIST_PAGE_SIZE));
  if (selection.page > lastPage) {
    return c.redirect(
      `${url.pathname}${serializeSelection(withPage(selection, lastPage), otherParameters(url.search))}`,
      302,
    );
  }

  const title = titleOf(c, list);
  const data: ListPageData = {
    kind: list.kind,
    title,
    hideTitle: list.header?.hideTitle === true && list.kind === 'campaign',
    description: descriptionOf(c, list),
    secondaryDescription: list.header?.secondaryDescription ?? null,
    categoryPath,
    subCategories: (list.header?.subCategories ?? []).flatMap((category) =>
      category?.name && category.alias ? [{ name: category.name, alias: category.alias }] : [],
    ),
    path: url.pathname,
    searchTerm: list.searchTerm,
    selection,
    sort,
    defaultSort,
    count: products.count,
    products: products.products,
    facets: products.facets,
    priceRange: products.priceRange,
    pageSize: LIST_PAGE_SIZE,
    emptyReason: products.count === 0 ? await emptyReason(c, list, selection) : null,
    listName: title,
  };

  // Canonical and alternates: the list's own path (a /list/… alias points at its category, brand or
  // campaign page) with only the page kept.
  const pageQuery = selection.page > 1 ? `?page=${selection.page}` : '';
  const canonicalArgs = paramsFor(c.get('locale'));
  const canonicalPath = canonicalArgs
    ? hrefFor(c, list.canonicalScreen, c.get('locale'), ...canonicalArgs)
    : url.pathname;
  const alternates = routeAlternates(c, list.canonicalScreen, paramsFor).map((alternate) => ({
    ...alternate,
    href: alternate.href + pageQuery,
  }));
  const pageLink = (page: number) =>
    `${publicOrigin(c)}${url.pathname}${serializeSelection(withPage(selection, page))}`;
  const headLinks = [
    ...(selection.page > 1 ? [{ rel: 'prev', href: pageLink(selection.page - 1) }] : []),
    ...(selection.page < lastPage ? [{ rel: 'next', href: pageLink(selection.page + 1) }] : []),
  ];
  const pageSuffix = selection.page > 1 ? ` – ${c.get('t')('list.page', { page: selection.page })}` : '';

  return renderPage(c, <ListPage data={data} />, {
    title: pageTitle(c, `${title}${pageSuffix}`),
    description:
      data.description ??
      (list.kind === 'search' ? c.get('t')('search.metaDescription', { term: list.searchTerm ?? '' }) : undefined),
    canonical: `${publicOrigin(c)}${canonicalPath}${pageQuery}`,
    alternates,
    headLinks,
    // A list has no deferred data: nothing on it suspends.
    prerender: true,
  });
};
