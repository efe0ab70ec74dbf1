/**
 * The login token of the `ralph-auth` cookie or an `Authorization: Bearer` header (spec §5, §7): a JWT
 * signed with AUTH_SECRET (HS256), checked for its structure first and verified with jose.
 */
import { jwtVerify } from 'jose';
import * as v from 'valibot';
import type { Customer } from '../commerce/customers/customers';
import { isWellFormedJwt } from '../commerce/pricing/price-validation';

const Claims = v.object({
  sub: v.pipe(v.string(), v.regex(/^\d+$/)),
  email: v.pipe(v.string(), v.email()),
});

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
}

/** The customer a token names, or undefined when it is malformed (logged) or does not verify. */
export async function verifyAuthToken(token: string, secret: string): Promise<Customer | undefined> {
  if (!isWellFormedJwt(token)) return undefined;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    const claims = v.safeParse(Claims, payload);
    return claims.success ? { id: Number(claims.output.sub), email: claims.output.email } : undefined;
  } catch {
    return undefined;
  }
}
