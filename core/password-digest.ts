/**
 * The password as the auth endpoint receives it (spec §9, the reference storefront's auth client):
 * base64 of SHA-384 over the password followed by a fixed salt. The browser computes it before a password
 * leaves the device; the no-JavaScript forms post the plain password over the same origin and the worker
 * computes the same digest first, so both paths store and check the same value. The server keeps only
 * its own slow, salted hash of this digest (worker/commerce/customers/passwords.ts).
 *
 * Web Crypto only, so the same function runs in the browser and in the worker.
 */

/** The fixed salt of spec §9 (public by design: it only makes the digest specific to this shop family). */
export const PASSWORD_DIGEST_SALT = 'Dd1dfLonNy6Am2fXQl2AcoI+IbhLhXvaibnDNn8uEa6vbJ05eyJajSuGFm9uQSmD';

/** A digest looks like this: 48 bytes in base64. */
export const PASSWORD_DIGEST_PATTERN = /^[A-Za-z0-9+/]{64}$/;

/** Spec §5: 'Ditt lösenord måste innehålla minst 7 tecken' (checked on the plain password, before hashing). */
export const PASSWORD_MIN_LENGTH = 7;
/** Longer input is refused rather than hashed (a megabyte "password" is an attack, not a password). */
export const PASSWORD_MAX_LENGTH = 256;

export async function passwordDigest(password: string): Promise<string> {
  const bytes = new Uint8Array(
    await crypto.subtle.digest('SHA-384', new TextEncoder().encode(password + PASSWORD_DIGEST_SALT)),
  );
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Spec §5's password rule on a plain password: the message key of what is wrong, or null. */
export function passwordProblem(password: string): 'passwordRequired' | 'passwordTooShort' | 'passwordTooLong' | null {
  if (password.length === 0) return 'passwordRequired';
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  return null;
}
