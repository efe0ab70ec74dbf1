/**
 * Authentication (DESIGN.md step 4): the `ralph-auth` cookie holds a JWT signed with AUTH_SECRET (HS256),
 * verified with jose after the structure check of spec §5. A valid token sets `c.var.customer`; a
 * missing one leaves the visitor a guest, and a malformed, expired or forged one too, with the cookie
 * cleared (spec §8: auth errors are swallowed, never an error page). The customer type comes from
 * `ralph-user-type`.
 *
 * Transparent refresh (issue 13): a request without a valid access token but with a refresh cookie is
 * refreshed in place, the new cookies going out with this response, so a shopper who comes back after the
 * token expired (tomorrow, with "remember me") is still logged in, with or without JavaScript. The auth
 * endpoint's own routes are left alone: they refresh, log in and out themselves.
 */
import { createMiddleware } from 'hono/factory';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Customer } from '../commerce/customers/customers';
import { customerTypeOf } from '../../core/customer-type';
import { isWellFormedJwt } from '../commerce/pricing/price-validation';
import { refresh } from '../commerce/customers/auth';
import { verifyAuthToken } from '../session/auth';
import { AUTH_COOKIE, REFRESH_COOKIE, USER_TYPE_COOKIE } from '../session/cookies';
import { REFRESH_TOKEN_PATTERN, beginSession, endSessionCookies } from '../session/login';

/** Paths that handle the refresh token themselves. */
const AUTH_ENDPOINT = '/api/auth/';

/** The customer of a refreshed session, or undefined (no refresh cookie, or it no longer works). */
async function refreshedCustomer(c: Context<AppEnv>, secret: string): Promise<Customer | undefined> {
  const refreshToken = getCookie(c, REFRESH_COOKIE);
  if (refreshToken === undefined || c.req.path.startsWith(AUTH_ENDPOINT)) return undefined;
  if (!REFRESH_TOKEN_PATTERN.test(refreshToken)) {
    endSessionCookies(c);
    return undefined;
  }
  const session = await refresh(c.env.DB, refreshToken, { secret, now: new Date() });
  // Another request of this browser refreshed a moment ago: its response carries the new cookies.
  if (session === 'concurrent') return undefined;
  if (!session) {
    endSessionCookies(c);
    return undefined;
  }
  beginSession(c, session);
  return { id: session.customerId, email: session.email, refreshAt: Date.now() + 900 * session.maxAge };
}

export function authentication() {
  return createMiddleware<AppEnv>(async function authentication(c, next) {
    const token = getCookie(c, AUTH_COOKIE);
    const secret = c.var.config.authSecret;
    let customer = token && secret ? await verifyAuthToken(token, secret, c.env.DB) : undefined;
    // A cookie that does not name a customer is dropped, so it is not sent (and checked) again.
    if (token !== undefined && !customer && (secret || !isWellFormedJwt(token)))
      deleteCookie(c, AUTH_COOKIE, { path: '/' });
    if (!customer && secret) customer = await refreshedCustomer(c, secret);
    c.set('customer', customer);
    c.set('customerType', customerTypeOf(getCookie(c, USER_TYPE_COOKIE)));
    await next();
  });
}
