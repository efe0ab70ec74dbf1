/**
 * The server's read of the visitor's cart for the cart view (client/components/CartView.tsx), e.g. on
 * the checkout page: the cart of the `ralph-cart` cookie in this route's cart scope (spec §2: checkout
 * routes use the checkout market with allowExternalShippingFee), with the link that shares it. A cart
 * that is gone or ordered comes back as a new one, whose id the visitor keeps from now on.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SHOP_CART_FIELDS, type ShopCart } from '../client/shop/cart-fields';
import { shareCartPath } from '../client/shop/cart-share';
import type { CartViewProps } from '../client/components/CartView';
import type { AppEnv } from './app-env';
import { CART_ID_PATTERN } from './commerce/cart';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from './cookies';
import { cartScope } from './middleware/market';

/** The visitor's cart (null without one) and its share link; never throws for a missing cart. */
export async function loadCartView(c: Context<AppEnv>): Promise<CartViewProps> {
  const id = getCookie(c, CART_COOKIE);
  if (!id || !CART_ID_PATTERN.test(id)) return { cart: null, shareUrl: null };
  const data = await c.var.graphql.query<{ getCart: ShopCart | null }>(CART_VIEW, { id, ...cartScope(c) });
  const cart = data.getCart;
  if (!cart) return { cart: null, shareUrl: null };
  if (cart.id !== id) setCookie(c, CART_COOKIE, cart.id, preferenceCookie(CART_COOKIE_MAX_AGE_S));
  // A page showing the visitor's own cart must never be stored by a shared cache.
  c.header('Cache-Control', 'private, no-store');
  return { cart, shareUrl: new URL(shareCartPath(cart.id), c.req.url).toString() };
}

const CART_VIEW = /* GraphQL */ `
  query cartView($id: String, $channelId: String, $languageId: String, $marketId: String, $allowExternalShippingFee: Boolean) {
    getCart(id: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId, allowExternalShippingFee: $allowExternalShippingFee) {
      ${SHOP_CART_FIELDS}
    }
  }
`;
