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
