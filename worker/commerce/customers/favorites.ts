/**
 * A logged-in customer's favorites in D1 (spec §1 'mark favorites', §4 'Favorites toggle add/remove'):
 * the `favorites` table, one row per customer and product. Guests keep theirs in the
 * `ralph-persisted-states` cookie instead (worker/session/favorites.ts).
 */

/** The most favorites a shopper keeps; adding beyond it drops the oldest (guests' cookie has the same cap). */
export const MAX_FAVORITES = 200;

/** Keeps the customer's newest MAX_FAVORITES: the oldest beyond it go. */
function keepNewest(db: D1Database, customerId: number): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM favorites WHERE customer_id = ?1 AND product_id NOT IN (
         SELECT product_id FROM favorites WHERE customer_id = ?1 ORDER BY created_at DESC, product_id DESC LIMIT ?2
       )`,
    )
    .bind(customerId, MAX_FAVORITES);
}

/** The customer's favorite product ids, oldest first. */
export async function listFavoriteProductIds(db: D1Database, customerId: number): Promise<number[]> {
  const rows = await db
    .prepare('SELECT product_id FROM favorites WHERE customer_id = ? ORDER BY created_at, product_id')
    .bind(customerId)
    .all<{ product_id: number }>();
  return rows.results.map((row) => row.product_id);
}

/**
 * Adds the product to the customer's favorites, or removes it when it is there already.
 * Returns true when it was added. Removing is one statement, so two quick toggles cannot both add.
 */
export async function toggleFavorite(
  db: D1Database,
  { customerId, productId, now }: { customerId: number; productId: number; now: Date },
): Promise<boolean> {
  const removed = await db
    .prepare('DELETE FROM favorites WHERE customer_id = ? AND product_id = ? RETURNING product_id')
    .bind(customerId, productId)
    .all();
  if (removed.results.length > 0) return false;
  await db.batch([
    db
      .prepare('INSERT OR IGNORE INTO favorites (customer_id, product_id, created_at) VALUES (?, ?, ?)')
      .bind(customerId, productId, now.toISOString()),
    keepNewest(db, customerId),
  ]);
  return true;
}

/**
 * Adds the products to the customer's favorites (a guest's favorites at login, issue 6), keeping their
 * order: `productIds` oldest first, each after the customer's own. Ids already there, and ids of products
 * that no longer exist, are skipped; the oldest beyond MAX_FAVORITES go. One batch: all or nothing.
 */
export async function addFavorites(
  db: D1Database,
  { customerId, productIds, now }: { customerId: number; productIds: readonly number[]; now: Date },
): Promise<void> {
  if (productIds.length === 0) return;
  const inserts = productIds.map((productId, index) =>
    db
      .prepare(
        `INSERT OR IGNORE INTO favorites (customer_id, product_id, created_at)
         SELECT ?1, id, ?3 FROM products WHERE id = ?2`,
      )
      // A millisecond apart, so 'oldest first' keeps the guest's order.
      .bind(customerId, productId, new Date(now.getTime() + index).toISOString()),
  );
  await db.batch([...inserts, keepNewest(db, customerId)]);
}
