/**
 * Cart ids that cost nothing until used (issue 12: every anonymous `getCart` used to write a cart row).
 * `getCart` without an open cart answers an empty cart under a minted id and writes nothing; the row is
 * created when a mutation first names that id. A minted id is 16 random hex digits and 16 of their
 * HMAC under a key derived for this purpose, so a client cannot make up ids for the shop to create
 * (32 hex digits in all: the same shape as every cart id, CART_ID_PATTERN).
 */
import { purposeKey } from '../crypto';

const toHex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

async function macOf(secret: string, random: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    await purposeKey(secret, 'cart ids'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(random)));
  return toHex(mac).slice(0, 16);
}

/** A new cart id the shop will recognise as its own when a mutation first uses it. */
export async function mintCartId(secret: string): Promise<string> {
  const random = toHex(crypto.getRandomValues(new Uint8Array(8)));
  return random + (await macOf(secret, random));
}

/** Whether `id` is one the shop minted (and so may be created on first use). */
export async function isMintedCartId(secret: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{32}$/.test(id)) return false;
  const mac = await macOf(secret, id.slice(0, 16));
  let difference = 0;
  for (let index = 0; index < 16; index++) difference |= mac.charCodeAt(index) ^ id.charCodeAt(16 + index);
  return difference === 0;
}
