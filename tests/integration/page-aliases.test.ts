import { expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import {
  CATEGORY_ALIASES,
  CONTENT_PAGE_ALIASES,
  LANGUAGE_VARIABLES,
  PRODUCT_ALIASES,
} from '../../worker/urls/page-aliases';

async function aliasesInD1(table: string, idColumn: string, id: number): Promise<Record<string, string>> {
  const { results } = await env.DB.prepare(
    `SELECT l.code AS locale, t.alias FROM ${table} t JOIN languages l ON l.id = t.language_id WHERE t.${idColumn} = ?`,
  )
    .bind(id)
    .all<{ locale: string; alias: string }>();
  return Object.fromEntries(results.map((row) => [row.locale, row.alias]));
}

test("one query gives a product's alias in each of the five languages, as the catalog has them", async () => {
  const product = await env.DB.prepare('SELECT id FROM products ORDER BY id LIMIT 1 OFFSET 7').first<{ id: number }>();
  const expected = await aliasesInD1('product_texts', 'product_id', product!.id);
  const { data, errors } = await graphql(PRODUCT_ALIASES, { productId: product!.id, ...LANGUAGE_VARIABLES });
  expect(errors).toBeUndefined();
  const got = Object.fromEntries(
    Object.entries(data!).map(([locale, value]) => [locale, (value as { alias: string }).alias]),
  );
  expect(got).toEqual(expected);
  expect(new Set(Object.values(got)).size).toBeGreaterThan(1);
});

test("one query gives a category's alias in each language", async () => {
  const category = await env.DB.prepare(
    'SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1',
  ).first<{ id: number }>();
  const expected = await aliasesInD1('category_texts', 'category_id', category!.id);
  const { data, errors } = await graphql(CATEGORY_ALIASES, { categoryId: category!.id, ...LANGUAGE_VARIABLES });
  expect(errors).toBeUndefined();
  const got = Object.fromEntries(
    Object.entries(data!).map(([locale, value]) => [locale, (value as { alias: string }).alias]),
  );
  expect(got).toEqual(expected);
});

test("one query gives every content page's alias in each language", async () => {
  const page = await env.DB.prepare('SELECT page_id AS id FROM content_page_texts ORDER BY page_id LIMIT 1').first<{
    id: number;
  }>();
  const expected = await aliasesInD1('content_page_texts', 'page_id', page!.id);
  const { data, errors } = await graphql(CONTENT_PAGE_ALIASES, LANGUAGE_VARIABLES);
  expect(errors).toBeUndefined();
  for (const [locale, alias] of Object.entries(expected)) {
    const pages = (data as Record<string, { id: number; alias: string }[]>)[locale]!;
    expect(pages.find((candidate) => candidate.id === page!.id)?.alias).toBe(alias);
  }
});
