/**
 * The stock states a shopper sees (spec §4): in stock, few left (with the number), out of stock, made to
 * order (oversellable), and static: stock a merchant states rather than counts (StockType.static, units
 * that sales never lower), always there to buy. The order follows the reference client's
 * (ralph-ui MixStockHandler.getStockStatus, for one unit): nothing at all is out of stock; nothing on the
 * shelf, then oversellable is made to order before static is static; units on the shelf are in stock or
 * few left. Units on the shelf of a sku that may also be oversold or has static stock are in stock: the
 * shopper can buy more than they, so 'only N left' would not be true.
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
  | { kind: 'static' }
  | { kind: 'out-of-stock'; incoming: string | null };

/** The state of a sku's (or a whole product's) stock figures. */
export function stockState(stock: StockData | null, incoming: string | null = null): StockState {
  const onShelf = stock?.inStock ?? 0;
  const oversellable = (stock?.oversellable ?? 0) > 0;
  const statedStock = (stock?.static ?? 0) > 0;
  if (onShelf > FEW_LEFT_THRESHOLD || (onShelf > 0 && (oversellable || statedStock))) return { kind: 'in-stock' };
  if (onShelf > 0) return { kind: 'few-left', count: onShelf };
  if (oversellable) return { kind: 'made-to-order' };
  if (statedStock) return { kind: 'static' };
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
    case 'static':
      return 'https://schema.org/InStock';
    case 'made-to-order':
      return 'https://schema.org/MadeToOrder';
    case 'out-of-stock':
      return 'https://schema.org/OutOfStock';
  }
}
