import { SHARE_CART_PATH } from '../../core/form-actions';
/**
 * The shareable cart link (issue 6 "A shareable cart link opens the same cart"): GET
 * `/api/cart/share/{cartId}` (worker/routes/forms/cart-add.ts) makes that cart the visitor's own (cookie
 * `ralph-cart`) when it is an open cart, and sends them to the checkout with a message either way.
 */

/** The path of the link that opens cart `cartId`. */
export function shareCartPath(cartId: string): string {
  return `${SHARE_CART_PATH}/${encodeURIComponent(cartId)}`;
}
