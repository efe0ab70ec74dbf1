/**
 * A logged-in customer's favorites in D1 (spec §1 'mark favorites', §4 'Favorites toggle add/remove'):
 * the `favorites` table, one row per customer and product. Guests keep theirs in the
 * `ralph-persisted-states` cookie instead (worker/favorites-state.ts).
 */

/** The most favorites a shopper keeps; adding beyond it drops the oldest (guests' cookie has the same cap). */
export const MAX_FAVORITES = 200;

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
    db.prepare('INSERT OR IGNORE INTO favorites (customer_id, product_id, created_at) VALUES (?, ?, ?)').bind(
      customerId,
      productId,
      now.toISOString(),
    ),
    // Keep the newest MAX_FAVORITES: the oldest beyond it go.
    db
      .prepare(
        `DELETE FROM favorites WHERE customer_id = ?1 AND product_id NOT IN (
           SELECT product_id FROM favorites WHERE customer_id = ?1 ORDER BY created_at DESC, product_id DESC LIMIT ?2
         )`,
      )
      .bind(customerId, MAX_FAVORITES),
  ]);
  return true;
}
