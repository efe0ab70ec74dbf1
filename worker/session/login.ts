/**
 * The login cookies of spec §9, set and cleared in one place for every way in and out: the auth endpoint
 * (scripts), the account forms (no JavaScript), a password reset, a passkey, and the transparent refresh
 * of the auth middleware.
 *
 * - `ralph-auth`: the access token (a JWT), lifetime = the token's maxAge. httpOnly and, over HTTPS,
 *   Secure: a deliberate deviation from the spec's client-readable cookie (docs/decisions/008-sign-in.md),
 *   so a script injected into a page can never read a customer's token.
 * - `ralph-auth-refresh`: the refresh token, httpOnly, for the session's lifetime. Path `/`, so a page
 *   request with an expired access token can be refreshed in place (a shopper who comes back tomorrow is
 *   still logged in); SameSite Lax, so a link from a mail or a search engine counts too.
 * - `ralph-auth-browser`: the session's browser key (worker/commerce/customers/auth.ts), httpOnly, like the
 *   refresh token: a second tab of this browser refreshing at the same moment is served as the customer.
 * - `ralph-user`: the customer's email, readable by the page's scripts (spec §4: the user), and
 *   `ralph-user-maxage`: the session's lifetime in seconds (604,800 with "remember me", 1,800 without),
 *   both for the session's lifetime.
 * - `ralph-user-type`: the account's customer type, which sets the VAT display (spec §3).
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import {
  AUTH_COOKIE,
  BROWSER_KEY_COOKIE,
  REFRESH_COOKIE,
  USER_COOKIE,
  SETTINGS_FORM_COOKIE,
  USER_MAX_AGE_COOKIE,
  USER_TYPE_COOKIE,
  USER_TYPE_COOKIE_MAX_AGE_S,
  preferenceCookie,
} from './cookies';
import { identityOf } from '../identity';
import type { CustomerType } from '../../core/customer-type';

/**
 * A session as the login cookies hold it: the built-in API's (worker/commerce/customers/auth.ts) or a
 * remote API's (worker/identity/remote.ts, whose sessions have no browser key: '').
 */
export interface LoginSession {
  customerId: number;
  email: string;
  customerType: CustomerType;
  token: string;
  maxAge: number;
  refreshToken: string;
  sessionLifetime: number;
  browserKey: string;
}

/** The response header that carries the rotated refresh token to scripts (spec §7). */
export const REFRESH_HEADER = 'x-auth-refresh-token';

/** A browser key as the built-in API issues it: 32 random bytes in hex. */
const BROWSER_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Whether `token` has the shape of a refresh token of the configured API, which checks it itself. */
export function isRefreshToken(c: Context<AppEnv>, token: string | undefined): token is string {
  return token !== undefined && identityOf(c).isRefreshToken(token);
}

/** The session's lifetime the shopper chose at login (`ralph-user-maxage`), when the cookie says. */
export function chosenSessionLifetime(c: Context<AppEnv>): number | undefined {
  const lifetime = Number(getCookie(c, USER_MAX_AGE_COOKIE));
  return Number.isInteger(lifetime) && lifetime > 0 ? lifetime : undefined;
}

/** The browser key this request carries (BROWSER_KEY_COOKIE), when well-formed. */
export function browserKeyOf(c: Context<AppEnv>): string | undefined {
  const key = getCookie(c, BROWSER_KEY_COOKIE);
  return key !== undefined && BROWSER_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * Sets every login cookie for `session`, and marks the answer `private, no-store` (login cookies never sit
 * in a shared cache). Options: `refreshHeader` also hands the refresh token to the calling script in
 * `x-auth-refresh-token` (spec §7; only to callers that proved who they are or hold the token already);
 * `customerType` sets the account's customer type (at login, not at a refresh, where the shopper's own
 * later choice stays).
 */
export function beginSession(
  c: Context<AppEnv>,
  session: LoginSession,
  { refreshHeader = true, customerType = true }: { refreshHeader?: boolean; customerType?: boolean } = {},
): void {
  setCookie(c, AUTH_COOKIE, session.token, { path: '/', maxAge: session.maxAge, httpOnly: true, sameSite: 'Lax' });
  setCookie(c, REFRESH_COOKIE, session.refreshToken, {
    path: '/',
    maxAge: session.sessionLifetime,
    httpOnly: true,
    sameSite: 'Lax',
  });
  // A remote API's session has no browser key (it rotates its refresh tokens its own way).
  if (session.browserKey)
    setCookie(c, BROWSER_KEY_COOKIE, session.browserKey, {
      path: '/',
      maxAge: session.sessionLifetime,
      httpOnly: true,
      sameSite: 'Lax',
    });
  setCookie(c, USER_COOKIE, session.email, preferenceCookie(session.sessionLifetime));
  setCookie(c, USER_MAX_AGE_COOKIE, String(session.sessionLifetime), preferenceCookie(session.sessionLifetime));
  if (customerType) setCookie(c, USER_TYPE_COOKIE, session.customerType, preferenceCookie(USER_TYPE_COOKIE_MAX_AGE_S));
  if (refreshHeader) c.header(REFRESH_HEADER, session.refreshToken);
  c.header('Cache-Control', 'private, no-store');
}

/** Clears the login cookies (spec §4: logout clears user and cookies); the customer type stays a preference. */
export function endSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, AUTH_COOKIE, { path: '/' });
  deleteCookie(c, REFRESH_COOKIE, { path: '/' });
  deleteCookie(c, BROWSER_KEY_COOKIE, { path: '/' });
  deleteCookie(c, USER_COOKIE, { path: '/' });
  deleteCookie(c, USER_MAX_AGE_COOKIE, { path: '/' });
  // What a settings form handed back holds the customer's details (issue 14).
  deleteCookie(c, SETTINGS_FORM_COOKIE, { path: '/' });
  c.header('Cache-Control', 'private, no-store');
}
