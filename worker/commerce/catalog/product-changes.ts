/**
 * The one place that says "these products changed" in a way a shopper sees on a catalog page: their
 * stock (an order placed or cancelled, the merchant's count) or their price (docs/decisions/015). Each
 * change gives the products the next number of one shop-wide sequence (table product_versions), in the
 * same D1 batch as the change itself, so no reader ever sees the new stock under the old number. Kept
 * pages (worker/routes/page-cache.ts) remember the greatest number of the products they show and are
 * not served once it has moved.
 */

import { Lru } from '../../../core/lru';
import { announcing } from '../../db/announcements';

/**
 * How long an isolate trusts its own reading of a kept page's product versions. A view of a kept page
 * reads them (`recentProductsVersion`); at a few hundred views a second that read was half a kept view's
 * cost (the bench's "versions unchecked" rows), so one reading serves the views of the next second. A
 * change made in this isolate is seen at once (it moves `localChanges`); one made in another isolate
 * within this second at most (docs/decisions/015-kept-pages.md).
 */
export const VERSIONS_TRUSTED_MS = 1000;
const readings = new Lru<{ version: number; readAt: number; localChanges: number }>(4096);
let localChanges = 0;

/** The sequence's next number: one more than the greatest any product has. */
const NEXT_VERSION = '(SELECT COALESCE(MAX(version), 0) + 1 FROM product_versions)';

/**
 * The statement that announces a change of `productIds`: put it in the batch that makes the change. A
 * product named twice is announced once.
 */
export function announceProductChanges(db: D1Database, productIds: readonly number[]): D1PreparedStatement {
  localChanges++;
  // `WHERE true` keeps SQLite from reading ON CONFLICT as a join's ON (its documented upsert rule).
  // RETURNING names the products to the live rooms (db/announcements.ts) once the batch has committed.
  const statement = db
    .prepare(
      `INSERT INTO product_versions (product_id, version)
       SELECT DISTINCT value, ${NEXT_VERSION} FROM json_each(?) WHERE true
       ON CONFLICT (product_id) DO UPDATE SET version = excluded.version
       RETURNING product_id`,
    )
    .bind(JSON.stringify([...new Set(productIds)]));
  return announcing(statement, { kind: 'products' });
}

/** The statement that announces a change of every product of order `orderId` (its stock comes back). */
export function announceOrderProductChanges(db: D1Database, orderId: number): D1PreparedStatement {
  localChanges++;
  const statement = db
    .prepare(
      `INSERT INTO product_versions (product_id, version)
       SELECT DISTINCT product_id, ${NEXT_VERSION} FROM order_rows WHERE order_id = ?
       ON CONFLICT (product_id) DO UPDATE SET version = excluded.version
       RETURNING product_id`,
    )
    .bind(orderId);
  return announcing(statement, { kind: 'products' });
}

/** Where the sequence stands: the number the next change will pass. */
export async function productChangeSequence(db: D1Database): Promise<number> {
  const row = await db
    .prepare('SELECT COALESCE(MAX(version), 0) AS version FROM product_versions')
    .first<{ version: number }>();
  return row?.version ?? 0;
}

/**
 * The greatest number among `productIds`: it moves whenever any of them changes. One query over the
 * primary key, however many products (a list page shows a few dozen).
 */
export async function productsVersion(db: D1Database, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const row = await db
    .prepare(
      `SELECT COALESCE(MAX(version), 0) AS version FROM product_versions
       WHERE product_id IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(productIds))
    .first<{ version: number }>();
  return row?.version ?? 0;
}

/**
 * `productsVersion` as a kept page's view asks it: this isolate's reading of the same products when it is
 * under VERSIONS_TRUSTED_MS old and no change was announced here since, else a new reading.
 */
export async function recentProductsVersion(
  db: D1Database,
  productIds: readonly number[],
  now = Date.now(),
): Promise<number> {
  const key = productIds.join(',');
  const known = readings.get(key);
  if (known && known.localChanges === localChanges && now - known.readAt < VERSIONS_TRUSTED_MS) return known.version;
  const changesBefore = localChanges;
  const version = await productsVersion(db, productIds);
  readings.set(key, { version, readAt: now, localChanges: changesBefore });
  return version;
}
