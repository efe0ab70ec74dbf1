import { describe, expect, test } from 'vitest';
import { generateSeedStatements, SEED_DATE } from '../../worker/db/seed/generate';
import { generateProductImages } from '../../worker/db/seed/images';

type Value = string | number | null;

/** Parses the rows of every INSERT into `table` (the seed writes only strings, integers, reals and NULL). */
function rows(statements: readonly string[], table: string): Value[][] {
  const head = `INSERT INTO ${table} (`;
  const result: Value[][] = [];
  for (const statement of statements.filter((s) => s.startsWith(head))) {
    let i = statement.indexOf(' VALUES ') + 8;
    let row: Value[] = [];
    while (i < statement.length) {
      const ch = statement[i] as string;
      if (ch === "'") {
        let text = '';
        i++;
        for (;;) {
          if (statement[i] === "'" && statement[i + 1] === "'") {
            text += "'";
            i += 2;
          } else if (statement[i] === "'") {
            i++;
            break;
          } else {
            text += statement[i];
            i++;
          }
        }
        row.push(text);
      } else if (ch === 'N' && statement.startsWith('NULL', i)) {
        row.push(null);
        i += 4;
      } else if (/[-\d]/.test(ch)) {
        const match = /^-?\d+(\.\d+)?/.exec(statement.slice(i, i + 40)) as RegExpExecArray;
        row.push(Number(match[0]));
        i += match[0].length;
      } else if (ch === ')') {
        result.push(row);
        row = [];
        i++;
      } else i++;
    }
  }
  return result;
}

function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

const statements = generateSeedStatements();
const count = (table: string) => rows(statements, table).length;

describe('catalog seed', () => {
  test('two runs give byte-identical statements', () => {
    expect(generateSeedStatements().join('\n')).toBe(statements.join('\n'));
    expect(generateSeedStatements({ products: 1200 }).join('\n')).toBe(statements.join('\n'));
  });

  test('every statement is one line ending with a semicolon, at most 90 KB and 100 rows', () => {
    const encoder = new TextEncoder();
    for (const statement of statements) {
      expect(statement).not.toMatch(/[\r\n]/);
      expect(statement.endsWith(';')).toBe(true);
      expect(encoder.encode(statement).length).toBeLessThanOrEqual(90_000);
      const table = /^INSERT INTO (\w+) /.exec(statement)?.[1] as string;
      expect(rows([statement], table).length).toBeLessThanOrEqual(100);
    }
  });

  test('tables are inserted after the tables they reference', () => {
    const first = (table: string) => statements.findIndex((s) => s.startsWith(`INSERT INTO ${table} (`));
    const order: [string, string][] = [
      ['languages', 'markets'],
      ['currencies', 'markets'],
      ['channels', 'markets'],
      ['categories', 'products'],
      ['brands', 'products'],
      ['parameters', 'product_parameter_values'],
      ['products', 'skus'],
      ['markets', 'prices'],
      ['campaigns', 'campaign_products'],
      ['promo_codes', 'promo_code_markets'],
      ['products', 'reviews'],
      ['content_pages', 'widget_areas'],
      ['widgets', 'widget_configs'],
      ['menus', 'menu_items'],
    ];
    for (const [parent, child] of order) expect(first(parent)).toBeLessThan(first(child));
  });

  test('the default catalog has 1200 products over at least 30 leaves, each with at least 15', () => {
    const categories = rows(statements, 'categories');
    const leaves = categories.filter((c) => c[1] !== null).map((c) => c[0]);
    expect(categories.filter((c) => c[1] === null).length).toBeGreaterThanOrEqual(8);
    expect(leaves.length).toBeGreaterThanOrEqual(30);
    const products = rows(statements, 'products');
    expect(products).toHaveLength(1200);
    for (const leaf of leaves) expect(products.filter((p) => p[3] === leaf).length).toBeGreaterThanOrEqual(15);
    expect(count('brands')).toBeGreaterThanOrEqual(40);
    expect(count('product_categories')).toBe(2400);
  });

  test('products, categories and brands have texts in all five languages with unique aliases', () => {
    expect(count('product_texts')).toBe(1200 * 5);
    expect(count('category_texts')).toBe(count('categories') * 5);
    expect(count('brand_texts')).toBe(count('brands') * 5);
    for (const table of ['product_texts', 'category_texts']) {
      const keys = rows(statements, table).map((r) => `${r[1]}:${r[3]}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  test('every product has a price in every market with the market VAT, and at least one SKU', () => {
    const vat: Record<string, number> = { '1|se': 2500, '1|dk': 2500, '1|no': 2500, '1|fi': 2550 };
    const prices = rows(statements, 'prices');
    expect(prices).toHaveLength(1200 * 4);
    for (const [, market, amount, rate] of prices) {
      expect(Number.isInteger(amount)).toBe(true);
      expect(rate).toBe(vat[market as string]);
    }
    const withSku = new Set(rows(statements, 'skus').map((s) => s[1]));
    expect(withSku.size).toBe(1200);
  });

  test('SKUs have unique, valid EAN-13 codes and cover every stock state', () => {
    const skus = rows(statements, 'skus');
    const gtins = skus.map((s) => s[3] as string);
    expect(new Set(gtins).size).toBe(gtins.length);
    expect(gtins.every(isEan13)).toBe(true);
    const state = (s: Value[]) =>
      s[8] !== null
        ? 'static'
        : s[7] === 1
          ? 'made-to-order'
          : s[6] === 0
            ? 'out'
            : (s[6] as number) <= 5
              ? 'few'
              : 'in';
    expect(new Set(skus.map(state))).toEqual(new Set(['static', 'made-to-order', 'out', 'few', 'in']));
    expect(skus.some((s) => s[6] === 0 && s[9] !== null)).toBe(true);
    const sized = new Set(skus.filter((s) => s[4] !== null).map((s) => s[1]));
    expect(sized.size / 1200).toBeGreaterThan(0.1);
  });

  test('every referenced image is generated, at its intrinsic size', () => {
    const names = new Set(generateProductImages().map((i) => i.fileName));
    const images = rows(statements, 'product_images');
    for (const [, position, file, width, height] of images) {
      expect(names.has(file as string)).toBe(true);
      expect([width, height, (position as number) < 3]).toEqual([600, 600, true]);
    }
    for (const category of rows(statements, 'categories')) expect(names.has(category[4] as string)).toBe(true);
  });

  test('some products are new, campaigns stay active past 2027 and one has expired', () => {
    const recent = rows(statements, 'products').filter(
      (p) => (p[4] as string) > '2026-10-01' && (p[4] as string) <= SEED_DATE,
    );
    expect(recent.length).toBeGreaterThan(0);
    const campaigns = rows(statements, 'campaigns');
    const active = campaigns.filter(
      (c) => (c[5] as string) < SEED_DATE && (c[6] === null || (c[6] as string) > '2027-12-31'),
    );
    expect(active.length).toBeGreaterThanOrEqual(3);
    expect(campaigns.some((c) => c[6] !== null && (c[6] as string) < SEED_DATE)).toBe(true);
    expect(count('price_history')).toBeGreaterThan(0);
  });

  test('a smaller catalog still gives every leaf products', () => {
    const small = generateSeedStatements({ products: 100 });
    const leaves = rows(small, 'categories')
      .filter((c) => c[1] !== null)
      .map((c) => c[0]);
    const products = rows(small, 'products');
    expect(products).toHaveLength(100);
    for (const leaf of leaves) expect(products.some((p) => p[3] === leaf)).toBe(true);
  });
});

describe('product images', () => {
  test('are small, self-contained 600×600 SVGs with unique names', () => {
    const images = generateProductImages();
    expect(new Set(images.map((i) => i.fileName)).size).toBe(images.length);
    for (const { fileName, svg } of images) {
      expect(fileName).toMatch(/^[a-z]+-[a-z]+(-[23])?\.svg$/);
      expect(svg.length).toBeLessThan(2500);
      expect(svg).toContain('width="600" height="600" viewBox="0 0 600 600"');
      expect(svg).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/);
    }
  });
});
