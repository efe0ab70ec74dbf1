/**
 * Authentication (DESIGN.md step 4): the configured API says whose the `ralph-auth` cookie's token is
 * (worker/identity: the built-in API verifies its own JWT, signed with AUTH_SECRET, after the structure
 * check of spec §5; a remote API is asked with getUser). A valid token sets `c.get('customer')`; a
 * missing one leaves the visitor a guest, and a malformed, expired or forged one too, with the cookie
 * cleared (spec §8: auth errors are swallowed, never an error page). An API that cannot be reached makes
 * a guest for that request and logs nobody out. The customer type comes from `ralph-user-type`.
 *
 * Transparent refresh (issue 13): a request without a valid access token but with a refresh cookie is
 * refreshed in place, so a shopper who comes back after the token expired (tomorrow, with "remember me")
 * is still logged in, with or without JavaScript. The new cookies are put on whatever answer the route
 * gives, a Response built by hand (the GraphQL endpoint) included, and that answer is `private, no-store`;
 * the refresh token itself is never handed to page scripts here. A parallel request of the same browser
 * that finds the token rotated a moment ago is served as the same customer without new cookies (the
 * other request's answer carries them), if it carries the session's browser key; another client with a
 * copy of that token is a guest (issue 24). The auth endpoint and the account forms handle the session
 * themselves, and robots.txt and sitemaps are nobody's: no refresh there.
 */
import { createMiddleware } from 'hono/factory';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { customerTypeOf } from '../../core/customer-type';
import { identityOf } from '../identity';
import { AUTH_COOKIE, REFRESH_COOKIE, USER_TYPE_COOKIE } from '../session/cookies';
import {
  beginSession,
  browserKeyOf,
  chosenSessionLifetime,
  endSessionCookies,
  type LoginSession,
} from '../session/login';

/** Paths that handle the refresh token themselves, or answer the same for everybody. */
const NO_REFRESH = /^\/api\/(?:auth|account)\/|\.(?:txt|xml)$/;

/** Puts the refreshed session's cookies on the route's answer, whoever built it, and keeps it private. */
function carryCookies(c: Context<AppEnv>, session: LoginSession): void {
  // c.header and setCookie copy a finished answer before changing its headers (Hono), whoever built it.
  beginSession(c, session, { refreshHeader: false, customerType: false });
  c.header('Cache-Control', 'private, no-store');
}

export function authentication() {
  return createMiddleware<AppEnv>(async function authentication(c, next) {
    const result = await identityOf(c).authenticate(c, {
      token: getCookie(c, AUTH_COOKIE),
      refreshToken: NO_REFRESH.test(c.req.path) ? undefined : getCookie(c, REFRESH_COOKIE),
      browserKey: browserKeyOf(c),
      sessionLifetime: chosenSessionLifetime(c),
    });
    if (result.endSession) endSessionCookies(c);
    else if (result.dropToken) deleteCookie(c, AUTH_COOKIE, { path: '/' });
    c.set('customer', result.customer);
    if (result.authToken !== undefined) c.set('authToken', result.authToken);
    c.set('customerType', customerTypeOf(getCookie(c, USER_TYPE_COOKIE)));
    await next();
    if (result.refreshed) carryCookies(c, result.refreshed);
  });
}
