/**
 * Which sort a product list starts with (spec §4 "Default sort: RELEVANCE on search routes, else
 * configured default, overridden by custom sort for matching routes; a sort in the URL wins").
 */
import type { Config } from '../../config';
import { ROUTE_NAME_SEPARATOR, type RouteMatch } from '../../../locales/routes';
import { LIST_SORTS, type ListSort, type ListSortSlug } from '../../../core/list-selection';

/** Screens whose list has an order of its own unless configured otherwise: new items are the latest. */
const SCREEN_SORTS: Partial<Record<RouteMatch['screen'], ListSort>> = { news: 'LATEST' };

/** A custom sort rule names a route (`news___en`) or a screen in every locale (`news`). */
function ruleMatches(ruleName: string, routeName: string): boolean {
  return ruleName === routeName || routeName.startsWith(`${ruleName}${ROUTE_NAME_SEPARATOR}`);
}

/** The default sort of a list route, before the URL's own sort is considered. */
export function defaultListSort(
  config: Pick<Config, 'productListDefaultSort' | 'customSortRoutes'>,
  route: Pick<RouteMatch, 'name' | 'screen'>,
  isSearch: boolean,
): ListSort {
  if (isSearch) return 'RELEVANCE';
  const custom = config.customSortRoutes.find((rule) => ruleMatches(rule.name, route.name));
  return custom?.sort ?? SCREEN_SORTS[route.screen] ?? config.productListDefaultSort;
}

/** The sort a list shows: the URL's when it names one, else the route's default. */
export function effectiveListSort(urlSort: ListSortSlug | null, fallback: ListSort): ListSort {
  return urlSort ? LIST_SORTS[urlSort] : fallback;
}
