/**
 * The header's and footer's menus (issue 5 "Header and footer"): what the page chrome asks the API for,
 * and the items as links in the shopper's locale and market. The API's menu URLs are Swedish paths; the
 * route table finds their screen and the page's link builder gives that screen's path in the locale.
 */
import { withoutMarketPath } from '../../core/market-path';
import { matchRoute, type Screen } from '../../locales/routes';
import type { LinkBuilder } from '../../client/views/components/ShopContext';
import type { NavLink } from '../../client/views/components/chrome-data';
import { graphql } from '../../core/graphql/tada';
import { deepFreeze } from '../../core/deep-freeze';

export const CHROME_MENUS = graphql(/* GraphQL */ `
  query chromeMenus($channelId: String, $languageId: String, $marketId: String) {
    main: getMenuAtLocation(
      menuLocationId: "main"
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      menuItems {
        ...ChromeMenuItem
        children {
          ...ChromeMenuItem
        }
      }
    }
    footer: getMenuAtLocation(
      menuLocationId: "footer"
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      menuItems {
        ...ChromeMenuItem
      }
    }
  }
  fragment ChromeMenuItem on MenuItemType {
    label
    hidden
    canonicalUrl
  }
`);

/** A menu item as CHROME_MENUS selects it. */
export interface ApiMenuItem {
  label: string | null;
  hidden: boolean;
  canonicalUrl: string | null;
  children?: (ApiMenuItem | null)[] | null;
}

export interface ChromeMenusData {
  main: { menuItems: (ApiMenuItem | null)[] | null } | null;
  footer: { menuItems: (ApiMenuItem | null)[] | null } | null;
}

const EXTERNAL_URL = /^https?:\/\//i;

/**
 * The link of a menu URL in the current locale. The API's URLs are Swedish paths without a locale
 * prefix (`/c/skriva-rita`, custom `/varumarken`); the route table finds their screen and `link` builds
 * that screen's path in the shopper's locale (and market), so `/varumarken` becomes `/en/brands`.
 * Query and hash are kept; an absolute URL to another site stays as it is; a path no route knows is
 * kept too (null only when there is no URL).
 */
export function localizeMenuUrl(url: string | null, link: LinkBuilder): { href: string; external: boolean } | null {
  if (!url) return null;
  if (EXTERNAL_URL.test(url)) return { href: url, external: true };
  const [, path = url, rest = ''] = /^([^?#]*)(.*)$/.exec(url) ?? [];
  // With the market in the path the API's URLs start with it (/se/sv/c/…): the route is what follows.
  const match = matchRoute(withoutMarketPath(path));
  if (!match) return { href: url, external: false };
  const build = link as (screen: Screen, params?: Record<string, string>) => string;
  return { href: build(match.screen, match.params) + rest, external: false };
}

/** Localized menu links by link base and URL; a menu is the same on every page, so it is mapped once. */
const localizedLinks = new Map<string, { href: string; external: boolean } | null>();
const MAX_CACHED_LINKS = 5000;

/**
 * `localizeMenuUrl` remembered per `base` (the locale and market the links are built for, e.g. '/en'):
 * matching ~70 menu URLs against the route table on every page cost about 0.5 ms of CPU.
 */
export function cachedMenuUrl(
  url: string | null,
  link: LinkBuilder,
  base: string,
): { href: string; external: boolean } | null {
  const key = `${base}\u0000${url ?? ''}`;
  let target = localizedLinks.get(key);
  if (target === undefined) {
    if (localizedLinks.size >= MAX_CACHED_LINKS) localizedLinks.clear();
    target = localizeMenuUrl(url, link);
    localizedLinks.set(key, target);
  }
  return target;
}

/** The pathname of a path with query ('/en/brands?x=1' → '/en/brands'). */
function pathnameOf(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}

/**
 * Menu items as localized links, hidden and target-less ones left out; `current` marks this page.
 * `base` names the locale and market `link` builds for (the links are remembered by it).
 */
export function toNavLinks(
  items: readonly (ApiMenuItem | null)[] | null | undefined,
  link: LinkBuilder,
  currentPath: string,
  base: string,
): NavLink[] {
  const current = pathnameOf(currentPath);
  return (items ?? []).flatMap((item) => {
    if (!item || item.hidden || !item.label) return [];
    const target = cachedMenuUrl(item.canonicalUrl, link, base);
    if (!target) return [];
    return [
      {
        label: item.label,
        href: target.href,
        external: target.external,
        current: !target.external && pathnameOf(target.href) === current,
        children: toNavLinks(item.children, link, currentPath, base),
      },
    ];
  });
}

/** A menu answer's links for one link base: one set per page the menu links to, one for every other page. */
interface MenuLinks {
  /** The pathnames the menu links to, at any depth (the only pages whose links differ: `current`). */
  targets: Set<string>;
  /** Frozen links by the page's pathname when it is a target, by '' for every other page. */
  byCurrent: Map<string, NavLink[]>;
}

const menuLinksOf = new WeakMap<readonly (ApiMenuItem | null)[], Map<string, MenuLinks>>();
const NO_LINKS: NavLink[] = deepFreeze([]);

function targetsOf(links: readonly NavLink[], into = new Set<string>()): Set<string> {
  for (const link of links) {
    if (!link.external) into.add(pathnameOf(link.href));
    targetsOf(link.children, into);
  }
  return into;
}

/**
 * `toNavLinks` of a menu answer, frozen and remembered per link base and per menu target: the in-process
 * client hands every request of the isolate the same answer while it is kept (worker/graphql/cache.ts
 * parsedAnswer), so a page's menus are then the same links on every view. Every page the menu does not
 * link to (every product page) shares one set, so nothing is built per page, and the header and footer kept
 * for them are found without serializing the links again (Prerendered contentKey).
 */
export function menuNavLinks(
  items: readonly (ApiMenuItem | null)[] | null | undefined,
  link: LinkBuilder,
  currentPath: string,
  base: string,
): NavLink[] {
  if (!items) return NO_LINKS;
  let byBase = menuLinksOf.get(items);
  if (!byBase) menuLinksOf.set(items, (byBase = new Map()));
  let menu = byBase.get(base);
  if (!menu) {
    const elsewhere = deepFreeze(toNavLinks(items, link, '', base));
    menu = { targets: targetsOf(elsewhere), byCurrent: new Map([['', elsewhere]]) };
    byBase.set(base, menu);
  }
  const current = pathnameOf(currentPath);
  const key = menu.targets.has(current) ? current : '';
  let links = menu.byCurrent.get(key);
  if (!links) menu.byCurrent.set(key, (links = deepFreeze(toNavLinks(items, link, currentPath, base))));
  return links;
}
