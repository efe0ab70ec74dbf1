/**
 * Catalog import (issue 27): a file's rows (import-rows.ts) checked against the catalog (the dry run),
 * then applied in batches, each row an upsert by article number, so an import applied twice changes
 * nothing the second time and never makes a product or an article twice. A new product gets the
 * Swedish name in every language (to be translated), an alias of its name and id, and the brand and
 * category named; a new article needs its EAN. Prices per currency go to every market in that currency,
 * each also today's price point. Every product a row touches is announced (kept pages are rendered anew).
 */
import Papa from 'papaparse';
import { announceProductChanges } from './product-changes';
import { slugify } from '../../db/seed/sql';
import {
  IMPORT_COLUMNS,
  IMPORT_CURRENCIES,
  MAX_IMPORT_ROWS,
  readImportRow,
  type ImportProblem,
  type ImportRow,
} from './import-rows';

export type { ImportProblem, ImportRow };

/** The records of a file: CSV with a header row (comma or semicolon), or a JSON array of objects. */
export function parseImportFile(
  fileName: string,
  content: string,
): { format: 'csv' | 'json'; records: { line: number; fields: Record<string, unknown> }[] } | ImportProblem[] {
  const json = /\.json$/i.test(fileName) || /^\s*\[/.test(content);
  if (json) {
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch {
      return [{ line: 0, key: 'notReadable', params: {} }];
    }
    if (!Array.isArray(data) || data.some((item) => item === null || typeof item !== 'object' || Array.isArray(item)))
      return [{ line: 0, key: 'notReadable', params: {} }];
    if (data.length > MAX_IMPORT_ROWS) return [{ line: 0, key: 'tooMany', params: { max: String(MAX_IMPORT_ROWS) } }];
    const unknown = [...new Set(data.flatMap((item) => Object.keys(item)))].filter(
      (column) => !(IMPORT_COLUMNS as readonly string[]).includes(column),
    );
    if (unknown.length > 0) return unknown.map((column) => ({ line: 0, key: 'unknownColumn', params: { column } }));
    return { format: 'json', records: data.map((fields, index) => ({ line: index + 1, fields })) };
  }
  const text = content.replace(/^\uFEFF/, '');
  const records: { line: number; fields: Record<string, unknown> }[] = [];
  let fields: string[] | undefined;
  let fatal = false;
  // Each record's line: where it starts, after the line breaks (and empty lines) that end the one before.
  let previous = text.indexOf('\n') + 1;
  Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    delimitersToGuess: [';', ',', '\t'],
    step(result) {
      fields ??= result.meta.fields;
      if (result.errors.some((error) => error.type === 'Quotes' || error.type === 'Delimiter')) fatal = true;
      let start = previous;
      while (start < text.length && /\s/.test(text[start]!)) start++;
      records.push({ line: lineOf(text, start), fields: result.data });
      previous = result.meta.cursor;
    },
  });
  if (records.length === 0)
    fields = text
      .split(/\r?\n/, 1)[0]!
      .split(/[;,\t]/)
      .map((header) => header.trim());
  if (fatal || !fields?.includes('product')) return [{ line: 1, key: 'notReadable', params: {} }];
  const unknown = fields.filter((column) => column && !(IMPORT_COLUMNS as readonly string[]).includes(column));
  if (unknown.length > 0) return unknown.map((column) => ({ line: 1, key: 'unknownColumn', params: { column } }));
  if (records.length > MAX_IMPORT_ROWS) return [{ line: 0, key: 'tooMany', params: { max: String(MAX_IMPORT_ROWS) } }];
  return { format: 'csv', records };
}

/** The line (from 1) that character `index` of `text` is on. */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

export interface ImportCheck {
  rows: ImportRow[];
  problems: ImportProblem[];
  summary: { products: number; newProducts: number; articles: number; newArticles: number };
}

/** Checks `records` against the catalog: every problem by line, and what applying them would do. */
export async function checkImport(
  db: D1Database,
  records: { line: number; fields: Record<string, unknown> }[],
): Promise<ImportCheck> {
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  for (const record of records) {
    const read = readImportRow(record.fields, record.line);
    if (Array.isArray(read)) problems.push(...read);
    else rows.push(read);
  }
  const json = (values: (string | null)[]) => JSON.stringify([...new Set(values.filter(Boolean))]);
  const [products, skus, gtins, brands, categories] = await db.batch<Record<string, any>>([
    db
      .prepare('SELECT id, article_number FROM products WHERE article_number IN (SELECT value FROM json_each(?))')
      .bind(json(rows.map((r) => r.product))),
    db
      .prepare(
        `SELECT s.article_number, p.article_number AS product FROM skus s JOIN products p ON p.id = s.product_id
         WHERE s.article_number IN (SELECT value FROM json_each(?))`,
      )
      .bind(json(rows.map((r) => r.sku))),
    db
      .prepare('SELECT gtin, article_number FROM skus WHERE gtin IN (SELECT value FROM json_each(?))')
      .bind(json(rows.map((r) => r.gtin))),
    db
      .prepare(
        'SELECT lower(alias) AS alias, lower(name) AS name FROM brands WHERE lower(alias) IN (SELECT value FROM json_each(?1)) OR lower(name) IN (SELECT value FROM json_each(?1))',
      )
      .bind(json(rows.map((r) => r.brand?.toLowerCase() ?? null))),
    db
      .prepare(
        "SELECT lower(alias) AS alias FROM category_texts WHERE language_id = 'sv-SE' AND lower(alias) IN (SELECT value FROM json_each(?))",
      )
      .bind(json(rows.map((r) => r.category?.toLowerCase() ?? null))),
  ]);
  const knownProducts = new Set(products!.results.map((r) => r.article_number as string));
  const skuOwner = new Map(skus!.results.map((r) => [r.article_number as string, r.product as string]));
  const gtinOwner = new Map(gtins!.results.map((r) => [r.gtin as string, r.article_number as string]));
  const knownBrands = new Set(brands!.results.flatMap((r) => [r.alias as string, r.name as string]));
  const knownCategories = new Set(categories!.results.map((r) => r.alias as string));
  const seenSku = new Map<string, number>();
  const seenGtin = new Map<string, number>();
  const newProducts = new Set<string>();
  for (const row of rows) {
    const problem = (key: string, params: Record<string, string> = {}) =>
      problems.push({ line: row.line, key, params });
    const earlier = seenSku.get(row.sku);
    if (earlier !== undefined) problem('duplicateSku', { value: row.sku, line: String(earlier) });
    seenSku.set(row.sku, row.line);
    const owner = skuOwner.get(row.sku);
    if (owner !== undefined && owner !== row.product) problem('skuOfOtherProduct', { value: row.sku, other: owner });
    if (row.gtin) {
      const holder = gtinOwner.get(row.gtin);
      if (holder !== undefined && holder !== row.sku) problem('gtinTaken', { value: row.gtin, other: holder });
      const twice = seenGtin.get(row.gtin);
      if (twice !== undefined) problem('duplicateGtin', { value: row.gtin, line: String(twice) });
      seenGtin.set(row.gtin, row.line);
    }
    if (row.brand && !knownBrands.has(row.brand.toLowerCase())) problem('unknownBrand', { value: row.brand });
    if (row.category && !knownCategories.has(row.category.toLowerCase()))
      problem('unknownCategory', { value: row.category });
    const isNewProduct = !knownProducts.has(row.product) && !newProducts.has(row.product);
    if (isNewProduct) {
      for (const column of ['name', 'brand', 'category'] as const)
        if (!row[column]) problem('newProductNeeds', { column });
      if (Object.keys(row.prices).length === 0) problem('newProductNeedsPrice');
      newProducts.add(row.product);
    }
    if (owner === undefined && !row.gtin) problem('newArticleNeedsGtin', { value: row.sku });
  }
  problems.sort((a, b) => a.line - b.line);
  return {
    rows,
    problems,
    summary: {
      products: new Set(rows.map((r) => r.product)).size,
      newProducts: newProducts.size,
      articles: rows.length,
      newArticles: rows.filter((r) => !skuOwner.has(r.sku)).length,
    },
  };
}

/**
 * A URL slug of a name, by the rule every alias of the seed was made by (worker/db/seed/sql.ts `slugify`):
 * "Pilot G-2 07 Gelpenna" → "pilot-g-2-07-gelpenna".
 */
export function slugOf(name: string): string {
  return slugify(name).slice(0, 80).replace(/-$/, '') || 'produkt';
}

const PRODUCT_ID = '(SELECT id FROM products WHERE article_number = ?)';

/** The statements that apply `row` (an upsert by article number; what the row leaves empty stays as it is). */
export function importRowStatements(db: D1Database, row: ImportRow, now: Date): D1PreparedStatement[] {
  const today = now.toISOString().slice(0, 10);
  const statements: D1PreparedStatement[] = [];
  const brand = row.brand?.toLowerCase() ?? null;
  const category = row.category?.toLowerCase() ?? null;
  statements.push(
    db
      .prepare(
        `INSERT INTO products (article_number, brand_id, primary_category_id, first_available_on, is_active)
         SELECT ?1, b.id, c.category_id, COALESCE(?6, ?4), COALESCE(?5, 1)
         FROM brands b, category_texts c WHERE (lower(b.alias) = ?2 OR lower(b.name) = ?2)
           AND c.language_id = 'sv-SE' AND lower(c.alias) = ?3 LIMIT 1
         ON CONFLICT (article_number) DO UPDATE SET
           brand_id = COALESCE((SELECT id FROM brands WHERE lower(alias) = ?2 OR lower(name) = ?2 LIMIT 1), brand_id),
           primary_category_id = COALESCE((SELECT category_id FROM category_texts WHERE language_id = 'sv-SE' AND lower(alias) = ?3), primary_category_id),
           is_active = COALESCE(?5, is_active),
           first_available_on = COALESCE(?6, first_available_on)`,
      )
      .bind(
        row.product,
        brand ?? '',
        category ?? '',
        today,
        row.published === null ? null : row.published ? 1 : 0,
        row.availableFrom,
      ),
  );
  if ((row.published !== null || row.availableFrom !== null) && (!brand || !category))
    statements.push(
      db
        .prepare(
          'UPDATE products SET is_active = COALESCE(?, is_active), first_available_on = COALESCE(?, first_available_on) WHERE article_number = ?',
        )
        .bind(row.published === null ? null : row.published ? 1 : 0, row.availableFrom, row.product),
    );
  if (category)
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO product_categories (product_id, category_id)
           SELECT ${PRODUCT_ID}, category_id FROM category_texts WHERE language_id = 'sv-SE' AND lower(alias) = ?`,
        )
        .bind(row.product, category),
    );
  if (row.name)
    statements.push(
      db
        .prepare(
          `INSERT INTO product_texts (product_id, language_id, name, alias, short_text, description)
           SELECT p.id, l.id, ?2, ?3 || '-' || p.id, '', COALESCE(?4, '') FROM products p, languages l WHERE p.article_number = ?1
           ON CONFLICT (product_id, language_id) DO UPDATE SET
             name = CASE WHEN excluded.language_id = 'sv-SE' THEN excluded.name ELSE product_texts.name END,
             description = CASE WHEN ?4 IS NOT NULL AND excluded.language_id = 'sv-SE' THEN ?4 ELSE product_texts.description END`,
        )
        .bind(row.product, row.name, slugOf(row.name), row.description),
    );
  statements.push(
    db
      .prepare(
        `INSERT INTO skus (product_id, article_number, gtin, size, sort_order, stock)
         SELECT ${PRODUCT_ID}, ?, ?, ?, (SELECT COUNT(*) + 1 FROM skus WHERE product_id = ${PRODUCT_ID}), COALESCE(?, 0)
         WHERE ? IS NOT NULL
         ON CONFLICT (article_number) DO UPDATE SET stock = COALESCE(?, stock), size = COALESCE(?, size)`,
      )
      .bind(row.product, row.sku, row.gtin, row.size, row.product, row.stock, row.gtin, row.stock, row.size),
  );
  if (row.stock !== null)
    statements.push(db.prepare('UPDATE skus SET stock = ? WHERE article_number = ?').bind(row.stock, row.sku));
  for (const currency of IMPORT_CURRENCIES) {
    const amount = row.prices[currency];
    if (amount === undefined) continue;
    statements.push(
      db
        .prepare(
          `INSERT INTO prices (product_id, market_id, regular_inc_vat, vat_rate_bp)
           SELECT ${PRODUCT_ID}, id, ?, vat_rate_bp FROM markets WHERE currency_code = ?
           ON CONFLICT (product_id, market_id) DO UPDATE SET regular_inc_vat = excluded.regular_inc_vat`,
        )
        .bind(row.product, amount, currency),
      db
        .prepare(
          `INSERT INTO price_history (product_id, market_id, date, selling_inc_vat)
           SELECT ${PRODUCT_ID}, id, ?, ? FROM markets WHERE currency_code = ?
           ON CONFLICT (product_id, market_id, date) DO UPDATE SET selling_inc_vat = excluded.selling_inc_vat`,
        )
        .bind(row.product, today, amount, currency),
    );
  }
  return statements;
}

/** Applies `rows` (one batch of an import) in one D1 batch, with the announcement of their products. */
export async function applyImportRows(
  db: D1Database,
  rows: readonly ImportRow[],
  now: Date,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<void> {
  await db.batch([...rows.flatMap((row) => importRowStatements(db, row, now)), ...alongside]);
  // The products the batch made or changed (read after it: it may have made them).
  const { results } = await db
    .prepare('SELECT id FROM products WHERE article_number IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(rows.map((row) => row.product)))
    .all<{ id: number }>();
  const productIds = results.map((row) => row.id);
  if (productIds.length > 0) await db.batch([announceProductChanges(db, productIds)]);
}
