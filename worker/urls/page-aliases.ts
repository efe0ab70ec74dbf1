/**
 * The alias of a product, category or content page in every language, for hreflang alternates and
 * sitemaps: aliases are per language in the catalog (`/p/blyertspenna-hb` is `/en/p/pencil-hb`). One
 * query per page type asks for all five languages at once with aliased root fields; the API caches it in KV.
 */
import type { Context } from 'hono';
import { LOCALES, LOCALE_ISO, type Locale } from '../../locales';
import type { AppEnv } from '../app-env';
import { graphql, type ResultOf } from '../../core/graphql/tada';
import { listItems } from '../../core/graphql/list-items';

export type LocalizedAliases = Partial<Record<Locale, string>>;

/** Variables naming each locale's languageId: { sv: 'sv-SE', da: 'da-DK', ... }. */
export const LANGUAGE_VARIABLES = Object.fromEntries(LOCALES.map((locale) => [locale, LOCALE_ISO[locale]]));

export const PRODUCT_ALIASES = graphql(/* GraphQL */ `
  query productAliases(
    $productId: Int
    $channelId: String
    $marketId: String
    $sv: String
    $da: String
    $en: String
    $fi: String
    $nb: String
  ) {
    sv: product(productId: $productId, channelId: $channelId, marketId: $marketId, languageId: $sv) {
      alias
    }
    da: product(productId: $productId, channelId: $channelId, marketId: $marketId, languageId: $da) {
      alias
    }
    en: product(productId: $productId, channelId: $channelId, marketId: $marketId, languageId: $en) {
      alias
    }
    fi: product(productId: $productId, channelId: $channelId, marketId: $marketId, languageId: $fi) {
      alias
    }
    nb: product(productId: $productId, channelId: $channelId, marketId: $marketId, languageId: $nb) {
      alias
    }
  }
`);

export const CATEGORY_ALIASES = graphql(/* GraphQL */ `
  query categoryAliases(
    $categoryId: Int
    $channelId: String
    $marketId: String
    $sv: String
    $da: String
    $en: String
    $fi: String
    $nb: String
  ) {
    sv: category(categoryId: $categoryId, channelId: $channelId, marketId: $marketId, languageId: $sv) {
      alias
    }
    da: category(categoryId: $categoryId, channelId: $channelId, marketId: $marketId, languageId: $da) {
      alias
    }
    en: category(categoryId: $categoryId, channelId: $channelId, marketId: $marketId, languageId: $en) {
      alias
    }
    fi: category(categoryId: $categoryId, channelId: $channelId, marketId: $marketId, languageId: $fi) {
      alias
    }
    nb: category(categoryId: $categoryId, channelId: $channelId, marketId: $marketId, languageId: $nb) {
      alias
    }
  }
`);

export const CONTENT_PAGE_ALIASES = graphql(/* GraphQL */ `
  query contentPageAliases(
    $channelId: String
    $marketId: String
    $sv: String
    $da: String
    $en: String
    $fi: String
    $nb: String
  ) {
    sv: cmsPages(channelId: $channelId, marketId: $marketId, languageId: $sv) {
      id
      alias
    }
    da: cmsPages(channelId: $channelId, marketId: $marketId, languageId: $da) {
      id
      alias
    }
    en: cmsPages(channelId: $channelId, marketId: $marketId, languageId: $en) {
      id
      alias
    }
    fi: cmsPages(channelId: $channelId, marketId: $marketId, languageId: $fi) {
      id
      alias
    }
    nb: cmsPages(channelId: $channelId, marketId: $marketId, languageId: $nb) {
      id
      alias
    }
  }
`);

type ByLocale<T> = Partial<Record<Locale, T | null>>;

function collect<T>(data: ByLocale<T>, aliasOf: (value: T) => string | null | undefined): LocalizedAliases {
  const aliases: LocalizedAliases = {};
  for (const locale of LOCALES) {
    const value = data[locale];
    const alias = value ? aliasOf(value) : null;
    if (alias) aliases[locale] = alias;
  }
  return aliases;
}

/**
 * The product's alias in each language it has one in, in the request's market or `marketId` (a product
 * is in a market only with a price there: elsewhere it has no alias).
 */
export async function productAliases(
  c: Context<AppEnv>,
  productId: number,
  marketId?: string,
): Promise<LocalizedAliases> {
  const data = await c.get('graphql').query(PRODUCT_ALIASES, {
    productId,
    ...LANGUAGE_VARIABLES,
    ...(marketId ? { marketId } : {}),
  });
  return collect(data, (product) => product.alias);
}

/** The category's alias in each language it has one in. */
export async function categoryAliases(c: Context<AppEnv>, categoryId: number): Promise<LocalizedAliases> {
  const data = await c.get('graphql').query(CATEGORY_ALIASES, {
    categoryId,
    ...LANGUAGE_VARIABLES,
  });
  return collect(data, (category) => category.alias);
}

/** Every content page in each language: the answer of CONTENT_PAGE_ALIASES. */
export type ContentPagesByLocale = ResultOf<typeof CONTENT_PAGE_ALIASES>;

/** Every content page in each language, one cached query (a content page finds itself and its aliases in it). */
export function contentPagesByLocale(c: Context<AppEnv>): Promise<ContentPagesByLocale> {
  return c.get('graphql').query(CONTENT_PAGE_ALIASES, LANGUAGE_VARIABLES);
}

/** The alias of page `pageId` in each language it has one in, from `contentPagesByLocale`. */
export function aliasesOfContentPage(pages: ContentPagesByLocale, pageId: number): LocalizedAliases {
  return collect(pages, (list) => listItems(list).find((page) => page.id === pageId)?.alias);
}
