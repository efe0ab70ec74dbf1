/** Hashing and random tokens with WebCrypto, shared by persisted queries, the cache, sessions and resets. */

/** The 256 two-digit hex strings, so that a digest is 32 lookups (cache keys are made on every read). */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const toHex = (bytes: Uint8Array) => {
  let hex = '';
  for (const byte of bytes) hex += HEX[byte];
  return hex;
};

/** The lowercase hex SHA-256 of `text` (APQ hashes, cache keys, stored token hashes). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** `bytes` random bytes as lowercase hex: unguessable keys and tokens. */
export function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Derived keys and their imported HMAC keys, per secret and purpose: derived once per isolate. */
const purposeKeys = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const purposeHmacKeys = new Map<string, Promise<CryptoKey>>();

/**
 * A key for one purpose derived from a deployment secret: HMAC-SHA256(secret, label). Each signed
 * token kind (payment notifications, cart share links, cart ids) gets its own, so a token made for one
 * purpose never verifies as another, and the secret itself signs nothing but login tokens.
 */
export function purposeKey(secret: string, label: string): Promise<Uint8Array<ArrayBuffer>> {
  const cacheKey = `${label}\u0000${secret}`;
  let key = purposeKeys.get(cacheKey);
  if (!key) {
    key = (async () => {
      const encoder = new TextEncoder();
      const hmac = await crypto.subtle.importKey(
        'raw',
        encoder.encode(secret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      return new Uint8Array(await crypto.subtle.sign('HMAC', hmac, encoder.encode(label)));
    })();
    purposeKeys.set(cacheKey, key);
  }
  return key;
}

/** The lowercase hex HMAC-SHA256 of `message` under the key for `label` (see `purposeKey`). */
export async function purposeHmacHex(secret: string, label: string, message: string): Promise<string> {
  const cacheKey = `${label}\u0000${secret}`;
  let key = purposeHmacKeys.get(cacheKey);
  if (!key) {
    key = purposeKey(secret, label).then((raw) =>
      crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
    );
    purposeHmacKeys.set(cacheKey, key);
  }
  return toHex(new Uint8Array(await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(message))));
}

/** Whether two tokens are equal, compared without an early exit on the first difference. */
export function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * Whether `given` is the merchant's API key (MERCHANT_API_KEY), compared in constant time (both sides
 * hashed first, so neither length nor content leaks through timing). No key configured: nobody is.
 */
export async function isMerchantKey(given: string | undefined, key: string | undefined): Promise<boolean> {
  if (!key || !given) return false;
  const [a, b] = await Promise.all([sha256Hex(given), sha256Hex(key)]);
  return sameToken(a, b);
}

/** Bytes as unpadded base64url (RFC 4648 §5), as WebAuthn and signed links carry them. */
export function base64UrlOf(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The bytes of base64url text (padded or not); throws on text that is not base64. */
export function bytesOfBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
}
