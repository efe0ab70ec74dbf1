/**
 * Back-in-stock subscriptions (spec §3 "Notification subscription"): a shopper asks to be told by
 * email when a sku is available again. One subscription per email and sku.
 */

export interface StockSubscription {
  email: string;
  skuId: number;
  languageId: string;
  marketId: string;
  now: Date;
}

/** Whether the sku exists. */
export async function skuExists(db: D1Database, skuId: number): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS found FROM skus WHERE id = ?').bind(skuId).first<{ found: number }>();
  return row !== null;
}

/**
 * Subscribes `email` to `skuId`. Subscribing again changes nothing but the language and market the
 * notice is written in, and re-arms a subscription that was already notified.
 */
export async function subscribeToStock(db: D1Database, subscription: StockSubscription): Promise<void> {
  await db
    .prepare(
      `INSERT INTO stock_subscriptions (email, sku_id, language_id, market_id, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (email, sku_id) DO UPDATE SET language_id = excluded.language_id, market_id = excluded.market_id,
         notified_at = NULL`,
    )
    .bind(
      subscription.email,
      subscription.skuId,
      subscription.languageId,
      subscription.marketId,
      subscription.now.toISOString(),
    )
    .run();
}
