/**
 * A kept page is retired the moment a product it shows changes (docs/decisions/015): its render notes
 * the products it shows (kept-fill.ts) and the greatest of their versions (worker/commerce/catalog/
 * product-changes.ts); every view reads that greatest version again, one D1 query over the products'
 * primary keys, and a page whose number has moved is rendered anew instead of served.
 */
import { productChangeSequence, productsVersion, recentProductsVersion } from '../commerce/catalog/product-changes';

/** The products a kept page shows and the greatest of their versions when it was rendered. */
export interface KeptVersions {
  productIds: number[];
  /** -1: a product changed while the page was rendered, so the page may show its older figures. */
  version: number;
}

/** How a render's versions travel to the page cache and are kept with the page in the Cache API. */
const PRODUCTS_HEADER = 'x-kept-products';
const VERSION_HEADER = 'x-kept-version';

/** Where the product sequence stands before a page is rendered (see `renderedVersions`). */
export const versionsBeforeRender = productChangeSequence;

/**
 * The versions of a page rendered after the sequence stood at `before`, showing `shown`. Read in the same
 * D1 session as the render, after it: if one of them is past `before`, that product changed during the
 * render and the page is kept under no version (the next view renders it again).
 */
export async function renderedVersions(
  db: D1Database,
  before: number,
  shown: ReadonlySet<number> | undefined,
): Promise<KeptVersions> {
  const productIds = [...(shown ?? [])].sort((a, b) => a - b);
  const version = await productsVersion(db, productIds);
  return { productIds, version: version > before ? -1 : version };
}

export function versionsHeaders(versions: KeptVersions): [string, string][] {
  return [
    [PRODUCTS_HEADER, versions.productIds.join(',')],
    [VERSION_HEADER, String(versions.version)],
  ];
}

/** The versions a response carries; a response without them is unsure (-1), so never served as kept. */
export function versionsOf(headers: Headers): KeptVersions {
  const productIds = (headers.get(PRODUCTS_HEADER) ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const version = Number(headers.get(VERSION_HEADER) ?? NaN);
  return { productIds, version: Number.isInteger(version) ? version : -1 };
}

/**
 * Whether the products of a kept page are as they were when it was rendered: no query for a page that
 * shows none (a content page). A failing read keeps the page in service: D1 being down must not take
 * the cached shop down with it.
 */
export async function stillCurrent(db: D1Database, versions: KeptVersions): Promise<boolean> {
  if (versions.version < 0) return false;
  if (versions.productIds.length === 0) return true;
  try {
    return (await recentProductsVersion(db, versions.productIds)) === versions.version;
  } catch (error) {
    console.error('kept page versions unread; the page is served as kept', error);
    return true;
  }
}
