// Shared by the list page tests: fetch a page as a shopper's browser would (no redirects followed) and
// read what it shows from the HTML; expected values come from the test D1.
import { env, fetchWorker } from '../helpers';

export const SWEDEN = '1|se';

export interface ListPageView {
  status: number;
  location: string | null;
  html: string;
}

/** The page at `path`; redirects are returned, not followed. */
export async function openPage(path: string, init?: RequestInit): Promise<ListPageView> {
  const response = await fetchWorker(path, { redirect: 'manual', ...init });
  return { status: response.status, location: response.headers.get('Location'), html: await response.text() };
}

/** Text of HTML with React's escapes undone and tags removed. */
export function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** The page's <main> without its scripts (island props), where the list's own texts are. */
export function main(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  return html.slice(start, end < 0 ? undefined : end).replace(/<script[\s\S]*?<\/script>/g, '');
}

/** The h1's text. */
export function heading(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? text(match[1]!) : '';
}

/** An attribute value as React writes it, decoded. */
const attribute = (raw: string) => text(raw);

/** Every product card's `data-item-*` attributes, in page order. */
export function cards(html: string): { id: string; name: string; price: number; list: string }[] {
  return [...html.matchAll(/<article class="product-card"([^>]*)>/g)].map((match) => {
    const attrs = match[1]!;
    const read = (name: string) => attribute(new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1] ?? '');
    return {
      id: read('data-item-id'),
      name: read('data-item-name'),
      price: Number(read('data-item-price')),
      list: read('data-item-list'),
    };
  });
}

/** The href of the first `<link rel="…">` (or `<a rel="…">` with `tag: 'a'`). */
export function linkRel(html: string, rel: string, tag: 'link' | 'a' = 'link'): string | null {
  const element = [...html.matchAll(new RegExp(`<${tag} [^>]*>`, 'g'))]
    .map((m) => m[0])
    .find((el) => el.includes(`rel="${rel}"`));
  const href = element ? /href="([^"]*)"/.exec(element)?.[1] : undefined;
  return href === undefined ? null : attribute(href);
}

/** hreflang alternates: { sv: 'http://…', en: … }. */
export function alternates(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
      m[1]!,
      attribute(m[2]!),
    ]),
  );
}

/** The hrefs of `<a>` elements whose text is `label`. */
export function linksNamed(html: string, label: string): string[] {
  return [...html.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)]
    .filter((m) => text(m[2]!).trim() === label)
    .map((m) => attribute(/href="([^"]*)"/.exec(m[1]!)?.[1] ?? ''));
}

/** One number from a SELECT on the test D1. */
export async function scalar(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<Record<string, number>>();
  return Number(Object.values(row ?? {})[0] ?? 0);
}

export async function row<T>(sql: string, ...params: unknown[]): Promise<T> {
  const found = await env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
  if (!found) throw new Error(`no row for ${sql}`);
  return found;
}

/** Active products priced in Sweden that match `where` (over products p). */
export function countProducts(where: string, ...params: unknown[]): Promise<number> {
  return scalar(
    `SELECT COUNT(*) FROM products p WHERE p.is_active = 1
       AND EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.market_id = '${SWEDEN}') AND ${where}`,
    ...params,
  );
}

/** A category's id, name and alias in a language, by its Swedish alias. */
export function category(svAlias: string, languageId = 'sv-SE') {
  return row<{ id: number; name: string; alias: string; parent_id: number | null }>(
    `SELECT c.id, c.parent_id, t.name, t.alias FROM categories c JOIN category_texts t ON t.category_id = c.id AND t.language_id = ?
      WHERE c.id = (SELECT category_id FROM category_texts WHERE alias = ? AND language_id = 'sv-SE')`,
    languageId,
    svAlias,
  );
}

export const IN_CATEGORY =
  'EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = ?)';
