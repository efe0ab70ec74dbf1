/**
 * What each kind of live room's pages subscribe to (issue 28), and the state a page compares an answer with
 * (spec §7 subscriptions). Shared: the server renders a page's state from the data it rendered the page with,
 * the browser computes it from each answer, and a difference means the page's live parts are out of date.
 *
 * The documents are plain strings, not tagged GraphQL: the storefront's typed documents are checked against
 * the Geins schema, which has no Subscription type (the live API's is worker/live/schema.ts).
 */

/**
 * The header an open page's live parts send when they ask for the page anew after a change: it is rendered
 * now, past any kept copy, with stock and prices read from the database (worker/render/kept-fill.ts).
 */
export const LIVE_REFRESH_HEADER = 'X-Live-Refresh';

export type LiveRoomKind = 'product' | 'cart' | 'order' | 'customer';

const STOCK = 'inStock oversellable static totalStock';

export const LIVE_SUBSCRIPTIONS: Record<LiveRoomKind, string> = {
  product: `subscription productChanged($productId: Int!, $channelId: String, $languageId: String, $marketId: String) {
  productChanged(productId: $productId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
    productId totalStock { ${STOCK} } skus { skuId incoming stock { ${STOCK} } }
    unitPrice { sellingPriceIncVat isDiscounted discountPercentage }
  }
}`,
  cart: `subscription cartChanged($id: String!, $channelId: String, $languageId: String, $marketId: String) {
  cartChanged(id: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
    id isCompleted promoCode items { id skuId quantity } summary { total { sellingPriceIncVat } }
  }
}`,
  order: `subscription orderChanged($publicOrderId: Guid!, $channelId: String, $languageId: String, $marketId: String) {
  orderChanged(publicOrderId: $publicOrderId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
    id status
  }
}`,
  customer: `subscription ordersChanged($channelId: String, $languageId: String, $marketId: String) {
  ordersChanged(channelId: $channelId, languageId: $languageId, marketId: $marketId) { id status }
}`,
};

interface StockLike {
  inStock?: number | null;
  oversellable?: number | null;
  static?: number | null;
}
const stock = (value: StockLike | null | undefined) => [
  value?.inStock ?? 0,
  value?.oversellable ?? 0,
  value?.static ?? 0,
];
const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A product's live state: its stock (overall and per sku) and its prices. */
export function productLiveState(product: {
  totalStock?: StockLike | null;
  skus?: readonly ({ skuId: number; incoming?: string | null; stock?: StockLike | null } | null)[] | null;
  unitPrice?: {
    sellingPriceIncVat?: unknown;
    isDiscounted?: boolean | null;
    discountPercentage?: number | null;
  } | null;
}): string {
  return JSON.stringify([
    stock(product.totalStock),
    (product.skus ?? []).map((sku) => [sku?.skuId ?? 0, sku?.incoming ?? null, stock(sku?.stock)]),
    amount(product.unitPrice?.sellingPriceIncVat),
    product.unitPrice?.isDiscounted ?? false,
    product.unitPrice?.discountPercentage ?? 0,
  ]);
}

/** A cart's live state: its lines, codes and total (a completed cart is over). */
export function cartLiveState(cart: {
  isCompleted?: boolean | null;
  promoCode?: string | null;
  items?: readonly ({ skuId: number; quantity: number } | null)[] | null;
  summary?: { total?: { sellingPriceIncVat?: unknown } | null } | null;
}): string {
  return JSON.stringify([
    cart.isCompleted ?? false,
    cart.promoCode ?? null,
    (cart.items ?? []).map((item) => [item?.skuId ?? 0, item?.quantity ?? 0]),
    amount(cart.summary?.total?.sellingPriceIncVat),
  ]);
}

/** The live state of one order or a customer's orders: each one's status. */
export function ordersLiveState(orders: readonly ({ id?: unknown; status?: string | null } | null)[]): string {
  return JSON.stringify(orders.map((order) => [String(order?.id ?? ''), order?.status ?? null]));
}

/** The live state of a subscription's answer (its one field's data), per room kind. */
export function liveStateOf(kind: LiveRoomKind, data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const value = Object.values(data)[0];
  if (value === null || value === undefined) return null;
  if (kind === 'product') return productLiveState(value as Parameters<typeof productLiveState>[0]);
  if (kind === 'cart') return cartLiveState(value as Parameters<typeof cartLiveState>[0]);
  if (kind === 'order') return ordersLiveState([value as { id?: unknown; status?: string | null }]);
  return ordersLiveState(value as { id?: unknown; status?: string | null }[]);
}
