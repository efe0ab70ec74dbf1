/**
 * Which list a list route shows (spec §2): a category (/c/{category}, /c/{section}/{category}), a brand
 * (/b/{brand+}), a discount campaign (/dc/{discountCampaign+}), a search (/s/{search}), the new items
 * (/nyheter), or whatever /list/{list?} and /l/{list+} name: a category, brand or campaign alias, else a
 * search with results, else nothing (404). With no alias, /list is all products.
 */
import { withoutMarketPath } from '../../../core/market-path';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Locale } from '../../../locales';
import type { ParamsArgument, Screen } from '../../../locales/routes';
import type { CategoryCrumb, ListHeader, ListKind } from '../../../client/views/pages/list-types';
import { hrefFor } from '../../urls/links';
import { categoryAliases } from '../../urls/page-aliases';
import { countUnfiltered, loadCategoryPath, loadListHeader, type ListScope } from './data';

/** The API's search text limit (worker/graphql/resolvers/lists-args.ts MAX_SEARCH_LENGTH). */
const MAX_SEARCH_LENGTH = 200;

export interface ResolvedList {
  kind: ListKind;
  scope: ListScope;
  header: ListHeader | null;
  searchTerm: string | null;
  /** The screen of the list's own page (canonical link, hreflang alternates). */
  canonicalScreen: Screen;
  /** Its parameters in a locale (null: no page in that language); a promise, as category aliases are looked up. */
  paramsFor: Promise<ParamsFor>;
  /** Category lists: the category and its ancestors, top first. */
  categoryPath: Promise<CategoryCrumb[]>;
  /** Set when the URL should move to the list's own path in this language (an alias of another language). */
  movedTo?: string;
}

type Ctx = Context<AppEnv>;

export type ParamsFor = (locale: Locale) => ParamsArgument<Screen> | null;

/** The same parameters in every locale (brand and campaign aliases, search terms are not translated). */
const same = <S extends Screen>(params: ParamsArgument<S>): Promise<ParamsFor> =>
  Promise.resolve(() => params as ParamsArgument<Screen>);

/** A category's alias in each language (they differ: /c/pennor is /en/c/pens). */
async function categoryParams(c: Ctx, header: ListHeader): Promise<ParamsFor> {
  const aliases = await categoryAliases(c, header.id).catch((error: unknown) => {
    console.error('category aliases failed', error);
    return {} as Partial<Record<Locale, string>>;
  });
  return (locale) => {
    const alias = locale === c.get('locale') ? header.alias : aliases[locale];
    return alias ? ([{ category: alias }] as ParamsArgument<Screen>) : null;
  };
}

/** The breadcrumbs' categories; none when they cannot be read (the list never fails for them). */
function categoryPathOf(c: Ctx, categoryId: number): Promise<CategoryCrumb[]> {
  return loadCategoryPath(c, categoryId).catch((error: unknown) => {
    console.error('category breadcrumbs failed', error);
    return [];
  });
}

/** A category, brand or campaign list from its header (kind from its canonical path: /c/, /b/, /dc/). */
function fromHeader(c: Ctx, header: ListHeader): ResolvedList | null {
  const url = withoutMarketPath(header.canonicalUrl ?? '');
  const base = { scope: { url }, header, searchTerm: null, categoryPath: Promise.resolve([]) };
  if (url.startsWith('/c/')) {
    // Started here, awaited with the products: neither waits for the other.
    return {
      ...base,
      kind: 'category',
      canonicalScreen: 'category',
      paramsFor: categoryParams(c, header),
      categoryPath: categoryPathOf(c, header.id),
    };
  }
  if (url.startsWith('/b/'))
    return { ...base, kind: 'brand', canonicalScreen: 'brand', paramsFor: same<'brand'>([{ brand: header.alias }]) };
  if (url.startsWith('/dc/')) {
    return {
      ...base,
      kind: 'campaign',
      canonicalScreen: 'discount-campaign',
      paramsFor: same<'discount-campaign'>([{ discountCampaign: header.alias }]),
    };
  }
  return null;
}

function searchList(term: string): ResolvedList {
  const searchTerm = term.trim().slice(0, MAX_SEARCH_LENGTH);
  return {
    kind: 'search',
    scope: { searchText: searchTerm },
    header: null,
    searchTerm,
    canonicalScreen: 'search',
    paramsFor: same<'search'>([{ search: searchTerm }]),
    categoryPath: Promise.resolve([]),
  };
}

function newsList(): ResolvedList {
  return {
    kind: 'news',
    scope: {},
    header: null,
    searchTerm: null,
    canonicalScreen: 'news',
    paramsFor: same<'news'>([]),
    categoryPath: Promise.resolve([]),
  };
}

async function allProducts(c: Ctx): Promise<ResolvedList> {
  return { ...newsList(), kind: 'all', header: await loadListHeader(c, {}), canonicalScreen: 'list' };
}

/** An alias of /list/{list} or /l/{list+}: a list page by its alias, else a search with results; null: none. */
async function byAlias(c: Ctx, text: string): Promise<ResolvedList | null> {
  const path = text.startsWith('/') ? text : `/${text}`;
  const isListPath = /^\/(c|b|dc)\//.test(path);
  const header = isListPath
    ? await loadListHeader(c, { url: path })
    : await loadListHeader(c, { alias: text.split('/').filter(Boolean).at(-1) ?? '' });
  if (header) return fromHeader(c, header);
  const term = path.startsWith('/s/') ? decodeURIComponent(path.slice(3)) : text;
  const search = searchList(term);
  if (!search.searchTerm) return null;
  return (await countUnfiltered(c, search.scope)) > 0 ? search : null;
}

/** The list a list route shows, or null when it names nothing (the page answers 404). */
export async function resolveList(c: Ctx): Promise<ResolvedList | null> {
  const route = c.get('route');
  if (!route) return null;
  const params = route.params;
  switch (route.screen) {
    case 'category':
    case 'category-in-section': {
      const alias = params.category ?? '';
      const header = await loadListHeader(c, { url: `/c/${encodeURIComponent(alias)}` });
      const list = header ? fromHeader(c, header) : null;
      if (list && header && route.screen === 'category' && header.alias !== alias) {
        return { ...list, movedTo: hrefFor(c, 'category', c.get('locale'), { category: header.alias }) };
      }
      return list;
    }
    case 'brand': {
      const header = await loadListHeader(c, { url: `/b/${encodeURIComponent(params.brand ?? '')}` });
      return header ? fromHeader(c, header) : null;
    }
    case 'discount-campaign': {
      const header = await loadListHeader(c, { url: `/dc/${encodeURIComponent(params.discountCampaign ?? '')}` });
      return header ? fromHeader(c, header) : null;
    }
    case 'search':
      return searchList(params.search ?? '');
    case 'news':
      return newsList();
    case 'list':
      return params.list ? byAlias(c, params.list) : allProducts(c);
    case 'list-generic':
      return byAlias(c, params.list ?? '');
    default:
      return null;
  }
}
