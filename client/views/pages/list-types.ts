/** Data of a product list page, as worker/pages/list/index.tsx hands it to ListPage. */
import type { ProductCardData } from '../components/ProductCard';
import type { ListSelection, ListSort } from '../../../core/list-selection';

/** PageInfoType fields a list's header shows. */
export interface ListHeader {
  id: number;
  alias: string;
  canonicalUrl: string | null;
  name: string | null;
  hideTitle: boolean | null;
  primaryDescription: string | null;
  secondaryDescription: string | null;
  subCategories: ({ name: string | null; alias: string | null } | null)[] | null;
}

export interface CategoryCrumb {
  categoryId: number;
  name: string;
  alias: string;
}

/** A facet group of the API's FilterCollectionType, as the filter panel reads it. */
export interface ListFacetGroup {
  /** 'categories', 'brands', 'sizes', 'campaigns', 'discount' or 'p-<identifier>'. */
  filterId: string;
  label: string | null;
  values: { facetId: string; parentId: string | null; label: string | null; count: number; hidden: boolean | null }[];
}

export type ListKind = 'category' | 'brand' | 'campaign' | 'search' | 'news' | 'all';

/**
 * Why a list shows no products: the search found nothing ('no-results', spec §8 'Tyvärr hittades inget
 * som matchar din sökning'), the filters exclude everything ('no-match', 'Inga produkter matchar ditt
 * urval'), or the list itself is empty ('empty').
 */
export type EmptyReason = 'no-results' | 'no-match' | 'empty';

export interface ListPageData {
  kind: ListKind;
  /** The h1. */
  title: string;
  /** The campaign asks for no visible title (the h1 stays for screen readers). */
  hideTitle: boolean;
  description: string | null;
  secondaryDescription: string | null;
  /** Category pages: the category and its ancestors, top first. */
  categoryPath: CategoryCrumb[];
  subCategories: { name: string; alias: string }[];
  /** The list's path without query: the filter form's action and the base of every list link. */
  path: string;
  /** Search pages: the search term. */
  searchTerm: string | null;
  selection: ListSelection;
  /** The sort the list is shown in, and the route's default (a URL naming the default is not needed). */
  sort: ListSort;
  defaultSort: ListSort;
  count: number;
  products: ProductCardData[];
  facets: ListFacetGroup[];
  priceRange: { lowest: number; highest: number } | null;
  pageSize: number;
  emptyReason: EmptyReason | null;
  /** The list's name for analytics (`data-item-list`). */
  listName: string;
}
