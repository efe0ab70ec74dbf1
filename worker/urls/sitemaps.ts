/**
 * What a sitemap lists (issue 4 "SEO"): for one language (and market, when markets are in the path) the
 * path of every page of the screens this deployment renders — the start page and the other pages without
 * parameters, then every product, category, brand and content page, read through the storefront's
 * GraphQL client in that language (aliases are per language). A screen's pages appear once it is built.
 */
import type { Context } from 'hono';
import { LOCALE_ISO, type Locale } from '../../locales';
import type { ParamsArgument, Screen } from '../../locales/routes';
import type { AppEnv } from '../app-env';
import { screenPath } from './market-paths';
import { graphql } from '../../core/graphql/tada';
import { listItems } from '../../core/graphql/list-items';

/** Pages without parameters that belong in a sitemap (not the 404, cart, checkout or account pages). */
const INDEXABLE_STATIC_SCREENS = ['index', 'news', 'brands'] as const satisfies readonly Screen[];

/** Products per request while paging through the catalog (the API's largest `take`). */
const PRODUCT_PAGE_SIZE = 200;
/** The API's largest `skip`: a sitemap stops there (a sitemap holds at most 50,000 URLs anyway). */
const MAX_PRODUCTS = 6000;

const SITEMAP_PRODUCTS = graphql(/* GraphQL */ `
  query sitemapProducts($skip: Int, $take: Int, $channelId: String, $languageId: String, $marketId: String) {
    products(
      skip: $skip
      take: $take
      filter: { sort: ALPHABETICAL }
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      count
      products {
        alias
      }
    }
  }
`);

const SITEMAP_TAXONOMY = graphql(/* GraphQL */ `
  query sitemapTaxonomy($channelId: String, $languageId: String, $marketId: String) {
    categories(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      alias
      isHidden
    }
    brands(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      alias
    }
    cmsPages(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      alias
    }
  }
`);

/** Every product alias in the language, paged through the API. */
async function productAliases(c: Context<AppEnv>, variables: Record<string, string>): Promise<string[]> {
  const aliases: string[] = [];
  for (let skip = 0; skip < MAX_PRODUCTS; skip += PRODUCT_PAGE_SIZE) {
    const data = await c.get('graphql').query(SITEMAP_PRODUCTS, { ...variables, skip, take: PRODUCT_PAGE_SIZE });
    const page = listItems(data.products?.products);
    aliases.push(...page.map((product) => product.alias));
    if (page.length < PRODUCT_PAGE_SIZE || aliases.length >= (data.products?.count ?? 0)) break;
  }
  return aliases;
}

const defined = (alias: string | null): alias is string => Boolean(alias);

/** The paths of one sitemap: every page of the built screens in `locale` (and `market`). */
export async function sitemapPaths(
  c: Context<AppEnv>,
  built: ReadonlySet<Screen>,
  locale: Locale,
  market: { alias: string; id: string } | undefined,
): Promise<string[]> {
  const path = <S extends Screen>(screen: S, ...args: ParamsArgument<S>) => screenPath(market, screen, locale, ...args);
  const variables: Record<string, string> = {
    languageId: LOCALE_ISO[locale],
    ...(market ? { marketId: market.id } : {}),
  };
  const [taxonomy, products] = await Promise.all([
    c.get('graphql').query(SITEMAP_TAXONOMY, variables),
    built.has('product') ? productAliases(c, variables) : Promise.resolve([]),
  ]);
  const paths = INDEXABLE_STATIC_SCREENS.filter((screen) => built.has(screen)).map((screen) => path(screen));
  if (built.has('category')) {
    const visible = listItems(taxonomy.categories).filter((category) => !category.isHidden);
    paths.push(
      ...visible
        .map((category) => category.alias)
        .filter(defined)
        .map((alias) => path('category', { category: alias })),
    );
  }
  if (built.has('brand')) {
    paths.push(
      ...listItems(taxonomy.brands)
        .map((brand) => brand.alias)
        .filter(defined)
        .map((alias) => path('brand', { brand: alias })),
    );
  }
  if (built.has('content-page')) {
    paths.push(
      ...listItems(taxonomy.cmsPages)
        .map((page) => page.alias)
        .filter(defined)
        .map((alias) => path('content-page', { alias })),
    );
  }
  paths.push(...products.map((alias) => path('product', { alias })));
  return paths;
}
