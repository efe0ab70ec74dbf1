/**
 * Shared cart links (issue 12): a link names a signed snapshot of a cart's items and promo code, never
 * the cart. The cart id is the cart's only credential (whoever holds it can read the checkout details
 * saved on it, empty it, or read its order), so it never leaves the shopper's browser in a link. The
 * token is a compact JWS (HS256, jose) under a key made for this purpose only: it cannot be altered,
 * it grants nothing but a copy of the items, and it reveals no more than what it lists. It carries a
 * one-way fingerprint of the source cart, so the sharer opening their own link is recognised without
 * the link holding the id.
 */
import { jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { MAX_QUANTITY_PER_LINE } from '../../../core/cart/limits';
import { purposeKey, sha256Hex } from '../crypto';

/** How long a shared link opens: long enough to send and open, short enough not to pile up. */
const SHARE_TTL_S = 90 * 24 * 3600;
/** More lines than any cart holds; a token with more is not ours. */
const MAX_SHARED_LINES = 200;
const AUDIENCE = 'cart-share';

export interface CartShare {
  /** Each line's sku and quantity, and its product (for naming a line that cannot be copied). */
  items: { skuId: number; quantity: number; productId?: number }[];
  promoCode: string | null;
  /** A one-way fingerprint of the cart the link was made from (`cartFingerprint`). */
  source: string;
}

const Id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const Quantity = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_QUANTITY_PER_LINE));

const Claims = v.object({
  i: v.pipe(
    v.array(
      v.union([
        v.strictTuple([Id, Quantity]),
        // With the product id since issue 26 (a line the visitor cannot have is named by the API's product).
        v.strictTuple([Id, Quantity, Id]),
      ]),
    ),
    v.minLength(1),
    v.maxLength(MAX_SHARED_LINES),
  ),
  p: v.optional(v.pipe(v.string(), v.maxLength(100))),
  s: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/)),
});

/** The signing key of share links, derived from the deployment's AUTH_SECRET. */
export function cartShareKey(secret: string): Promise<Uint8Array> {
  return purposeKey(secret, 'cart share links');
}

/** A fingerprint of a cart id that tells the same cart again but cannot be turned back into the id. */
export async function cartFingerprint(cartId: string): Promise<string> {
  return (await sha256Hex(`cart-share:${cartId}`)).slice(0, 16);
}

/** The token of a link to a copy of `cart`'s items and promo code. */
export async function signCartShare(
  key: Uint8Array,
  cart: {
    id: string;
    items: readonly { skuId: number; quantity: number; productId?: number | null }[];
    promoCode: string | null;
  },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    i: cart.items.map((item) =>
      item.productId ? [item.skuId, item.quantity, item.productId] : [item.skuId, item.quantity],
    ),
    ...(cart.promoCode ? { p: cart.promoCode } : {}),
    s: await cartFingerprint(cart.id),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SHARE_TTL_S)
    .sign(key);
}

/** The snapshot a share token names, or null when it is not one of ours, altered or expired. */
export async function readCartShare(key: Uint8Array, token: string, now: Date): Promise<CartShare | null> {
  if (token.length > 8192 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: now,
    });
    const claims = v.safeParse(Claims, payload);
    if (!claims.success) return null;
    return {
      items: claims.output.i.map(([skuId, quantity, productId]) =>
        productId === undefined ? { skuId, quantity } : { skuId, quantity, productId },
      ),
      promoCode: claims.output.p ?? null,
      source: claims.output.s,
    };
  } catch {
    return null;
  }
}
