/**
 * Cart ids that cost nothing until used (issue 12: every anonymous `getCart` used to write a cart row).
 * `getCart` without an open cart answers an empty cart under a minted id and writes nothing; the row is
 * created when a mutation first names that id. A minted id is 16 random hex digits and 16 of their
 * HMAC under a key derived for this purpose, so a client cannot make up ids for the shop to create
 * (32 hex digits in all: the same shape as every cart id, CART_ID_PATTERN).
 */
import { purposeHmacHex, randomHex, sameToken } from '../crypto';

const macOf = async (secret: string, random: string) => (await purposeHmacHex(secret, 'cart ids', random)).slice(0, 16);

/** A new cart id the shop will recognise as its own when a mutation first uses it. */
export async function mintCartId(secret: string): Promise<string> {
  const random = randomHex(8);
  return random + (await macOf(secret, random));
}

/** Whether `id` is one the shop minted (and so may be created on first use). */
export async function isMintedCartId(secret: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{32}$/.test(id)) return false;
  return sameToken(await macOf(secret, id.slice(0, 16)), id.slice(16));
}
