/**
 * Signed tokens that name one order for one purpose (issue 14): a compact JWS (HS256, jose) whose subject
 * is the order's public id (a UUID, never the order number), under a key derived from AUTH_SECRET for that
 * purpose only (../crypto.ts `purposeKey`) and with the purpose as audience. A token cannot be made or
 * altered without the secret, one kind never verifies as another, and each grants only its one thing.
 */
import { jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { purposeKey } from '../crypto';
import { GUID_PATTERN } from './records';

const Claims = v.object({ sub: v.pipe(v.string(), v.regex(GUID_PATTERN)) });

/** The token kind `audience`, valid `ttlS` seconds, signed with the key labelled `label`. */
export function orderToken(audience: string, label: string, ttlS: number) {
  return {
    /** The signing key, derived from the deployment's AUTH_SECRET. */
    key: (secret: string): Promise<Uint8Array> => purposeKey(secret, label),

    /** A token naming the order with public id `publicId`. */
    async sign(key: Uint8Array, publicId: string, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(publicId)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlS)
        .sign(key);
    },

    /** The public id the token names, or null when it is not of this kind, altered or expired. */
    async read(key: Uint8Array, token: string, now: Date): Promise<string | null> {
      if (token.length > 2048 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience, currentDate: now });
        const claims = v.safeParse(Claims, payload);
        return claims.success ? claims.output.sub : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * "Create an account from this order" (issue 14): the guest's browser that placed the order gets this on
 * its confirmation page (in the httpOnly `ralph-order-claim` cookie), and only it may turn the order's
 * email into an account, for an hour.
 */
export const ORDER_CLAIM = orderToken('order-account', 'order account claims', 3600);
