/**
 * The shopper's open cart for adding many lines at once (a shared cart link, "buy again" on my pages):
 * the cart cookie's, or a new one with its cookie when they have none or it was ordered; and the names
 * of the lines that could not be added, for the notice.
 */
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { createCart, findCart, type CartRecord } from '../commerce/cart/cart';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from './cookies';

/** A flash parameter holds at most 300 characters (./flash.ts). */
const NAMES_MAX_LENGTH = 300;

/** The visitor's open cart: the cookie's, or a new one (and its cookie) when they have none or it is ordered. */
export async function visitorCart(
  c: Context<AppEnv>,
  cookieId: string | undefined,
  marketId: string,
  now: Date,
): Promise<CartRecord> {
  const own = cookieId ? await findCart(c.env.DB, cookieId) : null;
  if (own && !own.completedAt) return own;
  const created = await createCart(c.env.DB, { channelId: c.get('channel').id, marketId, now });
  setCookie(c, CART_COOKIE, created.id, preferenceCookie(CART_COOKIE_MAX_AGE_S));
  return created;
}

/** The lines a copy left out, by name, each once, cut to what a notice holds. */
export function notAddedNames(copy: { notAdded: readonly { name: string }[] }): string {
  const joined = [...new Set(copy.notAdded.map((line) => line.name))].join(', ');
  return joined.length > NAMES_MAX_LENGTH ? `${joined.slice(0, NAMES_MAX_LENGTH - 1)}…` : joined;
}
