/**
 * A catalog import's rows (issue 27): products, their SKUs, prices per currency and stock, from a CSV
 * (comma or semicolon separated, with a header row; Excel's Swedish export uses semicolons) or a JSON
 * array of the same fields. Each row is read with valibot; every problem is reported with its line
 * (CSV: the file's line, the header being line 1; JSON: the element's number) and a message key of the
 * back office, never applied in part: an import with any problem is refused whole.
 *
 * Columns: product (the product's article number), sku (the article's number), gtin (EAN-13; needed for a
 * new article), name (Swedish; needed for a new product), brand (alias or name), category (Swedish alias),
 * size, stock, price_SEK, price_DKK, price_NOK, price_EUR (incl. VAT, as "119" or "119,50"), published
 * (ja/nej, yes/no, 1/0), available_from (the first day it is sold, YYYY-MM-DD: what "new items" go by;
 * a new product without it is new today), description.
 */
import * as v from 'valibot';

export const IMPORT_COLUMNS = [
  'product',
  'sku',
  'gtin',
  'name',
  'brand',
  'category',
  'size',
  'stock',
  'price_SEK',
  'price_DKK',
  'price_NOK',
  'price_EUR',
  'published',
  'available_from',
  'description',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_CURRENCIES = ['SEK', 'DKK', 'NOK', 'EUR'] as const;

/** At most this many rows an import: one D1 row holds them, and a queue applies them in batches. */
export const MAX_IMPORT_ROWS = 5000;

export interface ImportRow {
  line: number;
  product: string;
  sku: string;
  gtin: string | null;
  name: string | null;
  brand: string | null;
  category: string | null;
  size: string | null;
  stock: number | null;
  /** Minor units incl. VAT per currency. */
  prices: Partial<Record<(typeof IMPORT_CURRENCIES)[number], number>>;
  published: boolean | null;
  /** The first day the product is sold (YYYY-MM-DD), or null: today for a new product, unchanged otherwise. */
  availableFrom: string | null;
  description: string | null;
}

/** A problem of a row: its line, the message key (import.problems.*) and the words in it. */
export interface ImportProblem {
  line: number;
  key: string;
  params: Record<string, string>;
}

/** Whether `gtin` is an EAN-13 whose check digit is right. */
export function isEan13(gtin: string): boolean {
  if (!/^\d{13}$/.test(gtin)) return false;
  const digits = [...gtin].map(Number);
  const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const ArticleNumber = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/));
const YES = new Set(['ja', 'yes', '1', 'true', 'j', 'y']);
const NO = new Set(['nej', 'no', '0', 'false', 'n']);

/** The minor units of a price as written ("119", "119,50", "1 199.5"), or null when it is not one. */
function minorUnits(value: string): number | null {
  const compact = value.replace(/[\s\u00a0]/g, '');
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(compact)) return null;
  const [whole, fraction = ''] = compact.split(/[.,]/) as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Reads one row (`fields` by column) at `line`: the row, or its problems. */
export function readImportRow(fields: Record<string, unknown>, line: number): ImportRow | ImportProblem[] {
  const problems: ImportProblem[] = [];
  const problem = (key: string, params: Record<string, string> = {}) => problems.push({ line, key, params });
  const raw = (column: ImportColumn): string => {
    const value = fields[column];
    return value === undefined || value === null ? '' : String(value).trim();
  };
  const optional = (column: ImportColumn, max: number): string | null => {
    const value = v.safeParse(text(max), raw(column));
    if (!value.success) {
      problem('tooLong', { column, max: String(max) });
      return null;
    }
    return value.output === '' ? null : value.output;
  };
  const product = raw('product');
  const sku = raw('sku');
  if (!product) problem('required', { column: 'product' });
  else if (!v.is(ArticleNumber, product)) problem('invalidArticle', { column: 'product', value: product });
  if (!sku) problem('required', { column: 'sku' });
  else if (!v.is(ArticleNumber, sku)) problem('invalidArticle', { column: 'sku', value: sku });
  const gtin = raw('gtin') || null;
  if (gtin !== null && !isEan13(gtin)) problem('invalidGtin', { value: gtin });
  const stockText = raw('stock');
  let stock: number | null = null;
  if (stockText !== '') {
    if (!/^\d{1,7}$/.test(stockText) || Number(stockText) > 1_000_000) problem('invalidStock', { value: stockText });
    else stock = Number(stockText);
  }
  const prices: ImportRow['prices'] = {};
  for (const currency of IMPORT_CURRENCIES) {
    const value = raw(`price_${currency}`);
    if (value === '') continue;
    const amount = minorUnits(value);
    if (amount === null || amount <= 0) problem('invalidPrice', { column: `price_${currency}`, value });
    else prices[currency] = amount;
  }
  const publishedText = raw('published').toLowerCase();
  let published: boolean | null = null;
  if (publishedText !== '') {
    if (YES.has(publishedText)) published = true;
    else if (NO.has(publishedText)) published = false;
    else problem('invalidPublished', { value: publishedText });
  }
  const availableText = raw('available_from');
  let availableFrom: string | null = null;
  if (availableText !== '') {
    if (!v.is(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.isoDate()), availableText))
      problem('invalidDate', { column: 'available_from', value: availableText });
    else availableFrom = availableText;
  }
  const row: ImportRow = {
    line,
    product,
    sku,
    gtin,
    name: optional('name', 200),
    brand: optional('brand', 80),
    category: optional('category', 120),
    size: optional('size', 20),
    stock,
    prices,
    published,
    availableFrom,
    description: optional('description', 4000),
  };
  return problems.length > 0 ? problems : row;
}
