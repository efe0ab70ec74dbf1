/**
 * The brands page (spec §2 `/varumarken`, `/en/brands`…): every brand sold in the market in an
 * alphabetical index, each linking to its list with its number of products. The counts come from the
 * catalog's facets (the same cached query as the start page's campaigns); without them the index still shows.
 */
import { BrandsPage } from '../../../client/views/pages/BrandsPage';
import type { IndexedBrand } from '../../../client/views/components/brand-index';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { CATALOG_FACETS, type CatalogFacets, facetValues } from '../loaders';
import type { PageHandler } from '../types';
import { graphql } from '../../../core/graphql/tada';
import { listItems } from '../../../core/graphql/list-items';

export const BRAND_INDEX = graphql(/* GraphQL */ `
  query brandIndex($channelId: String, $languageId: String, $marketId: String) {
    brands(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      brandId
      alias
      name
    }
  }
`);

/** Products per brand alias, from the brand facet ('/b/pilot' → 12). */
function brandCounts(facets: CatalogFacets | null): Map<string, number> {
  return new Map(
    facetValues(facets, 'brands').flatMap((value) => {
      const match = value.url ? /^\/b\/(.+)$/.exec(value.url) : null;
      return match ? [[decodeURIComponent(match[1]!), value.count] as const] : [];
    }),
  );
}

export const brandsPage: PageHandler = async (c) => {
  const [list, facets] = await Promise.all([
    c.get('graphql').query(BRAND_INDEX),
    c
      .get('graphql')
      .query(CATALOG_FACETS)
      .catch((error: unknown) => {
        console.error('brand counts failed', error);
        return null;
      }),
  ]);
  const counts = brandCounts(facets);
  const brands: IndexedBrand[] = listItems(list.brands).flatMap((brand) =>
    brand.alias && brand.name ? [{ alias: brand.alias, name: brand.name, count: counts.get(brand.alias) ?? null }] : [],
  );
  const t = c.get('t');
  return renderPage(c, <BrandsPage brands={brands} />, {
    title: pageTitle(c, t('brands.title')),
    description: t('brands.intro'),
    alternates: routeAlternates(c, 'brands'),
    prerender: true,
  });
};
