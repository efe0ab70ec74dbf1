import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { rows, run } from './lists-helpers';

const found = async (searchText: string, languageId = 'sv-SE'): Promise<number[]> =>
  (
    await run(
      `query($filter: FilterInputType, $languageId: String) { products(filter: $filter, languageId: $languageId, take: 50) {
    products { productId } } }`,
      { filter: { searchText }, languageId },
    )
  ).data.products.products.map((p: any) => p.productId);

describe('the search index follows catalog changes (triggers of migration 0006)', () => {
  test('a renamed product is found by its new name and no longer by the old one', async () => {
    const [product] = await rows<{ product_id: number; name: string }>(`SELECT product_id, name FROM product_texts
      WHERE language_id = 'sv-SE' ORDER BY product_id LIMIT 1`);
    await env.DB.prepare(
      `UPDATE product_texts SET name = 'Glittrande Tuschpenna Zebrafink' WHERE product_id = ? AND language_id = 'sv-SE'`,
    )
      .bind(product!.product_id)
      .run();
    expect(await found('zebrafink')).toEqual([product!.product_id]);
    expect(await found('zebrafink', 'en-US')).toEqual([]);
  });

  test('a renamed brand and a new sku EAN are searchable at once', async () => {
    const [brand] = await rows<{ id: number; n: number }>(
      `SELECT brand_id AS id, COUNT(*) AS n FROM products GROUP BY brand_id ORDER BY brand_id LIMIT 1`,
    );
    await env.DB.prepare(`UPDATE brands SET name = 'Kvastfenabolaget' WHERE id = ?`).bind(brand!.id).run();
    expect((await found('kvastfena')).length).toBe(brand!.n);
    const [product] = await rows<{ id: number }>('SELECT id FROM products ORDER BY id DESC LIMIT 1');
    await env.DB.prepare(
      `INSERT INTO skus (id, product_id, article_number, gtin, size, sort_order, stock) VALUES (999001, ?, 'TEST-1', '2999999999993', NULL, 9, 1)`,
    )
      .bind(product!.id)
      .run();
    expect(await found('2999999999993')).toEqual([product!.id]);
  });

  test('stock changes leave the index alone', async () => {
    const before = await rows<{ codes: string }>('SELECT codes FROM search_documents WHERE product_id = 2');
    await env.DB.prepare('UPDATE skus SET stock = stock + 1 WHERE product_id = 2').run();
    expect(await rows('SELECT codes FROM search_documents WHERE product_id = 2')).toEqual(before);
    expect(
      (
        await rows<{ n: number }>(`SELECT COUNT(*) AS n FROM product_search WHERE product_search MATCH '"kvastfena"'`)
      )[0]!.n,
    ).toBeGreaterThan(0);
  });
});
