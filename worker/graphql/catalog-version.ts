/**
 * The catalog version: a number in D1 (table cache_versions, migration 0005) that is part of every key of
 * the GraphQL response cache. A catalog change bumps it, which makes every older cached response
 * unreachable at once (versioned keys), instead of waiting for it to expire.
 *
 * Reading it is one tiny D1 query, remembered per isolate for VERSION_RECHECK_MS: a bump made by this
 * isolate is seen at once, one made elsewhere (an admin tool, the seed, another isolate) within that time.
 */
import { RequestDatabase } from '../db/request-database';

/** How long an isolate trusts the version it read last. */
export const VERSION_RECHECK_MS = 5_000;

/** The seed's last statement (worker/db/seed/generate.ts): loading a catalog retires the cached one. */
export const BUMP_CATALOG_VERSION_SQL = "UPDATE cache_versions SET version = version + 1 WHERE name = 'catalog';";

/** The version, when it was read, and the D1 bookmark it was read at (null outside a request's session). */
let remembered: { version: number; readAtMs: number; bookmark: D1SessionBookmark | null } | undefined;

/** The current catalog version, read at most once per VERSION_RECHECK_MS of `nowMs` per isolate. */
export async function catalogVersion(db: D1Database, nowMs: number): Promise<number> {
  const age = remembered ? nowMs - remembered.readAtMs : Infinity;
  if (remembered && age >= 0 && age < VERSION_RECHECK_MS) {
    // With read replicas, this request's session may stand on an older copy than the one the version
    // came from: it moves on first, so it never renders older data under the newer version's keys.
    if (db instanceof RequestDatabase) db.atLeast(remembered.bookmark);
    return remembered.version;
  }
  const row = await db
    .prepare("SELECT version FROM cache_versions WHERE name = 'catalog'")
    .first<{ version: number }>();
  const version = row?.version ?? 0;
  remembered = { version, readAtMs: nowMs, bookmark: db instanceof RequestDatabase ? db.bookmark() : null };
  return version;
}

/**
 * Makes every cached catalog response unreachable: call it after changing products, prices, stock
 * levels shown in lists, categories, brands or content (admin tools, imports). Returns the new version.
 */
export async function bumpCatalogVersion(db: D1Database): Promise<number> {
  const row = await db
    .prepare("UPDATE cache_versions SET version = version + 1 WHERE name = 'catalog' RETURNING version")
    .first<{ version: number }>();
  if (!row) throw new Error("cache_versions has no 'catalog' row: apply migration 0005_cache_versions.sql");
  remembered = undefined;
  return row.version;
}
