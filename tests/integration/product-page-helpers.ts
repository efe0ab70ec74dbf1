// Shared by the product-page-*.test.ts files: products picked from the seeded D1 by what a test needs,
// and small readers of the page's HTML (meta tags, links, JSON-LD).
import { expect } from 'vitest';
import { env, fetchWorker } from '../helpers';

export interface SeededProduct {
  id: number;
  alias: string;
  name: string;
  articleNumber: string;
  brandAlias: string;
  brandName: string;
  regularIncVat: number;
  vatRateBp: number;
}

/** Text as React escapes it in HTML. */
export const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

/**
 * The first active product sold in Sweden (lowest id) matching `where` (SQL over `p` products and `s`
 * its skus), with its Swedish texts and price; `where` may use `c` for its campaigns (none active by
 * default, so prices are regular).
 */
export async function seededProduct(
  where: string,
  options: { discounted?: boolean; languageId?: string } = {},
): Promise<SeededProduct> {
  const campaign = `EXISTS (SELECT 1 FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
      WHERE cp.product_id = p.id AND c.kind = 'PRICE_CAMPAIGN' AND c.is_active = 1 AND c.starts_at <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
      AND (c.ends_at IS NULL OR c.ends_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now')))`;
  const row = await env.DB.prepare(
    `SELECT p.id AS id, t.alias AS alias, t.name AS name, p.article_number AS articleNumber, b.alias AS brandAlias,
            b.name AS brandName, pr.regular_inc_vat AS regularIncVat, pr.vat_rate_bp AS vatRateBp
     FROM products p
     JOIN product_texts t ON t.product_id = p.id AND t.language_id = ?
     JOIN brands b ON b.id = p.brand_id
     JOIN prices pr ON pr.product_id = p.id AND pr.market_id = '1|se'
     WHERE p.is_active = 1 AND ${options.discounted ? '' : 'NOT'} ${campaign}
       AND EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id) AND (${where})
     ORDER BY p.id LIMIT 1`,
  )
    .bind(options.languageId ?? 'sv-SE')
    .first<SeededProduct>();
  if (!row) throw new Error(`no seeded product where ${where}`);
  return row;
}

/** Single-sku products in a stock state (spec §4), as SQL over `p`. */
export const SINGLE_SKU = `(SELECT COUNT(*) FROM skus s WHERE s.product_id = p.id) = 1 AND (SELECT size FROM skus s WHERE s.product_id = p.id) IS NULL`;
export const STOCK_WHERE = {
  inStock: `${SINGLE_SKU} AND EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock > 20 AND s.static_stock IS NULL AND s.oversellable = 0)`,
  fewLeft: `${SINGLE_SKU} AND EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock BETWEEN 1 AND 5 AND s.static_stock IS NULL AND s.oversellable = 0)`,
  outOfStock: `${SINGLE_SKU} AND EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock = 0 AND s.oversellable = 0)`,
  madeToOrder: `${SINGLE_SKU} AND EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock = 0 AND s.oversellable = 1)`,
  static: `${SINGLE_SKU} AND EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.static_stock > 0 AND s.oversellable = 0)`,
  sizedWithOneSoldOut: `(SELECT COUNT(*) FROM skus s WHERE s.product_id = p.id AND s.size IS NOT NULL) > 1
     AND EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock = 0 AND s.oversellable = 0)
     AND EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock > 5)`,
} as const;

export interface SkuRow {
  id: number;
  articleNumber: string;
  gtin: string;
  size: string | null;
  stock: number;
  oversellable: number;
  incoming: string | null;
}

export async function skusOf(productId: number): Promise<SkuRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, article_number AS articleNumber, gtin, size, stock, oversellable, incoming FROM skus WHERE product_id = ? ORDER BY sort_order`,
  )
    .bind(productId)
    .all<SkuRow>();
  return results;
}

/** GETs a page and returns its status and whole body (the streamed parts included). */
export async function page(
  path: string,
  cookie?: string,
): Promise<{ status: number; body: string; response: Response }> {
  const response = await fetchWorker(path, cookie ? { headers: { Cookie: cookie } } : undefined);
  return { status: response.status, body: await response.text(), response };
}

export async function okPage(path: string, cookie?: string): Promise<string> {
  const { status, body } = await page(path, cookie);
  expect(status, path).toBe(200);
  return body;
}

/** The content of `<meta property="...">`. */
export function metaProperty(body: string, property: string): string | undefined {
  return body.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];
}

export function canonicalOf(body: string): string | undefined {
  return body.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
}

export function alternatesOf(body: string): Record<string, string> {
  return Object.fromEntries(
    [...body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
}

/** Every JSON-LD object of the page, parsed. */
export function jsonLdOf(body: string): Record<string, any>[] {
  return [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

/** The HTML of the first element with `class` (up to its closing tag of the same name, not nested). */
export function elementWithClass(body: string, tag: string, className: string): string {
  const start = body.indexOf(`<${tag} class="${className}"`);
  if (start < 0) return '';
  return body.slice(start, body.indexOf(`</${tag}>`, start) + tag.length + 3);
}

/** The `<tag ...>` start tags in `body` that have every attribute of `attributes` (in any order). */
export function tagsWith(body: string, tag: string, attributes: Record<string, string>): string[] {
  return [...body.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))]
    .map((match) => match[0])
    .filter((start) =>
      Object.entries(attributes).every(([name, value]) => start.includes(` ${name}="${html(value)}"`)),
    );
}
