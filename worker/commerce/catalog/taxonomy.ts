/**
 * The catalog's taxonomy over D1: the category tree, brands, the list pages of a category, brand or
 * discount campaign (name, descriptions, meta, sub-categories), and old URLs (spec §2 "URL history").
 * Texts are in the language asked for, else Swedish (spec §1). Paths carry no locale prefix; the
 * storefront adds it.
 */

const SV = 'sv-SE';

export interface CategoryNode {
  categoryId: number;
  /** 0 for a top-level category, as the API reports it. */
  parentCategoryId: number;
  order: number;
  name: string;
  alias: string;
  canonicalUrl: string;
  description: string | null;
  secondaryDescription: string | null;
  isHidden: boolean;
  primaryImage: string | null;
}

export interface BrandEntry {
  brandId: number;
  name: string;
  alias: string;
  canonicalUrl: string;
  description: string | null;
}

export type ListPageKind = 'category' | 'brand' | 'campaign';

export interface ListPage {
  kind: ListPageKind;
  id: number;
  alias: string;
  name: string;
  canonicalUrl: string;
  primaryDescription: string | null;
  secondaryDescription: string | null;
  primaryImage: string | null;
  hideTitle: boolean;
  subCategories: CategoryNode[];
}

export const categoryPath = (alias: string) => `/c/${alias}`;
export const brandPath = (alias: string) => `/b/${alias}`;
export const campaignPath = (alias: string) => `/dc/${alias}`;

const CATEGORY_SQL = `
  SELECT c.id, c.parent_id, c.sort_order, c.is_hidden, c.image, COALESCE(t.name, s.name) AS name,
    COALESCE(t.alias, s.alias) AS alias, COALESCE(t.description, s.description) AS description,
    COALESCE(t.secondary_description, s.secondary_description) AS secondary_description
  FROM categories c
  LEFT JOIN category_texts t ON t.category_id = c.id AND t.language_id = ?1
  JOIN category_texts s ON s.category_id = c.id AND s.language_id = '${SV}'`;

interface CategoryRow {
  id: number;
  parent_id: number | null;
  sort_order: number;
  is_hidden: number;
  image: string | null;
  name: string;
  alias: string;
  description: string | null;
  secondary_description: string | null;
}

function categoryNode(row: CategoryRow): CategoryNode {
  return {
    categoryId: row.id,
    parentCategoryId: row.parent_id ?? 0,
    order: row.sort_order,
    name: row.name,
    alias: row.alias,
    canonicalUrl: categoryPath(row.alias),
    description: row.description,
    secondaryDescription: row.secondary_description,
    isHidden: row.is_hidden === 1,
    primaryImage: row.image,
  };
}

export interface CategoriesQuery {
  languageId: string;
  includeHidden?: boolean | null;
  /** Only the children of this category; 0 for the top level. */
  parentCategoryId?: number | null;
}

/**
 * Categories in tree order: each top-level category followed by its children, by sort order. With
 * `parentCategoryId`, only that category's children (0: the top level).
 */
export async function listCategories(db: D1Database, query: CategoriesQuery): Promise<CategoryNode[]> {
  const { results } = await db
    .prepare(
      `${CATEGORY_SQL} WHERE (?2 = 1 OR c.is_hidden = 0) AND (?3 IS NULL OR COALESCE(c.parent_id, 0) = ?3)
      ORDER BY c.sort_order, c.id`,
    )
    .bind(query.languageId, query.includeHidden ? 1 : 0, query.parentCategoryId ?? null)
    .all<CategoryRow>();
  const nodes = results.map(categoryNode);
  const present = new Set(nodes.map((node) => node.categoryId));
  const roots = nodes.filter((node) => !present.has(node.parentCategoryId));
  const walk = (node: CategoryNode): CategoryNode[] => [
    node,
    ...nodes.filter((child) => child.parentCategoryId === node.categoryId).flatMap(walk),
  ];
  return roots.flatMap(walk);
}

/**
 * The category with `categoryId`, else the one whose alias in the language (or in Swedish) is `alias`;
 * null when there is none.
 */
export async function findCategory(
  db: D1Database,
  languageId: string,
  by: { categoryId?: number | null; alias?: string | null },
): Promise<CategoryNode | null> {
  const row =
    by.categoryId != null
      ? await db.prepare(`${CATEGORY_SQL} WHERE c.id = ?2`).bind(languageId, by.categoryId).first<CategoryRow>()
      : by.alias
        ? await db
            .prepare(
              `${CATEGORY_SQL} WHERE c.id = (SELECT category_id FROM category_texts WHERE alias = ?2
            AND language_id IN (?1, '${SV}') ORDER BY language_id = '${SV}' LIMIT 1)`,
            )
            .bind(languageId, by.alias)
            .first<CategoryRow>()
        : null;
  return row ? categoryNode(row) : null;
}

/** Brands with at least one active product priced in the market, by name. */
export async function listBrands(db: D1Database, languageId: string, marketId: string): Promise<BrandEntry[]> {
  const { results } = await db
    .prepare(
      `SELECT b.id, b.name, b.alias, COALESCE(t.description, s.description) AS description
      FROM brands b
      LEFT JOIN brand_texts t ON t.brand_id = b.id AND t.language_id = ?
      LEFT JOIN brand_texts s ON s.brand_id = b.id AND s.language_id = '${SV}'
      WHERE EXISTS (SELECT 1 FROM products p JOIN prices pr ON pr.product_id = p.id AND pr.market_id = ?
        WHERE p.brand_id = b.id AND p.is_active = 1)
      ORDER BY b.name COLLATE NOCASE, b.id`,
    )
    .bind(languageId, marketId)
    .all<{ id: number; name: string; alias: string; description: string | null }>();
  return results.map((row) => ({
    brandId: row.id,
    name: row.name,
    alias: row.alias,
    canonicalUrl: brandPath(row.alias),
    description: row.description,
  }));
}

async function categoryPage(db: D1Database, languageId: string, alias: string): Promise<ListPage | null> {
  const category = await findCategory(db, languageId, { alias });
  if (!category) return null;
  const children = await listCategories(db, { languageId, parentCategoryId: category.categoryId });
  return {
    kind: 'category',
    id: category.categoryId,
    alias: category.alias,
    name: category.name,
    canonicalUrl: category.canonicalUrl,
    primaryDescription: category.description,
    secondaryDescription: category.secondaryDescription,
    primaryImage: category.primaryImage,
    hideTitle: false,
    subCategories: children,
  };
}

async function brandPage(db: D1Database, languageId: string, alias: string): Promise<ListPage | null> {
  const row = await db
    .prepare(
      `SELECT b.id, b.name, b.alias, COALESCE(t.description, s.description) AS description FROM brands b
      LEFT JOIN brand_texts t ON t.brand_id = b.id AND t.language_id = ?
      LEFT JOIN brand_texts s ON s.brand_id = b.id AND s.language_id = '${SV}'
      WHERE b.alias = ?`,
    )
    .bind(languageId, alias)
    .first<{ id: number; name: string; alias: string; description: string | null }>();
  if (!row) return null;
  return {
    kind: 'brand',
    id: row.id,
    alias: row.alias,
    name: row.name,
    canonicalUrl: brandPath(row.alias),
    primaryDescription: row.description,
    secondaryDescription: null,
    primaryImage: null,
    hideTitle: false,
    subCategories: [],
  };
}

async function campaignPage(db: D1Database, languageId: string, alias: string): Promise<ListPage | null> {
  const row = await db
    .prepare(
      `SELECT c.id, c.alias, c.hide_title, COALESCE(t.name, s.name, c.alias) AS name,
        COALESCE(t.description, s.description) AS description FROM campaigns c
      LEFT JOIN campaign_texts t ON t.campaign_id = c.id AND t.language_id = ?
      LEFT JOIN campaign_texts s ON s.campaign_id = c.id AND s.language_id = '${SV}'
      WHERE c.alias = ? AND c.kind = 'PRICE_CAMPAIGN'`,
    )
    .bind(languageId, alias)
    .first<{ id: number; alias: string; hide_title: number; name: string; description: string | null }>();
  if (!row) return null;
  return {
    kind: 'campaign',
    id: row.id,
    alias: row.alias,
    name: row.name,
    canonicalUrl: campaignPath(row.alias),
    primaryDescription: row.description,
    secondaryDescription: null,
    primaryImage: null,
    hideTitle: row.hide_title === 1,
    subCategories: [],
  };
}

const PAGE_READERS: Record<
  ListPageKind,
  (db: D1Database, languageId: string, alias: string) => Promise<ListPage | null>
> = {
  category: categoryPage,
  brand: brandPage,
  campaign: campaignPage,
};

/** The list page of a category, brand or campaign alias (tried in that order), or null. */
export async function findListPage(
  db: D1Database,
  languageId: string,
  alias: string,
  kind?: ListPageKind,
): Promise<ListPage | null> {
  for (const candidate of kind ? [kind] : (['category', 'brand', 'campaign'] as const)) {
    const page = await PAGE_READERS[candidate](db, languageId, alias);
    if (page) return page;
  }
  return null;
}

/** Route locales other than Swedish (spec §2: Swedish has no prefix). */
const LOCALE_PREFIX = /^\/(da|en|fi|nb)(?=\/|$)/;

/** A path without query, hash, trailing slash and locale prefix, and that prefix ('' for Swedish). */
export function splitListPath(url: string): { prefix: string; path: string } {
  let path =
    url
      .trim()
      .replace(/^[a-z]+:\/\/[^/]+/i, '')
      .split(/[?#]/)[0] || '/';
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/+$/, '') || '/';
  const prefix = LOCALE_PREFIX.exec(path)?.[0] ?? '';
  return { prefix, path: path.slice(prefix.length) || '/' };
}

/** What a list path names: /c/(any)/{category}, /b/{brand}, /dc/{campaign}, /s/{search} (spec §2). */
export function parseListPath(url: string): { kind: ListPageKind | 'search'; alias: string } | null {
  const segments = splitListPath(url)
    .path.split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  // A market and a language before the list's own path (issue 25: the reference storefront's default,
  // /se/sv/c/…, and our locale prefix /en/c/…): two-letter segments that are not a list's head.
  let skipped = 0;
  while (skipped < 2 && segments.length > 0 && /^[a-z]{2}$/.test(segments[0]!) && segments[0] !== 'dc') {
    segments.shift();
    skipped++;
  }
  const [head, ...rest] = segments;
  const last = rest.at(-1);
  if (!last) return null;
  if (head === 'c') return { kind: 'category', alias: last };
  if (head === 'b' && rest.length === 1) return { kind: 'brand', alias: last };
  if (head === 'dc' && rest.length === 1) return { kind: 'campaign', alias: last };
  if (head === 's') return { kind: 'search', alias: rest.join('/') };
  return null;
}

/** Most redirects followed for one old URL (a chain of renames). */
const MAX_HOPS = 5;

/** Where an old URL lives now (spec §2 "URL history"), keeping its locale prefix; null when it never moved. */
export async function findUrlHistory(db: D1Database, url: string): Promise<{ oldUrl: string; newUrl: string } | null> {
  const { prefix, path } = splitListPath(url);
  let current = path;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const row = await db
      .prepare('SELECT new_path FROM url_history WHERE old_path = ?')
      .bind(current)
      .first<{ new_path: string }>();
    if (!row || row.new_path === current) break;
    current = row.new_path;
  }
  return current === path ? null : { oldUrl: `${prefix}${path}`, newUrl: `${prefix}${current}` };
}
