import { describe, expect, test } from 'vitest';
import { referenceOperation, rows, run, scalar } from './lists-helpers';

describe('categories and category', () => {
  test('the reference categories operation returns the tree: each top category followed by its children', async () => {
    const { data } = await run(referenceOperation('global/categories.graphql'), { languageId: 'sv-SE' });
    const categories = data.categories as {
      categoryId: number;
      parentCategoryId: number;
      alias: string;
      canonicalUrl: string;
      name: string;
      order: number;
    }[];
    expect(categories).toHaveLength(await scalar('SELECT COUNT(*) FROM categories WHERE is_hidden = 0'));
    expect(categories[0]).toMatchObject({
      parentCategoryId: 0,
      alias: 'skriva-rita',
      canonicalUrl: '/c/skriva-rita',
      name: 'Skriva & rita',
    });
    let top = 0;
    for (const category of categories) {
      if (category.parentCategoryId === 0) top = category.categoryId;
      else expect(category.parentCategoryId).toBe(top);
    }
  });

  test('categories answer in the language asked for and filter by parent', async () => {
    const english = await run(null, { languageId: 'en-US', parentCategoryId: 0 }, 'categoryTree');
    const tops = english.data.categories;
    expect(tops.length).toBe(await scalar('SELECT COUNT(*) FROM categories WHERE parent_id IS NULL'));
    expect(tops[0]).toMatchObject({ name: 'Writing & drawing', alias: 'writing-drawing', parentCategoryId: 0 });
    const children = await run(null, { languageId: 'en-US', parentCategoryId: tops[0].categoryId }, 'categoryTree');
    expect(children.data.categories.map((c: any) => c.parentCategoryId)).toEqual(
      children.data.categories.map(() => tops[0].categoryId),
    );
    expect(children.data.categories.map((c: any) => c.name)).toContain('Ballpoint pens');
  });

  test('category finds one category by id or by alias, in the language or by its Swedish alias', async () => {
    const byAlias = await run(null, { alias: 'ballpoint-pens', languageId: 'en-US' }, 'category');
    expect(byAlias.data.category).toMatchObject({ name: 'Ballpoint pens', canonicalUrl: '/c/ballpoint-pens' });
    expect(byAlias.data.category.description).toContain('BIC');
    const bySwedishAlias = await run(null, { alias: 'kulspetspennor', languageId: 'en-US' }, 'category');
    expect(bySwedishAlias.data.category.categoryId).toBe(byAlias.data.category.categoryId);
    const byId = await run(null, { categoryId: byAlias.data.category.categoryId, languageId: 'da-DK' }, 'category');
    expect(byId.data.category.name).toBe('Kuglepenne');
    expect((await run(null, { alias: 'finns-inte' }, 'category')).data.category).toBeNull();
  });

  test('a category id below 1 is refused with a localized error', async () => {
    const { data, errors } = await run(null, { categoryId: 0, languageId: 'nb-NO' }, 'category');
    expect(data.category).toBeNull();
    expect(errors?.[0]?.message).toBe('Ugyldig verdi for categoryId');
  });
});

describe('brands', () => {
  test('the reference brands operation lists the brands with products, by name, with their list paths', async () => {
    const { data } = await run(referenceOperation('brands/brands.graphql'), { languageId: 'sv-SE', marketId: 'se' });
    const expected = await rows<{ name: string }>(`SELECT name FROM brands b WHERE EXISTS (SELECT 1 FROM products p
      WHERE p.brand_id = b.id AND p.is_active = 1) ORDER BY name COLLATE NOCASE`);
    expect(data.brands.map((b: any) => b.name)).toEqual(expected.map((b) => b.name));
    expect(data.brands.find((b: any) => b.alias === 'bic')).toMatchObject({ name: 'BIC', canonicalUrl: '/b/bic' });
  });

  test('brands-by-products lists the brands of a search as facets with their urls', async () => {
    const { data } = await run(referenceOperation('brands/brands-by-products.graphql'), {
      filter: { searchText: 'stabilo' },
      take: 0,
    });
    const brandFacet = data.products.filters.facets.find((f: any) => f.type === 'Brand');
    expect(brandFacet.values).toContainEqual({
      facetId: `b_${await scalar(`SELECT id FROM brands WHERE alias = 'stabilo'`)}`,
      label: 'Stabilo',
      url: '/b/stabilo',
    });
  });
});

describe('listPageInfo', () => {
  const categoryPage = referenceOperation('productlist/category-page.graphql');

  test('a category page has name, descriptions, meta and sub-categories in the language asked for', async () => {
    const swedish = (await run(categoryPage, { alias: 'skriva-rita', languageId: 'sv-SE' })).data.listPageInfo;
    expect(swedish).toMatchObject({
      name: 'Skriva & rita',
      alias: 'skriva-rita',
      canonicalUrl: '/c/skriva-rita',
      hideTitle: false,
    });
    expect(swedish.primaryDescription).toMatch(/^Upptäck vårt sortiment/);
    expect(swedish.meta).toEqual({ title: 'Skriva & rita', description: swedish.primaryDescription });
    expect(swedish.subCategories.map((c: any) => c.alias)).toContain('kulspetspennor');
    const english = (await run(categoryPage, { alias: 'writing-drawing', languageId: 'en-US' })).data.listPageInfo;
    expect(english).toMatchObject({ id: swedish.id, name: 'Writing & drawing', canonicalUrl: '/c/writing-drawing' });
    expect(english.subCategories.map((c: any) => c.name)).toContain('Ballpoint pens');
  });

  test('a brand page and a campaign page carry their own texts', async () => {
    const brand = (
      await run(referenceOperation('productlist/brand-page.graphql'), { alias: 'bic', languageId: 'en-US' })
    ).data.listPageInfo;
    expect(brand).toMatchObject({ name: 'BIC', canonicalUrl: '/b/bic', logo: null, subCategories: [] });
    expect(brand.primaryDescription).toMatch(/^BIC is/);
    const campaignPage = referenceOperation('productlist/discountCampaign-page.graphql');
    const winter = (await run(campaignPage, { alias: 'vinterrea', languageId: 'sv-SE' })).data.listPageInfo;
    expect(winter).toMatchObject({ name: 'Vinterrea', canonicalUrl: '/dc/vinterrea', hideTitle: false });
    expect(winter.primaryDescription).toBe('Spara 30 % på utvalda favoriter i hela sortimentet.');
    const english = (await run(campaignPage, { alias: 'vinterrea', languageId: 'en-US' })).data.listPageInfo;
    expect(english.name).toBe('Winter sale');
    const hidden = (await run(campaignPage, { alias: 'lagerrensning' })).data.listPageInfo;
    expect(hidden.hideTitle).toBe(true);
  });

  test('a list page by url, an unknown alias, and the page of all products', async () => {
    const byUrl = (
      await run(referenceOperation('productlist/list-page.graphql'), {
        url: '/en/c/writing-drawing/ballpoint-pens',
        languageId: 'en-US',
      })
    ).data.listPageInfo;
    expect(byUrl).toMatchObject({ name: 'Ballpoint pens', canonicalUrl: '/c/ballpoint-pens' });
    const search = (await run(referenceOperation('productlist/list-page.graphql'), { url: '/s/penna' })).data
      .listPageInfo;
    expect(search).toMatchObject({ name: 'Sökresultat för ”penna”', alias: 'penna' });
    expect((await run(categoryPage, { alias: 'finns-inte' })).data.listPageInfo).toBeNull();
    const all = (await run(referenceOperation('global/list-page-info.graphql'), { languageId: 'fi-FI' })).data
      .listPageInfo;
    expect(all.meta).toEqual({ title: 'Kaikki tuotteet', description: 'Koko toimistotarvikevalikoimamme.' });
  });
});

describe('urlHistory', () => {
  test('an old path answers with its new path, keeping the locale prefix', async () => {
    const [moved] = await rows<{ old_path: string; new_path: string }>(
      `SELECT old_path, new_path FROM url_history WHERE old_path LIKE '/c/%' LIMIT 1`,
    );
    const swedish = await run(null, { url: moved!.old_path }, 'urlHistory');
    expect(swedish.data.urlHistory).toEqual({ oldUrl: moved!.old_path, newUrl: moved!.new_path });
    const english = await run(null, { url: `/en${moved!.old_path}/?ref=mail` }, 'urlHistory');
    expect(english.data.urlHistory).toEqual({ oldUrl: `/en${moved!.old_path}`, newUrl: `/en${moved!.new_path}` });
  });

  test('a path that never moved has no history', async () => {
    expect((await run(null, { url: '/c/kulspetspennor' }, 'urlHistory')).data.urlHistory).toBeNull();
  });
});

describe('the reference product list operations', () => {
  test('products.graphql lists a category page with stock, skus, campaigns and the primary category', async () => {
    const { data, errors } = await run(referenceOperation('productlist/products.graphql'), {
      categoryAlias: 'kulspetspennor',
      take: 48,
      filter: { sort: 'MOST_SOLD' },
      languageId: 'sv-SE',
      marketId: 'se',
    });
    expect(errors).toBeUndefined();
    expect(data.products.count).toBe(
      await scalar(`SELECT COUNT(*) FROM product_categories pc JOIN category_texts ct
      ON ct.category_id = pc.category_id AND ct.language_id = 'sv-SE' WHERE ct.alias = 'kulspetspennor'`),
    );
    const product = data.products.products[0];
    expect(product.primaryCategory.name).toBe('Kulspetspennor');
    expect(product.canonicalUrl).toBe(`/p/${product.alias}`);
    expect(product.skus.length).toBeGreaterThan(0);
    expect(product.totalStock).toMatchObject({ totalStock: expect.any(Number), inStock: expect.any(Number) });
    expect(product.unitPrice.sellingPriceIncVatFormatted).toMatch(/kr$/);
  });

  test('list-filters.graphql returns the facets of a category in two languages', async () => {
    const operation = referenceOperation('productlist/list-filters.graphql');
    const swedish = (await run(operation, { categoryAlias: 'kulspetspennor', languageId: 'sv-SE' })).data.products;
    const english = (await run(operation, { categoryAlias: 'kulspetspennor', languageId: 'en-US' })).data.products;
    const color = (facets: any[]) => facets.find((f) => f.filterId === 'p-color');
    expect(color(swedish.filters.facets).label).toBe('Färg');
    expect(color(english.filters.facets).label).toBe('Color');
    expect(color(swedish.filters.facets).values.find((v: any) => v.facetId === 'p_1_blue').label).toBe('Blå');
    expect(color(english.filters.facets).values.find((v: any) => v.facetId === 'p_1_blue').label).toBe('Blue');
    expect(english.count).toBe(swedish.count);
  });
});
