/**
 * Signing in and out, the same for every door: the auth endpoint scripts call (worker/routes/api/auth.ts)
 * and the plain account forms (worker/routes/forms/account.ts). The configured API answers (the identity
 * client, worker/identity: the built-in one in process, a remote one at its auth endpoint); around it the
 * storefront does what is its own with either: each action throttles like issue 12 says, a guest's
 * favorites move into the account, and the login cookies are set or cleared (./login.ts). The guest's
 * cart stays with the browser's cart cookie, so it carries over as it is.
 *
 * Outcomes name a message of `api.auth` in locales/ (spec §5, §8), never a sentence, so each door words
 * it in its page's language.
 */
import { followCustomerCart } from './customer-cart';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import {
  ACCOUNT_RULE,
  ACCOUNT_WIDE_RULE,
  CLIENT_RULE,
  REGISTER_RULE,
  clearAttempts,
  refundAttempt,
  reserveAttempt,
} from '../commerce/customers/throttle';
import {
  identityOf,
  refused,
  type IdentityResult,
  type ProvenCustomer,
  type Refusal,
  type Registration,
} from '../identity';
import { clientAddressOf } from '../urls/request';
import { USER_COOKIE_REMEMBERED_MAX_AGE_S, USER_COOKIE_SESSION_MAX_AGE_S } from './cookies';
import { mergeGuestFavorites } from './favorites';
import { beginSession, endSessionCookies, type LoginSession } from './login';

export type { AuthMessage } from '../identity';
export type AuthOutcome = IdentityResult;

/** Spec §9: "remember me" keeps a session 604,800 s, otherwise 1,800 s. */
export const lifetimeFor = (remember: boolean) =>
  remember ? USER_COOKIE_REMEMBERED_MAX_AGE_S : USER_COOKIE_SESSION_MAX_AGE_S;

/** The API opened a session: a guest's favorites move into the account, and the login cookies are set. */
export async function begin(c: Context<AppEnv>, outcome: IdentityResult): Promise<IdentityResult> {
  if (!outcome.ok) return outcome;
  await mergeGuestFavorites(c, outcome.session.customerId);
  await followCustomerCart(c, outcome.session.customerId);
  beginSession(c, outcome.session);
  return outcome;
}

/** The throttle key of one account tried from this client. */
function accountClientKey(c: Context<AppEnv>, email: string): string {
  return `account:${email}|client:${clientAddressOf(c)}`;
}

/**
 * Reserves a password check for `email` from this client (per account and client, per client, per
 * account; issue 12: reserved before the check, so parallel guesses are counted), or the 429 outcome.
 * The account-wide key counts only the attempts this client's own keys let through (issue 24): one
 * address hammering an account is slowed by its own keys and adds a guess a minute at most to the
 * account's, so it cannot keep the owner on another address out; only many addresses together can slow
 * the account, a minute at a time. With a remote API these stay in front: they know the shopper's
 * address, the API sees only the storefront's.
 */
export async function reservePasswordCheck(c: Context<AppEnv>, email: string): Promise<Refusal | null> {
  const now = new Date();
  const client = await reserveAttempt(
    c.env.DB,
    [
      { key: accountClientKey(c, email), rule: ACCOUNT_RULE },
      { key: `client:${clientAddressOf(c)}`, rule: CLIENT_RULE },
    ],
    now,
  );
  if (!client.ok) return refused(429, 'tooManyAttempts', client.retryAfterS);
  const account = await reserveAttempt(c.env.DB, [{ key: `account:${email}`, rule: ACCOUNT_WIDE_RULE }], now);
  return account.ok ? null : refused(429, 'tooManyAttempts', account.retryAfterS);
}

/** A right password: this client's tries on the account are forgotten, and its reserved attempt refunded. */
export async function forgiveAttempts(c: Context<AppEnv>, email: string): Promise<void> {
  await Promise.all([
    clearAttempts(c.env.DB, accountClientKey(c, email)),
    refundAttempt(c.env.DB, `client:${clientAddressOf(c)}`),
  ]);
}

/**
 * A password check by the API, throttled (above): a right password forgives this client's tries; 'off'
 * (no API to ask) is refused before any attempt is counted.
 */
async function throttled<T extends IdentityResult | Refusal | { confirmed: true }>(
  c: Context<AppEnv>,
  email: string,
  check: () => Promise<T>,
): Promise<T | Refusal> {
  const reserved = await reservePasswordCheck(c, email);
  if (reserved) return reserved;
  const outcome = await check();
  if (!('ok' in outcome) || outcome.ok) await forgiveAttempts(c, email);
  return outcome;
}

/** Logs in with an email and password digest: the session (cookies set) or why not. */
export async function logInWithPassword(
  c: Context<AppEnv>,
  input: { email: string; digest: string; lifetime: number },
): Promise<AuthOutcome> {
  const identity = identityOf(c);
  return begin(c, await throttled(c, input.email, () => identity.logIn(c, input)));
}

/**
 * Changes the logged-in customer's password (the auth endpoint's `password`, the settings page's form):
 * with the right current password every other session ends and a new one starts (cookies set); with a
 * wrong one, spec §8: the customer is logged out everywhere for safety ('wrongPassword'), this browser too.
 */
export async function changeOwnPassword(
  c: Context<AppEnv>,
  input: { email: string; digest: string; newDigest: string; lifetime: number },
): Promise<AuthOutcome> {
  const identity = identityOf(c);
  const outcome = await throttled(c, input.email, () => identity.changePassword(c, input));
  if (!outcome.ok && outcome.message === 'wrongPassword') endSessionCookies(c);
  return begin(c, outcome);
}

/**
 * The logged-in customer's password typed once more (deleting the account, issue 24), checked by the API;
 * with a remote one its fresh token (it says the password was just typed) is answered for the request's
 * GraphQL client to carry from then on. Throttled like a login.
 */
export function confirmOwnPassword(
  c: Context<AppEnv>,
  customer: { id: number; email: string },
  digest: string,
): Promise<Refusal | { confirmed: true; authToken?: string }> {
  const identity = identityOf(c);
  return throttled(c, customer.email, () => identity.confirmPassword(c, customer, digest));
}

/** Creates an account and logs it in: the session (cookies set), or 'accountExists' / throttled. */
export async function registerAccount(c: Context<AppEnv>, input: Registration): Promise<AuthOutcome> {
  // New accounts per client address are limited too (issue 12); 'account exists' stays the spec's answer.
  const reserved = await reserveRegistration(c);
  if (reserved) return reserved;
  return begin(c, await identityOf(c).register(c, input));
}

/** Throttled like a registration (issue 12), before the API is asked anything. */
async function reserveRegistration(c: Context<AppEnv>): Promise<Refusal | null> {
  const reserved = await reserveAttempt(
    c.env.DB,
    [{ key: `register:${clientAddressOf(c)}`, rule: REGISTER_RULE }],
    new Date(),
  );
  return reserved.ok ? null : refused(429, 'tooManyRegistrations', reserved.retryAfterS);
}

/**
 * "Create an account from this order" (issue 14) for the guest order `publicId`, whose claim the caller
 * checked: the account (cookies set) and the language the order was placed in; 'taken' when the order is
 * someone's already; null where the API cannot do it.
 */
export async function registerFromOrder(
  c: Context<AppEnv>,
  input: { publicId: string; digest: string; lifetime: number },
): Promise<(AuthOutcome & { languageId?: string }) | 'taken' | null> {
  const register = identityOf(c).registerFromOrder;
  if (!register) return null;
  const reserved = await reserveRegistration(c);
  if (reserved) return reserved;
  const outcome = await register(c, input);
  if (outcome === 'taken' || !outcome.ok) return outcome;
  await begin(c, outcome);
  return outcome;
}

/** Whether the API can give a guest's order to a new account (the confirmation page's offer). */
export const offersAccountFromOrder = (c: Context<AppEnv>) => identityOf(c).registerFromOrder !== null;

/**
 * Whether passkeys are offered (issue 13): only where the API opens a session for a customer the
 * storefront proved itself; a remote API opens sessions only for a password (docs/decisions/021).
 */
export const passkeysOffered = (c: Context<AppEnv>): boolean => identityOf(c).openSession !== null;

/**
 * A session for a customer the storefront proved itself (a passkey): cookies set; null where the API
 * opens sessions only for a password.
 */
export async function startSession(
  c: Context<AppEnv>,
  customer: ProvenCustomer,
  lifetime: number,
): Promise<LoginSession | null> {
  const open = identityOf(c).openSession;
  if (!open) return null;
  const session = await open(c, customer, lifetime);
  await begin(c, { ok: true, session });
  return session;
}

/**
 * Logs out (spec §4; issue 12: every session of the customer ends at once, access tokens included) and
 * clears the login cookies. Ending an unknown session is not an error.
 */
export async function logOut(c: Context<AppEnv>, refreshToken: string | undefined): Promise<void> {
  await identityOf(c).logOut(c, refreshToken);
  endSessionCookies(c);
}
