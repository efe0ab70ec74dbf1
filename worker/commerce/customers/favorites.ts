/**
 * A logged-in customer's favorites (spec §1 'mark favorites', §4 'Favorites toggle add/remove'): one row per
 * customer and product in `storefront_favorites`. Guests keep theirs in the `ralph-persisted-states` cookie
 * instead (worker/session/favorites.ts).
 *
 * The storefront's own data with either API (issue 26, docs/decisions/021): a Geins API keeps no favorites,
 * so the rows are keyed by the API's customer id (its getUser id), with neither customers nor products in
 * this table's database by foreign key. A product id the API no longer knows is simply not shown.
 */

/** The most favorites a shopper keeps; adding beyond it drops the oldest (guests' cookie has the same cap). */
export const MAX_FAVORITES = 200;

/** Customers' favorites. */
export interface FavoriteStore {
  /** The customer's favorite product ids, oldest first. */
  list(db: D1Database, customerId: number): Promise<number[]>;
  /**
   * Adds the product to the customer's favorites, or removes it when it is there already. True when it was
   * added. Removing is one statement, so two quick toggles cannot both add.
   */
  toggle(db: D1Database, input: { customerId: number; productId: number; now: Date }): Promise<boolean>;
  /**
   * Adds the products (a guest's favorites at login, issue 6), keeping their order: `productIds` oldest
   * first, each after the customer's own; ids already there are skipped; the oldest beyond MAX_FAVORITES
   * go. One batch: all or nothing.
   */
  add(db: D1Database, input: { customerId: number; productIds: readonly number[]; now: Date }): Promise<void>;
  /** Forgets all of the customer's favorites (their account was deleted). */
  forget(db: D1Database, customerId: number): Promise<void>;
}

function storeIn(table: 'storefront_favorites'): FavoriteStore {
  /** Keeps the customer's newest MAX_FAVORITES: the oldest beyond it go. */
  const keepNewest = (db: D1Database, customerId: number) =>
    db
      .prepare(
        `DELETE FROM ${table} WHERE customer_id = ?1 AND product_id NOT IN (
           SELECT product_id FROM ${table} WHERE customer_id = ?1 ORDER BY created_at DESC, product_id DESC LIMIT ?2
         )`,
      )
      .bind(customerId, MAX_FAVORITES);
  return {
    async list(db, customerId) {
      const rows = await db
        .prepare(`SELECT product_id FROM ${table} WHERE customer_id = ? ORDER BY created_at, product_id`)
        .bind(customerId)
        .all<{ product_id: number }>();
      return rows.results.map((row) => row.product_id);
    },
    async toggle(db, { customerId, productId, now }) {
      const removed = await db
        .prepare(`DELETE FROM ${table} WHERE customer_id = ? AND product_id = ? RETURNING product_id`)
        .bind(customerId, productId)
        .all();
      if (removed.results.length > 0) return false;
      await db.batch([
        db
          .prepare(`INSERT OR IGNORE INTO ${table} (customer_id, product_id, created_at) VALUES (?, ?, ?)`)
          .bind(customerId, productId, now.toISOString()),
        keepNewest(db, customerId),
      ]);
      return true;
    },
    async add(db, { customerId, productIds, now }) {
      if (productIds.length === 0) return;
      const inserts = productIds.map((productId, index) =>
        db
          .prepare(`INSERT OR IGNORE INTO ${table} (customer_id, product_id, created_at) VALUES (?1, ?2, ?3)`)
          // A millisecond apart, so 'oldest first' keeps the guest's order.
          .bind(customerId, productId, new Date(now.getTime() + index).toISOString()),
      );
      await db.batch([...inserts, keepNewest(db, customerId)]);
    },
    async forget(db, customerId) {
      await db.prepare(`DELETE FROM ${table} WHERE customer_id = ?`).bind(customerId).run();
    },
  };
}

/** The storefront's favorites of the API's customers. */
export const customerFavorites = storeIn('storefront_favorites');
