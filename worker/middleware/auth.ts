/**
 * Authentication (DESIGN.md step 4): the `ralph-auth` cookie holds a JWT signed with AUTH_SECRET (HS256),
 * verified with jose after the structure check of spec §5. A valid token sets `c.get('customer')`; a
 * missing one leaves the visitor a guest, and a malformed, expired or forged one too, with the cookie
 * cleared (spec §8: auth errors are swallowed, never an error page). The customer type comes from
 * `ralph-user-type`.
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
import type { Customer } from '../commerce/customers/customers';
import { customerTypeOf } from '../../core/customer-type';
import { isWellFormedJwt } from '../commerce/pricing/price-validation';
import { refresh, type Session } from '../commerce/customers/auth';
import { verifyAuthToken } from '../session/auth';
import { AUTH_COOKIE, REFRESH_COOKIE, USER_TYPE_COOKIE } from '../session/cookies';
import { REFRESH_TOKEN_PATTERN, beginSession, browserKeyOf, endSessionCookies, isRefreshToken } from '../session/login';
import { refreshedRemoteSession, remoteCustomer, remoteRefresh } from '../session/remote-identity';
import { bearerToken } from '../graphql/request-context';

/** Paths that handle the refresh token themselves, or answer the same for everybody. */
const NO_REFRESH = /^\/api\/(?:auth|account)\/|\.(?:txt|xml)$/;

interface Refreshed {
  customer: Customer;
  /** The new session whose cookies go on the answer; none for a parallel request. */
  session?: Session;
}

/** The customer of a refreshed session, or undefined (no refresh cookie, or it no longer works). */
async function refreshedCustomer(c: Context<AppEnv>, secret: string): Promise<Refreshed | undefined> {
  const refreshToken = getCookie(c, REFRESH_COOKIE);
  if (refreshToken === undefined || NO_REFRESH.test(c.req.path)) return undefined;
  if (!REFRESH_TOKEN_PATTERN.test(refreshToken)) {
    endSessionCookies(c);
    return undefined;
  }
  const result = await refresh(c.env.DB, refreshToken, { secret, now: new Date(), browserKey: browserKeyOf(c) });
  // Rotated a moment ago, and this is not the browser it was handed to: a guest, the cookies left alone.
  if (result === 'elsewhere') return undefined;
  if (!result) {
    endSessionCookies(c);
    return undefined;
  }
  if ('concurrent' in result) return { customer: { id: result.concurrent.id, email: result.concurrent.email } };
  return {
    customer: { id: result.customerId, email: result.email, refreshAt: Date.now() + 900 * result.maxAge },
    session: result,
  };
}

/** Puts the refreshed session's cookies on the route's answer, whoever built it, and keeps it private. */
function carryCookies(c: Context<AppEnv>, session: Session): void {
  // c.header and setCookie copy a finished answer before changing its headers (Hono), whoever built it.
  beginSession(c, session, { refreshHeader: false, customerType: false });
  c.header('Cache-Control', 'private, no-store');
}

/**
 * Issue 26, in front of a remote API: the `ralph-auth` cookie holds the API's token, and the customer is
 * whom the API says it belongs to (session/remote-identity.ts, kept a minute in the isolate); an expired
 * one is refreshed in place with the API's refresh token, as above. The token the API is asked with
 * (`authToken`) is the refreshed one when there was a refresh. An API that cannot be reached makes a
 * guest for this request and logs nobody out.
 */
async function remoteAuthentication(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  const remote = c.get('config').remoteAuth;
  const cookieToken = getCookie(c, AUTH_COOKIE);
  const token = bearerToken(cookieToken);
  let unreachable = false;
  const ask = (candidate: string) =>
    remoteCustomer(c, candidate).catch(() => {
      unreachable = true;
      return null;
    });
  let customer = token && remote ? await ask(token) : null;
  let session: Session | undefined;
  const refreshToken = getCookie(c, REFRESH_COOKIE);
  if (!customer && !unreachable && remote && refreshToken !== undefined && !NO_REFRESH.test(c.req.path)) {
    const tokens = isRefreshToken(c, refreshToken) ? await remoteRefresh(remote, refreshToken) : null;
    if (tokens === null) endSessionCookies(c);
    else if (tokens !== 'unavailable') {
      customer = await ask(tokens.token);
      if (customer) session = refreshedRemoteSession(c, customer, tokens);
    }
  }
  if (cookieToken !== undefined && !customer && !unreachable) deleteCookie(c, AUTH_COOKIE, { path: '/' });
  c.set('customer', customer ? { id: customer.id, email: customer.email, refreshAt: customer.refreshAt } : undefined);
  c.set('authToken', session?.token ?? (customer || unreachable ? token : undefined));
  c.set('customerType', customerTypeOf(getCookie(c, USER_TYPE_COOKIE)));
  await next();
  if (session) carryCookies(c, session);
}

export function authentication() {
  return createMiddleware<AppEnv>(async function authentication(c, next) {
    if (c.get('config').graphqlEndpoint) return remoteAuthentication(c, next);
    const token = getCookie(c, AUTH_COOKIE);
    const secret = c.get('config').authSecret;
    let customer = token && secret ? await verifyAuthToken(token, secret, c.env.DB) : undefined;
    const refreshed = !customer && secret ? await refreshedCustomer(c, secret) : undefined;
    // A cookie that does not name a customer is dropped, so it is not sent (and checked) again; unless a
    // refresh replaces it (or a parallel request's answer does).
    if (token !== undefined && !customer && !refreshed && (secret || !isWellFormedJwt(token)))
      deleteCookie(c, AUTH_COOKIE, { path: '/' });
    customer ??= refreshed?.customer;
    c.set('customer', customer);
    c.set('customerType', customerTypeOf(getCookie(c, USER_TYPE_COOKIE)));
    await next();
    if (refreshed?.session) carryCookies(c, refreshed.session);
  });
}
