// Issue 25, the Geins contract, lists: the reference storefront's favourites page asks for its favourites
// kept as aliases with `products(filter: { facets: ['a_<alias>', …], sort: FACET_ORDER })`, and its
// favourites and last-viewed widgets with `productIds` and FACET_ORDER. FACET_ORDER and `a_` ids were refused,
// which emptied them. Both now answer the products in the order the shopper's list gives.
import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import { referenceOperation } from '../operations';
import { createProduct } from './factories';

const PRODUCTS = referenceOperation('productlist/products.graphql');
const LIST_INFO = referenceOperation('productlist/list-page.graphql');
const LIST_FILTERS = referenceOperation('productlist/list-filters.graphql');

type Products = { products: { count: number; products: { productId: number; alias: string }[] } };

describe('favourites as the reference storefront lists them', () => {
  test('a_<alias> facets with FACET_ORDER give those products, in the order of the facets', async () => {
    const first = await createProduct({ name: 'Favorit Alfa' });
    const second = await createProduct({ name: 'Favorit Beta' });
    const third = await createProduct({ name: 'Favorit Gamma' });
    const facets = [third.alias, first.alias, second.alias].map((alias) => `a_${alias}`);
    const { data, errors } = await graphql<Products>(PRODUCTS, {
      filter: { facets, sort: 'FACET_ORDER' },
      take: 3,
      channelId: '1|se',
      languageId: 'sv-SE',
      marketId: 'se',
    });
    expect(errors).toBeUndefined();
    expect(data!.products.count).toBe(3);
    expect(data!.products.products.map((product) => product.alias)).toEqual([third.alias, first.alias, second.alias]);
  });

  test('productIds with FACET_ORDER keep the list’s order; an a_ id that is not an alias is refused', async () => {
    const one = await createProduct({ name: 'Senast Ett' });
    const two = await createProduct({ name: 'Senast Två' });
    const { data, errors } = await graphql<Products>(PRODUCTS, {
      filter: { productIds: [two.id, one.id], sort: 'FACET_ORDER' },
      take: 2,
    });
    expect(errors).toBeUndefined();
    expect(data!.products.products.map((product) => product.productId)).toEqual([two.id, one.id]);
    const bad = await graphql<Products>(PRODUCTS, { filter: { facets: ['a_Inte En Alias!'] }, take: 2 });
    expect(bad.errors?.[0]?.message).toContain('a_Inte En Alias!');
  });
});

describe("list URLs with the market in the path, the reference storefront's default", () => {
  test('listPageInfo and products read /se/sv/c/<alias> as the category (before: null, a 404 page)', async () => {
    const category = await env.DB.prepare(
      "SELECT t.alias FROM category_texts t WHERE t.language_id = 'sv-SE' ORDER BY t.category_id LIMIT 1",
    ).first<{ alias: string }>();
    const info = await graphql<{ listPageInfo: { alias: string } | null }>(LIST_INFO, {
      url: `/se/sv/c/${category!.alias}`,
      channelId: '1|se',
      languageId: 'sv-SE',
      marketId: 'se',
    });
    expect(info.errors).toBeUndefined();
    expect(info.data!.listPageInfo?.alias).toBe(category!.alias);
    const plain = await graphql<Products>(PRODUCTS, { url: `/c/${category!.alias}`, take: 5 });
    const prefixed = await graphql<Products>(PRODUCTS, { url: `/se/sv/c/${category!.alias}`, take: 5 });
    expect(prefixed.data!.products.count).toBeGreaterThan(0);
    expect(prefixed.data!.products.count).toBe(plain.data!.products.count);
  });
});

type Filters = {
  products: {
    filters: {
      facets: { type: string; filterId: string; values: { facetId: string; label: string; count: number }[] }[];
    };
  };
};

describe('the Price group the reference storefront filters by', () => {
  test('price bands in the market’s currency, counted per band; a band’s facet id filters the list', async () => {
    const cheap = await createProduct({ name: 'Band Billig', prices: { '1|se': 4900, '1|fi': 490 } });
    const middle = await createProduct({ name: 'Band Mellan', prices: { '1|se': 15000, '1|fi': 1500 } });
    const dear = await createProduct({ name: 'Band Dyr', prices: { '1|se': 120000, '1|fi': 12000 } });
    const favourites = [cheap, middle, dear].map((product) => `a_${product.alias}`);
    const swedish = { channelId: '1|se', languageId: 'sv-SE', marketId: 'se' };
    const filters = (market = swedish) => graphql<Filters>(LIST_FILTERS, { filter: { facets: favourites }, ...market });
    const list = (facets: string[]) =>
      graphql<Products>(PRODUCTS, { filter: { facets: [...favourites, ...facets] }, take: 10, ...swedish });

    const { data, errors } = await filters();
    expect(errors).toBeUndefined();
    const price = data!.products.filters.facets.find((group) => group.type === 'Price');
    expect(price?.filterId).toBe('price');
    // Swedish money as Intl writes it: no-break spaces before "kr" and between thousands.
    expect(price?.values.map(({ facetId, label, count }) => ({ facetId, label, count }))).toEqual([
      { facetId: 'pr_0-50', label: '0\u00a0kr–50\u00a0kr', count: 1 },
      { facetId: 'pr_100-200', label: '100\u00a0kr–200\u00a0kr', count: 1 },
      { facetId: 'pr_1000-', label: 'Från 1\u00a0000\u00a0kr', count: 1 },
    ]);

    const banded = await list(['pr_100-200', 'pr_1000-']);
    expect(banded.errors).toBeUndefined();
    expect(banded.data!.products.products.map((product) => product.alias).sort()).toEqual(
      [middle.alias, dear.alias].sort(),
    );

    // In Finland the same products cost euros: the bands are the euro's.
    const finnish = await filters({ channelId: '1|se', languageId: 'fi-FI', marketId: 'fi' });
    expect(
      finnish.data!.products.filters.facets.find((group) => group.type === 'Price')?.values.map((v) => v.facetId),
    ).toEqual(['pr_0-5', 'pr_10-20', 'pr_100-']);

    const bad = await list(['pr_200-100']);
    expect(bad.errors?.[0]?.message).toContain('pr_200-100');
  });
});
