/**
 * The one place that says "these products changed" in a way a shopper sees on a catalog page: their
 * stock (an order placed or cancelled, the merchant's count) or their price (docs/decisions/015). Each
 * change gives the products the next number of one shop-wide sequence (table product_versions), in the
 * same D1 batch as the change itself, so no reader ever sees the new stock under the old number. Kept
 * pages (worker/routes/page-cache.ts) remember the greatest number of the products they show and are
 * not served once it has moved.
 */

/** The sequence's next number: one more than the greatest any product has. */
const NEXT_VERSION = '(SELECT COALESCE(MAX(version), 0) + 1 FROM product_versions)';

/**
 * The statement that announces a change of `productIds`: put it in the batch that makes the change. A
 * product named twice is announced once.
 */
export function announceProductChanges(db: D1Database, productIds: readonly number[]): D1PreparedStatement {
  // `WHERE true` keeps SQLite from reading ON CONFLICT as a join's ON (its documented upsert rule).
  return db
    .prepare(
      `INSERT INTO product_versions (product_id, version)
       SELECT DISTINCT value, ${NEXT_VERSION} FROM json_each(?) WHERE true
       ON CONFLICT (product_id) DO UPDATE SET version = excluded.version`,
    )
    .bind(JSON.stringify([...new Set(productIds)]));
}

/** The statement that announces a change of every product of order `orderId` (its stock comes back). */
export function announceOrderProductChanges(db: D1Database, orderId: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO product_versions (product_id, version)
       SELECT DISTINCT product_id, ${NEXT_VERSION} FROM order_rows WHERE order_id = ?
       ON CONFLICT (product_id) DO UPDATE SET version = excluded.version`,
    )
    .bind(orderId);
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
