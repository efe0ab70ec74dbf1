/**
 * Authentication (DESIGN.md step 4): the `ralph-auth` cookie holds a JWT signed with AUTH_SECRET (HS256),
 * verified with jose after the structure check of spec §5. A valid token sets `c.var.customer`; a
 * missing one leaves the visitor a guest, and a malformed, expired or forged one too, with the cookie
 * cleared (spec §8: auth errors are swallowed, never an error page). The customer type comes from
 * `ralph-user-type`.
 */
import { createMiddleware } from 'hono/factory';
import { deleteCookie, getCookie } from 'hono/cookie';
import { jwtVerify } from 'jose';
import * as v from 'valibot';
import type { AppEnv, Customer, CustomerType } from '../app-env';
import { isWellFormedJwt } from '../commerce/pricing/price-validation';

import { AUTH_COOKIE, USER_TYPE_COOKIE } from '../session/cookies';

export { AUTH_COOKIE, USER_TYPE_COOKIE };

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

export function authentication() {
  return createMiddleware<AppEnv>(async function authentication(c, next) {
    const token = getCookie(c, AUTH_COOKIE);
    const secret = c.var.config.authSecret;
    const customer = token && secret ? await verifyAuthToken(token, secret) : undefined;
    c.set('customer', customer);
    // A cookie that does not name a customer is dropped, so it is not sent (and checked) again.
    if (token !== undefined && !customer && (secret || !isWellFormedJwt(token))) deleteCookie(c, AUTH_COOKIE, { path: '/' });
    const type = getCookie(c, USER_TYPE_COOKIE);
    c.set('customerType', (type === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON') satisfies CustomerType);
    await next();
  });
}
