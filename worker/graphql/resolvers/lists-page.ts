/**
 * PageInfoType of a list page (`listPageInfo`): a category, brand or discount campaign by alias or path,
 * a search page (/s/{text}), or, with neither alias nor url, the list of all products.
 */
import { withMarketPath } from '../../../core/market-path';
import { createTranslator, localeOfLanguageId } from '../../../locales';
import { findListPage, parseListPath, type ListPage } from '../../commerce/catalog/taxonomy';
import type { Scope } from '../context';

function pageInfoType(page: ListPage, prefix: string) {
  return {
    id: page.id,
    alias: page.alias,
    canonicalUrl: withMarketPath(prefix, page.canonicalUrl),
    name: page.name,
    hideTitle: page.hideTitle,
    hideDescription: false,
    primaryDescription: page.primaryDescription,
    secondaryDescription: page.secondaryDescription,
    primaryImage: page.primaryImage,
    backgroundImage: null,
    logo: null,
    meta: { title: page.name, description: page.primaryDescription, keywords: null },
    subCategories: page.subCategories.map((category) => ({
      ...category,
      canonicalUrl: withMarketPath(prefix, category.canonicalUrl),
    })),
  };
}

/** A page without a catalog record of its own (all products, a search), named from the locale files. */
function syntheticPage(prefix: string, alias: string, canonicalUrl: string, name: string, description: string | null) {
  return pageInfoType(
    {
      kind: 'category',
      id: 0,
      alias,
      canonicalUrl,
      name,
      primaryDescription: description,
      secondaryDescription: null,
      primaryImage: null,
      hideTitle: false,
      subCategories: [],
    },
    prefix,
  );
}

/** The PageInfoType for `alias` or `url`, or null when neither names a list page. */
export async function listPageInfo(
  db: D1Database,
  scope: Pick<Scope, 'language' | 'pathPrefix'>,
  args: { alias?: string | null; url?: string | null },
) {
  const languageId = scope.language.id;
  const t = createTranslator(localeOfLanguageId(languageId));
  if (args.url) {
    const target = parseListPath(args.url);
    if (!target) return null;
    if (target.kind === 'search') {
      return syntheticPage(
        scope.pathPrefix,
        target.alias,
        `/s/${encodeURIComponent(target.alias)}`,
        t('api.lists.searchTitle', { text: target.alias }),
        null,
      );
    }
    const page = await findListPage(db, languageId, target.alias, target.kind);
    return page ? pageInfoType(page, scope.pathPrefix) : null;
  }
  if (args.alias) {
    const page = await findListPage(db, languageId, args.alias);
    return page ? pageInfoType(page, scope.pathPrefix) : null;
  }
  return syntheticPage(scope.pathPrefix, '', '/', t('api.lists.allProducts'), t('api.lists.allProductsDescription'));
}
