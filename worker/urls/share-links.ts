/**
 * The shared cart link of a cart (issue 12): `/api/cart/share/{token}`, where the token is a signed
 * snapshot of the items and promo code (worker/commerce/cart/share.ts), never the cart id. The checkout
 * page renders it; the cart panel asks `GET /api/cart/share` for it (worker/routes/api/cart-share.ts).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { cartShareKey, signCartShare } from '../commerce/cart/share';
import { SHARE_CART_PATH } from '../../core/form-actions';
import { publicOrigin } from './request';

/** The absolute share link of `cart` as it is now, or null with nothing to share or no AUTH_SECRET to sign. */
export async function shareLinkOf(
  c: Context<AppEnv>,
  cart: {
    id: string;
    items: readonly { skuId: number; quantity: number; productId?: number | null }[];
    promoCode: string | null;
  },
): Promise<string | null> {
  const secret = c.get('config').authSecret;
  if (!secret || cart.items.length === 0) return null;
  const token = await signCartShare(await cartShareKey(secret), cart, new Date());
  return `${publicOrigin(c)}${SHARE_CART_PATH}/${token}`;
}
