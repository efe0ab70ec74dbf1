/**
 * Carts in D1 (spec §3 Cart, §4 Cart states). A cart id is a random, unguessable token: whoever holds it
 * (the `ralph-cart` cookie, a shared cart link) holds the cart. The commerce-API issue adds items,
 * prices and the summary; this module owns the cart's life.
 */

export const CART_ID_PATTERN = /^[0-9a-f]{32}$/;

export interface CartRecord {
  id: string;
  marketId: string;
  promoCode: string | null;
  completedAt: string | null;
  items: { skuId: number; quantity: number }[];
}

function newCartId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The cart `id` if it exists (and is open, unless `includeCompleted`), else null. */
export async function findCart(db: D1Database, id: string, includeCompleted = false): Promise<CartRecord | null> {
  if (!CART_ID_PATTERN.test(id)) return null;
  const [cartRows, itemRows] = await db.batch([
    db.prepare('SELECT id, market_id, promo_code, completed_at FROM carts WHERE id = ?').bind(id),
    db.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ? ORDER BY added_at, sku_id').bind(id),
  ]);
  const row = cartRows?.results[0] as
    | { id: string; market_id: string; promo_code: string | null; completed_at: string | null }
    | undefined;
  if (!row || (row.completed_at && !includeCompleted)) return null;
  return {
    id: row.id,
    marketId: row.market_id,
    promoCode: row.promo_code,
    completedAt: row.completed_at,
    items: ((itemRows?.results ?? []) as { sku_id: number; quantity: number }[]).map((item) => ({
      skuId: item.sku_id,
      quantity: item.quantity,
    })),
  };
}

/** A new, empty cart in `marketId`. */
export async function createCart(
  db: D1Database,
  { channelId, marketId, now }: { channelId: string; marketId: string; now: Date },
): Promise<CartRecord> {
  const id = newCartId();
  const at = now.toISOString();
  await db
    .prepare('INSERT INTO carts (id, channel_id, market_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .bind(id, channelId, marketId, at, at)
    .run();
  return { id, marketId, promoCode: null, completedAt: null, items: [] };
}

/** Removes every item and the promo code of an open cart; returns the emptied cart, or null. */
export async function clearCart(db: D1Database, id: string, now: Date): Promise<CartRecord | null> {
  const cart = await findCart(db, id);
  if (!cart) return null;
  await db.batch([
    db.prepare('DELETE FROM cart_items WHERE cart_id = ?').bind(id),
    db.prepare('UPDATE carts SET promo_code = NULL, updated_at = ? WHERE id = ?').bind(now.toISOString(), id),
  ]);
  return { ...cart, promoCode: null, items: [] };
}

/** Number of units in a cart, as the header counter shows it. */
export function itemCount(cart: Pick<CartRecord, 'items'> | null): number {
  return cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}
