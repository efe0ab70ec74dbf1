/**
 * Links written by editors and paths from the API point at the current locale's pages. Seeded widget
 * links carry a locale prefix (`/en/dc/vinterrea`) or are Swedish paths (`/nyheter`), and API paths have no
 * prefix at all (`/c/gelpennor`): each is matched against the one route table and rebuilt with the
 * request's link builder, so an English visitor lands on `/en/...` (and `/{market}/{locale}/...` when
 * markets are in the path). Links to other sites, and paths no route knows, are left as written.
 */
import { withoutMarketPath } from '../../../../core/market-path';
import { matchRoute, type Screen } from '../../../../locales/routes';
import type { LinkBuilder } from '../ShopContext';
import type { ShelfSelection } from './types';

/** A scheme (`https:`, `mailto:`) or a protocol-relative `//host`: not a path of this shop. */
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

type AnyLinkBuilder = (screen: Screen, params?: Record<string, string>) => string;

/** `link` rebuilt for the current locale and market, query and hash kept. */
export function localizedHref(link: string, href: LinkBuilder): string {
  if (EXTERNAL.test(link) || !link.startsWith('/')) return link;
  const url = new URL(link, 'http://shop.invalid');
  // The API's URLs carry the market and language when they are in the path (/se/sv/c/…).
  const route = matchRoute(withoutMarketPath(url.pathname));
  if (!route) return link;
  return (href as AnyLinkBuilder)(route.screen, route.params) + url.search + url.hash;
}

/** A shelf of the newest products with no other filter: what the news screen lists. */
export function isNewItems(selection: ShelfSelection): boolean {
  return (
    selection.sort === 'LATEST' &&
    !selection.categoryAlias &&
    !selection.brandAlias &&
    !selection.discountCampaignAlias &&
    !selection.categoryIds?.length &&
    !selection.brandIds?.length &&
    !selection.discountCampaignIds?.length
  );
}

/** The list page that shows everything a shelf is a selection of, or null when no one page does. */
export function shelfLink(selection: ShelfSelection, href: LinkBuilder): string | null {
  if (selection.categoryAlias) return href('category', { category: selection.categoryAlias });
  if (selection.discountCampaignAlias)
    return href('discount-campaign', { discountCampaign: selection.discountCampaignAlias });
  if (selection.brandAlias) return href('brand', { brand: selection.brandAlias });
  if (isNewItems(selection)) return href('news');
  return null;
}
