/**
 * Authentication (DESIGN.md step 4): the `ralph-auth` cookie holds a JWT signed with AUTH_SECRET (HS256),
 * verified with jose after the structure check of spec §5. A valid token sets `c.var.customer`; a
 * missing one leaves the visitor a guest, and a malformed, expired or forged one too, with the cookie
 * cleared (spec §8: auth errors are swallowed, never an error page). The customer type comes from
 * `ralph-user-type`.
 */
import { createMiddleware } from 'hono/factory';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { customerTypeOf } from '../../core/customer-type';
import { isWellFormedJwt } from '../commerce/pricing/price-validation';
import { verifyAuthToken } from '../session/auth';
import { AUTH_COOKIE, USER_TYPE_COOKIE } from '../session/cookies';

export function authentication() {
  return createMiddleware<AppEnv>(async function authentication(c, next) {
    const token = getCookie(c, AUTH_COOKIE);
    const secret = c.var.config.authSecret;
    const customer = token && secret ? await verifyAuthToken(token, secret, c.env.DB) : undefined;
    c.set('customer', customer);
    // A cookie that does not name a customer is dropped, so it is not sent (and checked) again.
    if (token !== undefined && !customer && (secret || !isWellFormedJwt(token)))
      deleteCookie(c, AUTH_COOKIE, { path: '/' });
    c.set('customerType', customerTypeOf(getCookie(c, USER_TYPE_COOKIE)));
    await next();
  });
}
