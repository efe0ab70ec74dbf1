/**
 * The cart's limits, the same for the worker (worker/commerce/cart/cart.ts, the cart API, the no-JS forms and
 * pages) and the browser (the cart cookie, the add-to-cart forms). Constants only, so an island that
 * imports them carries nothing else of the worker.
 */

/** A cart id: a random, unguessable token, 32 hex digits (worker/commerce/cart/cart.ts makes them). */
export const CART_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Units of one sku a cart line may hold (spec §5: 'Du kan inte addera flera då du redan har {quantity} ...'). */
export const MAX_QUANTITY_PER_LINE = 999;
