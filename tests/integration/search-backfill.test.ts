import { expect, test } from 'vitest';
import { env, graphql } from '../helpers';

const SEARCH = `query($text: String) { products(take: 5, filter: { searchText: $text }) { count products { productId } } }`;

test('products indexed before search existed are found after the backfill migration, and running it again adds nothing', async () => {
  const product = await env.DB.prepare(
    'SELECT p.id, p.article_number AS code FROM products p ORDER BY p.id LIMIT 1 OFFSET 42',
  ).first<{ id: number; code: string }>();
  // A database seeded before 0006: the product has no search documents.
  await env.DB.prepare('DELETE FROM search_documents WHERE product_id = ?').bind(product!.id).run();
  const before = await graphql(SEARCH, { text: product!.code });
  expect(before.data!.products.products.map((p: { productId: number }) => p.productId)).not.toContain(product!.id);

  const migration = (env.TEST_MIGRATIONS as { name: string; queries: string[] }[]).find(
    (m) => m.name === '0008_search_backfill.sql',
  )!;
  for (const query of migration.queries) await env.DB.prepare(query).run();
  const documents = await env.DB.prepare('SELECT COUNT(*) AS n FROM search_documents').first<{ n: number }>();
  for (const query of migration.queries) await env.DB.prepare(query).run();
  expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM search_documents').first<{ n: number }>())!.n).toBe(
    documents!.n,
  );

  // The catalog cache may hold the earlier answer: ask with a different but equivalent text.
  const after = await graphql(SEARCH, { text: ` ${product!.code}` });
  expect(after.data!.products.products.map((p: { productId: number }) => p.productId)).toContain(product!.id);
});
