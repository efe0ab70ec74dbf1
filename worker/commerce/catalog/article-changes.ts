/**
 * The merchant's own system (warehouse, ERP) sets an article's stock count and its product's regular
 * prices (POST /api/merchant/articles/{articleNumber}). The change and its announcement (kept pages that
 * show the product are not served again, product-changes.ts) are one D1 batch.
 */
import { announceProductChanges } from './product-changes';

export interface ArticleChange {
  /** Units in stock of the article (its sku). */
  stock?: number;
  /** Regular price including VAT per market id ('1|se'), minor units. */
  prices?: Readonly<Record<string, number>>;
}

export type ArticleChangeResult = 'CHANGED' | 'NOT_FOUND' | { unknownMarket: string };

/**
 * Sets what `change` names of the article `articleNumber`. A price is set only in a market the product is
 * already priced in (its VAT rate comes from there): any other market changes nothing at all.
 */
export async function changeArticle(
  db: D1Database,
  articleNumber: string,
  change: ArticleChange,
): Promise<ArticleChangeResult> {
  const sku = await db
    .prepare('SELECT id, product_id FROM skus WHERE article_number = ?')
    .bind(articleNumber)
    .first<{ id: number; product_id: number }>();
  if (!sku) return 'NOT_FOUND';
  const prices = Object.entries(change.prices ?? {});
  if (prices.length > 0) {
    const { results } = await db
      .prepare('SELECT market_id FROM prices WHERE product_id = ?')
      .bind(sku.product_id)
      .all<{ market_id: string }>();
    const priced = new Set(results.map((row) => row.market_id));
    const unknown = prices.find(([marketId]) => !priced.has(marketId));
    if (unknown) return { unknownMarket: unknown[0] };
  }
  const statements: D1PreparedStatement[] = [];
  if (change.stock !== undefined)
    statements.push(db.prepare('UPDATE skus SET stock = ? WHERE id = ?').bind(change.stock, sku.id));
  for (const [marketId, amount] of prices)
    statements.push(
      db
        .prepare('UPDATE prices SET regular_inc_vat = ? WHERE product_id = ? AND market_id = ?')
        .bind(amount, sku.product_id, marketId),
    );
  if (statements.length === 0) return 'CHANGED';
  await db.batch([...statements, announceProductChanges(db, [sku.product_id])]);
  return 'CHANGED';
}
