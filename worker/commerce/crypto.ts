/** Hashing and random tokens with WebCrypto, shared by persisted queries, the cache, sessions and resets. */

const toHex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** The lowercase hex SHA-256 of `text` (APQ hashes, cache keys, stored token hashes). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** `bytes` random bytes as lowercase hex: unguessable keys and tokens. */
export function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * A key for one purpose derived from a deployment secret: HMAC-SHA256(secret, label). Each signed
 * token kind (payment notifications, cart share links, ...) gets its own, so a token made for one
 * purpose never verifies as another, and the secret itself signs nothing but login tokens.
 */
export async function purposeKey(secret: string, label: string): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const hmac = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', hmac, encoder.encode(label)));
}

/**
 * Whether `given` is the merchant's API key (MERCHANT_API_KEY), compared in constant time (both sides
 * hashed first, so neither length nor content leaks through timing). No key configured: nobody is.
 */
export async function isMerchantKey(given: string | undefined, key: string | undefined): Promise<boolean> {
  if (!key || !given) return false;
  const [a, b] = await Promise.all([sha256Hex(given), sha256Hex(key)]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
