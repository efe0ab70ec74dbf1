/**
 * The login token of the `ralph-auth` cookie or an `Authorization: Bearer` header (spec §5, §7): a JWT
 * signed with AUTH_SECRET (HS256), checked for its structure first and verified with jose, then against
 * the account (issue 12): it must still exist and its session version (`sv`) must be the token's, so a
 * password change or reset, logout or deletion ends every token issued before at once.
 */
import { jwtVerify } from 'jose';
import * as v from 'valibot';
import type { Customer } from '../commerce/customers/customers';
import { isWellFormedJwt } from '../commerce/pricing/price-validation';
import { sessionStillValid } from '../commerce/customers/sessions';

const Claims = v.object({
  sub: v.pipe(v.string(), v.regex(/^\d+$/)),
  email: v.pipe(v.string(), v.email()),
  sv: v.pipe(v.number(), v.integer(), v.minValue(0)),
  iat: v.optional(v.pipe(v.number(), v.integer())),
  pwd: v.optional(v.pipe(v.number(), v.integer())),
  /** Staff logged in as the customer (worker/commerce/customers/auth.ts signImpersonationToken). */
  // A staff address as Access or `npm run dev` names it (the local owner is owner@localhost: no dot).
  imp: v.optional(v.pipe(v.string(), v.minLength(3), v.maxLength(254), v.includes('@'))),
  exp: v.pipe(v.number(), v.integer()),
});

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
}

/**
 * The customer a token names, or undefined when it is malformed, does not verify, or its sessions have
 * ended since (one indexed D1 read per authenticated request).
 */
export async function verifyAuthToken(token: string, secret: string, db: D1Database): Promise<Customer | undefined> {
  if (!isWellFormedJwt(token)) return undefined;
  let claims;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    claims = v.safeParse(Claims, payload);
  } catch {
    return undefined;
  }
  if (!claims.success) return undefined;
  const id = Number(claims.output.sub);
  const { iat, exp, pwd, imp } = claims.output;
  // Spec §9: the client refreshes at 90 % of the token's life (a token without `iat`: 6 minutes early).
  // Staff logged in as the customer have no refresh token: their page does not try before the token ends.
  const refreshAt = (imp !== undefined ? exp : iat === undefined ? exp - 360 : iat + 0.9 * (exp - iat)) * 1000;
  return (await sessionStillValid(db, id, claims.output.sv))
    ? {
        id,
        email: claims.output.email,
        refreshAt,
        ...(pwd === undefined || imp !== undefined ? {} : { passwordAt: pwd * 1000 }),
        ...(imp === undefined ? {} : { impersonatedBy: imp }),
      }
    : undefined;
}
