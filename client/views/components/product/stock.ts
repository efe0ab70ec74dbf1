/**
 * The stock states a shopper sees (spec §4): in stock, few left (with the number), out of stock, made to
 * order (oversellable). Static stock (units that sales never lower) counts as in stock.
 */
import type { StockData } from './types';

/**
 * At or below this many units the page says 'only N left'. The seed's 'few left' skus hold 1 to 5
 * units (worker/db/seed/inventory.ts) and ordinary stock starts at 20, so 5 separates them.
 */
export const FEW_LEFT_THRESHOLD = 5;

export type StockState =
  | { kind: 'in-stock' }
  | { kind: 'few-left'; count: number }
  | { kind: 'made-to-order' }
  | { kind: 'out-of-stock'; incoming: string | null };

/** The state of a sku's (or a whole product's) stock figures. */
export function stockState(stock: StockData | null, incoming: string | null = null): StockState {
  const available = (stock?.inStock ?? 0) + (stock?.static ?? 0);
  const oversellable = (stock?.oversellable ?? 0) > 0;
  if (available > FEW_LEFT_THRESHOLD || (available > 0 && oversellable)) return { kind: 'in-stock' };
  if (available > 0) return { kind: 'few-left', count: available };
  if (oversellable) return { kind: 'made-to-order' };
  return { kind: 'out-of-stock', incoming: incoming ?? stock?.incoming ?? null };
}

/** True when the state can be bought now (made to order included). */
export function isPurchasable(state: StockState): boolean {
  return state.kind !== 'out-of-stock';
}

/** schema.org ItemAvailability of a state, for the Product offer's JSON-LD. */
export function schemaAvailability(state: StockState): string {
  switch (state.kind) {
    case 'in-stock':
    case 'few-left':
      return 'https://schema.org/InStock';
    case 'made-to-order':
      return 'https://schema.org/MadeToOrder';
    case 'out-of-stock':
      return 'https://schema.org/OutOfStock';
  }
}
