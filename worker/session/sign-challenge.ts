/**
 * The sign challenge of spec §7, as the reference storefront's auth client speaks it: a POST to the auth
 * endpoint with only `{ username }` is answered `{ sign }`; the client asks its sign endpoint
 * (`GET /api/auth/sign/{sign}`, our own) for a signature and repeats the POST with
 * `{ username, signature, password, ... }`.
 *
 * - challenge = `{expires}.{nonce}.{mac}`: mac binds the username and the action (auth-challenge key), so
 *   a challenge for one account or action is useless for another, and it expires in two minutes;
 * - signature = `{challenge}.{mac}` (auth-signature key): the sign endpoint signs only challenges this
 *   deployment issued and that have not expired.
 * Keys are derived from AUTH_SECRET for these purposes only (worker/commerce/crypto.ts).
 */
import { purposeHmacHex, randomHex, sameToken } from '../commerce/crypto';

/** How long a challenge can be signed and used. */
export const CHALLENGE_TTL_S = 120;

const CHALLENGE_PATTERN = /^(\d{10})\.([0-9a-f]{32})\.([0-9a-f]{64})$/;
const SIGNATURE_PATTERN = /^(\d{10}\.[0-9a-f]{32}\.[0-9a-f]{64})\.([0-9a-f]{64})$/;

const challengeMac = (secret: string, username: string, action: string, expires: string, nonce: string) =>
  purposeHmacHex(secret, 'auth-challenge', `${action}\u0000${username}\u0000${expires}\u0000${nonce}`);

/** A new challenge for `username` doing `action` (login, register, password). */
export async function issueChallenge(secret: string, username: string, action: string, now: Date): Promise<string> {
  const expires = String(Math.floor(now.getTime() / 1000) + CHALLENGE_TTL_S);
  const nonce = randomHex(16);
  return `${expires}.${nonce}.${await challengeMac(secret, username, action, expires, nonce)}`;
}

const expired = (expires: string, now: Date) => Number(expires) * 1000 <= now.getTime();

/** The sign endpoint: a signature for a challenge this deployment issued, or null (malformed, expired). */
export async function signChallenge(secret: string, challenge: string, now: Date): Promise<string | null> {
  const parts = CHALLENGE_PATTERN.exec(challenge);
  if (!parts || expired(parts[1]!, now)) return null;
  return `${challenge}.${await purposeHmacHex(secret, 'auth-signature', challenge)}`;
}

/** Whether `signature` signs a live challenge issued for `username` doing `action`. */
export async function verifySignature(
  secret: string,
  signature: string,
  { username, action, now }: { username: string; action: string; now: Date },
): Promise<boolean> {
  const outer = SIGNATURE_PATTERN.exec(signature);
  if (!outer) return false;
  const challenge = outer[1]!;
  const [, expires, nonce, mac] = CHALLENGE_PATTERN.exec(challenge)!;
  if (expired(expires!, now)) return false;
  const [expectedChallenge, expectedSignature] = await Promise.all([
    challengeMac(secret, username, action, expires!, nonce!),
    purposeHmacHex(secret, 'auth-signature', challenge),
  ]);
  return sameToken(mac!, expectedChallenge) && sameToken(outer[2]!, expectedSignature);
}
