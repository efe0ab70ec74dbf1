/**
 * Editorial content over D1: content pages, widget areas with their widgets, and menus. Every text is read
 * in the request's language with the channel's default language (Swedish) as the fallback, row by row.
 *
 * URLs built here are root-relative and carry no locale or market prefix (`/c/gelpennor`, `/om-oss`):
 * the storefront adds the prefix of the visitor's locale and market when it renders a link.
 */

/** The language to read texts in and the one to fall back to when a text is missing. */
export interface TextLanguages {
  languageId: string;
  fallbackLanguageId: string;
}

export interface ContentPage {
  id: number;
  alias: string;
  title: string;
  metaTitle: string | null;
  metaDescription: string | null;
  createdAt: string;
  updatedAt: string;
}

const PAGE_COLUMNS = `p.id, p.created_at AS createdAt, p.updated_at AS updatedAt,
  COALESCE(t.alias, f.alias) AS alias, COALESCE(t.title, f.title) AS title,
  COALESCE(t.meta_title, f.meta_title) AS metaTitle,
  COALESCE(t.meta_description, f.meta_description) AS metaDescription
  FROM content_pages p
  LEFT JOIN content_page_texts t ON t.page_id = p.id AND t.language_id = ?1
  LEFT JOIN content_page_texts f ON f.page_id = p.id AND f.language_id = ?2`;

/** The last path segment of a URL or path ('/en/about-us?x=1' → 'about-us'), the alias of a content page. */
export function aliasOfUrl(url: string): string | null {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  if (last === undefined) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // a malformed escape is no alias of ours; looking it up finds nothing
  }
}

/** Every content page, in id order, with alias, title and meta in the language. */
export async function listContentPages(db: D1Database, languages: TextLanguages): Promise<ContentPage[]> {
  const { results } = await db
    .prepare(`SELECT ${PAGE_COLUMNS} WHERE COALESCE(t.alias, f.alias) IS NOT NULL ORDER BY p.id`)
    .bind(languages.languageId, languages.fallbackLanguageId)
    .all<ContentPage>();
  return results;
}

/**
 * The content page whose alias in the language is `alias` (else whose fallback-language alias is, so a
 * Swedish link still finds its page), with its texts in the language; null when no page has that alias.
 */
export async function findContentPageByAlias(
  db: D1Database,
  alias: string,
  languages: TextLanguages,
): Promise<ContentPage | null> {
  return db
    .prepare(
      `SELECT ${PAGE_COLUMNS}
       WHERE p.id = (SELECT page_id FROM content_page_texts WHERE alias = ?3 AND language_id IN (?1, ?2)
                     ORDER BY language_id = ?1 DESC LIMIT 1)`,
    )
    .bind(languages.languageId, languages.fallbackLanguageId, alias)
    .first<ContentPage>();
}

export type WidgetKind = 'BANNER' | 'TEXT' | 'PRODUCT_LIST' | 'CATEGORY_PUFFS' | 'IMAGE';

export interface Widget {
  id: number;
  /** Widgets of one container render side by side. */
  container: number;
  sortOrder: number;
  type: WidgetKind;
  size: string;
  /** The widget's configuration JSON in the language (or the fallback language). */
  configuration: string;
}

export interface WidgetArea {
  id: number;
  family: string;
  areaName: string;
  pageId: number | null;
  /** In container order, then sort order. */
  widgets: Widget[];
}

export interface WidgetAreaQuery {
  family: string;
  /** Any area of the family when absent. */
  areaName?: string | null;
  /** The content page the area belongs to; null for areas of no page (the front page). */
  pageId: number | null;
}

interface WidgetAreaRow {
  areaId: number;
  family: string;
  areaName: string;
  pageId: number | null;
  id: number | null;
  container: number | null;
  sortOrder: number | null;
  type: WidgetKind | null;
  size: string | null;
  configuration: string | null;
}

/** The widget area of a family (and page), with its widgets configured in the language; null when none. */
export async function loadWidgetArea(
  db: D1Database,
  query: WidgetAreaQuery,
  languages: TextLanguages,
): Promise<WidgetArea | null> {
  const { results } = await db
    .prepare(
      `SELECT a.id AS areaId, a.family, a.area_name AS areaName, a.page_id AS pageId,
              w.id, w.container, w.sort_order AS sortOrder, w.type, w.size,
              COALESCE(c.configuration, f.configuration) AS configuration
       FROM (SELECT * FROM widget_areas
             WHERE family = ?3 COLLATE NOCASE AND (?4 IS NULL OR area_name = ?4 COLLATE NOCASE) AND page_id IS ?5
             ORDER BY id LIMIT 1) a
       LEFT JOIN widgets w ON w.area_id = a.id
       LEFT JOIN widget_configs c ON c.widget_id = w.id AND c.language_id = ?1
       LEFT JOIN widget_configs f ON f.widget_id = w.id AND f.language_id = ?2
       ORDER BY w.container, w.sort_order, w.id`,
    )
    .bind(languages.languageId, languages.fallbackLanguageId, query.family, query.areaName ?? null, query.pageId)
    .all<WidgetAreaRow>();
  const first = results[0];
  if (!first) return null;
  const widgets = results.flatMap((row): Widget[] =>
    // A widget with no configuration in either language has nothing to show.
    row.id === null || row.configuration === null
      ? []
      : [
          {
            id: row.id,
            container: row.container!,
            sortOrder: row.sortOrder!,
            type: row.type!,
            size: row.size!,
            configuration: row.configuration,
          },
        ],
  );
  return { id: first.areaId, family: first.family, areaName: first.areaName, pageId: first.pageId, widgets };
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Intrinsic sizes of catalog image files by name (widgets reuse the generated catalog images). */
export async function imageSizes(db: D1Database, fileNames: readonly string[]): Promise<Map<string, ImageSize>> {
  const unique = [...new Set(fileNames)];
  if (unique.length === 0) return new Map();
  const { results } = await db
    .prepare(
      `SELECT file_name AS fileName, MAX(width) AS width, MAX(height) AS height FROM product_images
       WHERE file_name IN (${unique.map(() => '?').join(', ')}) GROUP BY file_name`,
    )
    .bind(...unique)
    .all<{ fileName: string } & ImageSize>();
  return new Map(results.map((row) => [row.fileName, { width: row.width, height: row.height }]));
}

/**
 * The ids of categories, brands and campaigns by alias (a category's alias in any language): what a product
 * list widget names by alias, the API's filters take as ids. One statement; none when nothing is asked.
 */
export async function idsByAlias(
  db: D1Database,
  aliases: { categories: readonly string[]; brands: readonly string[]; campaigns: readonly string[] },
): Promise<{ categories: Map<string, number>; brands: Map<string, number>; campaigns: Map<string, number> }> {
  const found = {
    categories: new Map<string, number>(),
    brands: new Map<string, number>(),
    campaigns: new Map<string, number>(),
  };
  if (aliases.categories.length + aliases.brands.length + aliases.campaigns.length === 0) return found;
  const { results } = await db
    .prepare(
      `SELECT 'categories' AS kind, alias, category_id AS id FROM category_texts WHERE alias IN (SELECT value FROM json_each(?1))
       UNION ALL SELECT 'brands', alias, id FROM brands WHERE alias IN (SELECT value FROM json_each(?2))
       UNION ALL SELECT 'campaigns', alias, id FROM campaigns WHERE alias IN (SELECT value FROM json_each(?3))`,
    )
    .bind(JSON.stringify(aliases.categories), JSON.stringify(aliases.brands), JSON.stringify(aliases.campaigns))
    .all<{ kind: 'categories' | 'brands' | 'campaigns'; alias: string; id: number }>();
  for (const row of results) found[row.kind].set(row.alias, row.id);
  return found;
}

export type MenuItemKind = 'CATEGORY' | 'BRAND' | 'PAGE' | 'CUSTOM';

export interface MenuItem {
  id: number;
  type: MenuItemKind;
  /** Category id, brand alias, page id or path, as stored. */
  target: string;
  sortOrder: number;
  label: string;
  /** Root-relative URL without locale prefix, or an absolute URL for an external CUSTOM target. */
  url: string;
  children: MenuItem[];
}

export interface Menu {
  id: number;
  location: string;
  items: MenuItem[];
}

/** A menu item's target as stored, with the aliases it resolves to in the language (null when gone). */
export interface MenuTarget {
  type: MenuItemKind;
  target: string;
  categoryAlias: string | null;
  categoryHidden: number | null;
  brandAlias: string | null;
  pageAlias: string | null;
}

interface MenuRow extends MenuTarget {
  menuId: number;
  id: number | null;
  parentId: number | null;
  sortOrder: number;
  label: string | null;
}

/** Where a menu item links to, or null when its target no longer exists or is hidden. */
export function menuItemUrl(row: MenuTarget): string | null {
  switch (row.type) {
    case 'CATEGORY':
      return row.categoryAlias && !row.categoryHidden ? `/c/${row.categoryAlias}` : null;
    case 'BRAND':
      return row.brandAlias ? `/b/${row.brandAlias}` : null;
    case 'PAGE':
      return row.pageAlias ? `/${row.pageAlias}` : null;
    case 'CUSTOM':
      return row.target;
  }
}

/**
 * The menu at a location ('main', 'footer', or one of menu_locations: 'main-desktop', ...) as a tree in sort
 * order, labels and URLs in the language; null when there is no menu there. Items whose target is gone or hidden are left out with their children.
 */
export async function loadMenu(db: D1Database, location: string, languages: TextLanguages): Promise<Menu | null> {
  const { results } = await db
    .prepare(
      `SELECT m.id AS menuId, i.id, i.parent_id AS parentId, i.sort_order AS sortOrder, i.type, i.target,
              COALESCE(t.label, f.label) AS label,
              COALESCE(ct.alias, cf.alias) AS categoryAlias, c.is_hidden AS categoryHidden,
              b.alias AS brandAlias, COALESCE(pt.alias, pf.alias) AS pageAlias
       FROM menus m
       LEFT JOIN menu_items i ON i.menu_id = m.id
       LEFT JOIN menu_item_texts t ON t.item_id = i.id AND t.language_id = ?1
       LEFT JOIN menu_item_texts f ON f.item_id = i.id AND f.language_id = ?2
       LEFT JOIN categories c ON i.type = 'CATEGORY' AND c.id = CAST(i.target AS INTEGER)
       LEFT JOIN category_texts ct ON ct.category_id = c.id AND ct.language_id = ?1
       LEFT JOIN category_texts cf ON cf.category_id = c.id AND cf.language_id = ?2
       LEFT JOIN brands b ON i.type = 'BRAND' AND b.alias = i.target
       LEFT JOIN content_page_texts pt ON i.type = 'PAGE' AND pt.page_id = CAST(i.target AS INTEGER) AND pt.language_id = ?1
       LEFT JOIN content_page_texts pf ON i.type = 'PAGE' AND pf.page_id = CAST(i.target AS INTEGER) AND pf.language_id = ?2
       WHERE m.id = COALESCE((SELECT id FROM menus WHERE location = ?3),
                             (SELECT menu_id FROM menu_locations WHERE location = ?3))
       ORDER BY i.sort_order, i.id`,
    )
    .bind(languages.languageId, languages.fallbackLanguageId, location)
    .all<MenuRow>();
  const first = results[0];
  if (!first) return null;
  return { id: first.menuId, location, items: menuTree(results) };
}

/** Nests rows (already in sort order) under their parents; a child of a left-out item is left out too. */
function menuTree(rows: readonly MenuRow[]): MenuItem[] {
  const kept = new Map<number, MenuItem>();
  const parentOf = new Map<number, number | null>();
  for (const row of rows) {
    const url = row.id === null ? null : menuItemUrl(row);
    if (row.id === null || url === null) continue;
    kept.set(row.id, {
      id: row.id,
      type: row.type,
      target: row.target,
      sortOrder: row.sortOrder,
      label: row.label ?? '',
      url,
      children: [],
    });
    parentOf.set(row.id, row.parentId);
  }
  const roots: MenuItem[] = [];
  for (const [id, item] of kept) {
    const parentId = parentOf.get(id) ?? null;
    if (parentId === null) roots.push(item);
    else kept.get(parentId)?.children.push(item);
  }
  return roots;
}
