import { describe, expect, test } from 'vitest';
import { referenceOperation, rows, run } from './lists-helpers';

const SEARCH = referenceOperation('global/search.graphql');

interface Hit {
  productId: number;
  name: string;
  brand: { name: string };
  categories: { name: string }[];
}

async function search(
  searchText: string,
  more: Record<string, unknown> = {},
  languageId = 'sv-SE',
): Promise<{ count: number; products: Hit[] }> {
  const { data, errors } = await run(
    `query search($filter: FilterInputType, $languageId: String, $take: Int) {
      products(filter: $filter, languageId: $languageId, take: $take) {
        count products { productId name brand { name } categories { name } }
      }
    }`,
    { filter: { searchText, ...more }, languageId, take: 200 },
  );
  expect(errors).toBeUndefined();
  return data.products;
}

/** Ids of the products whose name in the language contains `text` (case-insensitive for ASCII). */
async function namesContaining(text: string, languageId = 'sv-SE'): Promise<number[]> {
  return (
    await rows<{ id: number }>(
      `SELECT product_id AS id FROM product_texts WHERE language_id = ? AND name LIKE ?`,
      languageId,
      `%${text}%`,
    )
  ).map((row) => row.id);
}

describe('free-text search', () => {
  test('"penna" finds every pen, with the word inside compound names', async () => {
    const pens = await namesContaining('penna');
    const result = await search('penna');
    expect(pens.length).toBeGreaterThan(100);
    expect(result.count).toBe(pens.length);
    expect(result.products.some((p) => /Kulspetspenna/.test(p.name))).toBe(true);
  });

  test('a prefix finds the products it begins: "kulspets" finds the ballpoint pens', async () => {
    const ballpoints = await namesContaining('kulspets');
    const result = await search('kulspets');
    expect(ballpoints.length).toBeGreaterThan(5);
    expect(new Set(result.products.map((p) => p.productId))).toEqual(new Set(ballpoints));
  });

  test('a typo is tolerated: "pennna" finds the pens and "stablio" the Stabilo products', async () => {
    const pens = await search('penna');
    const typo = await search('pennna');
    expect(typo.count).toBe(pens.count);
    const stabilo = await rows<{ id: number }>(
      `SELECT p.id FROM products p JOIN brands b ON b.id = p.brand_id WHERE b.name = 'Stabilo'`,
    );
    const swapped = await search('stablio');
    expect(stabilo.length).toBeGreaterThan(3);
    expect(new Set(swapped.products.map((p) => p.productId))).toEqual(new Set(stabilo.map((r) => r.id)));
  });

  test('an article number or an EAN finds its product', async () => {
    const [sku] = await rows<{ product_id: number; gtin: string; article_number: string }>(
      `SELECT s.product_id, s.gtin, p.article_number FROM skus s JOIN products p ON p.id = s.product_id ORDER BY s.id DESC LIMIT 1`,
    );
    const byEan = await search(sku!.gtin);
    expect(byEan.products.map((p) => p.productId)).toEqual([sku!.product_id]);
    const byArticle = await search(sku!.article_number);
    expect(byArticle.products[0]?.productId).toBe(sku!.product_id);
  });

  test('products whose name matches come before those matching only by category or brand', async () => {
    const result = await search('block');
    const inName = result.products.map((p) => p.name.toLowerCase().includes('block'));
    const firstWithout = inName.indexOf(false);
    expect(firstWithout).toBeGreaterThan(0);
    expect(inName.slice(firstWithout).every((matches) => !matches)).toBe(true);
    // The rest match by a category name (Papper & block).
    expect(
      result.products
        .slice(firstWithout)
        .every((p) => p.categories.some((c) => c.name.toLowerCase().includes('block'))),
    ).toBe(true);
  });

  test('search is in the language asked for, ignores case, takes a missing diacritic as a typo and needs every word', async () => {
    const english = await search('ballpoint', {}, 'en-US');
    expect(english.count).toBe((await namesContaining('ballpoint', 'en-US')).length);
    expect(english.count).toBeGreaterThan(5);
    const staplers = await search('HAFTAPPARAT');
    expect(staplers.count).toBe((await namesContaining('häftapparat')).length);
    const blueBallpoints = await search('kulspetspenna blå');
    expect(blueBallpoints.count).toBeGreaterThan(0);
    expect(blueBallpoints.products.every((p) => /kulspetspenna/i.test(p.name) && /blå/i.test(p.name))).toBe(true);
    expect(blueBallpoints.count).toBeLessThan((await search('kulspetspenna')).count);
  });

  test('a search that matches nothing, even with a typo, is an empty list', async () => {
    expect(await search('zzxqv')).toEqual({ count: 0, products: [] });
  });

  test('a short word such as "A4" narrows a search', async () => {
    const all = await search('kollegieblock');
    const a4 = await search('kollegieblock a4');
    expect(a4.count).toBeGreaterThan(0);
    expect(a4.count).toBeLessThan(all.count);
    expect(a4.products.every((p) => /a4/i.test(p.name))).toBe(true);
  });

  test('search results sort and facet like any list', async () => {
    const { data } = await run(
      `{ products(filter: { searchText: "penna", sort: PRICE }, take: 50) {
        count products { unitPrice { sellingPriceIncVat } }
        filters { facets { type values { facetId count } } } } }`,
    );
    const prices = data.products.products.map((p: any) => p.unitPrice.sellingPriceIncVat);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const brands = data.products.filters.facets.find((f: any) => f.type === 'Brand');
    expect(brands.values.reduce((sum: number, v: any) => sum + v.count, 0)).toBe(data.products.count);
  });

  test('the reference search operation answers with brand, categories and prices', async () => {
    const { data, errors } = await run(SEARCH, {
      filter: { searchText: 'stabilo' },
      languageId: 'sv-SE',
      marketId: 'se',
    });
    expect(errors).toBeUndefined();
    const first = data.products.products[0];
    expect(first.brand).toEqual({ name: 'Stabilo', alias: 'stabilo', canonicalUrl: '/b/stabilo' });
    expect(first.categories.length).toBeGreaterThan(0);
    expect(first.unitPrice.sellingPriceIncVatFormatted).toMatch(/kr$/);
  });

  test('the search page url lists the same products as the search text', async () => {
    const byUrl = await run(`{ products(url: "/s/penna", take: 0) { count } }`);
    expect(byUrl.data.products.count).toBe((await search('penna')).count);
  });
});
