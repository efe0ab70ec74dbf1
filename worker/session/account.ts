/**
 * Signing in and out, the same for every door: the auth endpoint scripts call (worker/routes/api/auth.ts)
 * and the plain account forms (worker/routes/forms/account.ts). Each action throttles like issue 12 says,
 * checks or stores the password digest (core/password-digest.ts) through commerce/customers, moves a
 * guest's favorites into the account, and sets or clears the login cookies (./login.ts). The guest's cart
 * stays with the browser's cart cookie, so it carries over as it is.
 *
 * Outcomes name a message of `api.auth` in locales/ (spec §5, §8), never a sentence, so each door words
 * it in its page's language.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import {
  SESSION_REMEMBERED_S,
  SESSION_SHORT_S,
  changePassword,
  checkCredentials,
  login,
  logout,
  register,
  revokeAll,
  type Session,
} from '../commerce/customers/auth';
import {
  ACCOUNT_RULE,
  ACCOUNT_WIDE_RULE,
  CLIENT_RULE,
  REGISTER_RULE,
  clearAttempts,
  refundAttempt,
  reserveAttempt,
} from '../commerce/customers/throttle';
import type { CustomerType } from '../../core/customer-type';
import { askNewsletterConsent } from '../commerce/mail/customer-mails';
import { queueWelcomeMail } from '../commerce/mail/customer-mails';
import { clientAddressOf, publicOrigin } from '../urls/request';
import { mergeGuestFavorites } from './favorites';
import { beginSession, endSessionCookies } from './login';
import {
  forgetRemoteToken,
  remoteCustomer,
  remoteLoginSession,
  remoteLogout,
  remoteSignedAuth,
  type RemoteAuthConfig,
  type RemoteOutcome,
} from './remote-identity';
import { AUTH_COOKIE } from './cookies';
import { getCookie } from 'hono/cookie';

export type AuthMessage =
  | 'wrongCredentials'
  | 'accountExists'
  | 'wrongPassword'
  | 'tooManyAttempts'
  | 'tooManyRegistrations'
  | 'invalidEmail'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'sessionExpired'
  | 'refreshedElsewhere'
  | 'signatureInvalid'
  | 'authUnavailable';

export type AuthOutcome =
  | { ok: true; session: Session }
  | { ok: false; status: 401 | 409 | 429 | 503; message: AuthMessage; retryAfterS?: number };

/** Spec §9: "remember me" keeps a session 604,800 s, otherwise 1,800 s. */
export const lifetimeFor = (remember: boolean) => (remember ? SESSION_REMEMBERED_S : SESSION_SHORT_S);

const refused = (status: 401 | 409 | 429 | 503, message: AuthMessage, retryAfterS?: number): AuthOutcome => ({
  ok: false,
  status,
  message,
  retryAfterS,
});

/** AUTH_SECRET, which signs every login token; without it nobody can log in (an error, not a guest). */
export function authSecretOf(c: Context<AppEnv>): string {
  const secret = c.get('config').authSecret;
  if (!secret) throw new Error('AUTH_SECRET is not configured: nobody can log in');
  return secret;
}

/**
 * In front of a remote commerce API (issue 26), its auth endpoint: identity is the API's, asked by this
 * server (./remote-identity.ts). 'off' when the deployment fronts an API without naming its auth and
 * sign endpoints: nobody can log in (the log says why); null for the built-in API.
 */
export function remoteAuthOf(c: Context<AppEnv>): RemoteAuthConfig | 'off' | null {
  const config = c.get('config');
  if (!config.graphqlEndpoint) return null;
  if (config.remoteAuth) return config.remoteAuth;
  console.warn('GRAPHQL_ENDPOINT is set without AUTH_ENDPOINT and SIGN_ENDPOINT: nobody can log in');
  return 'off';
}

/**
 * The remote API's answer made a session here: who the token belongs to (the API's getUser), the login
 * cookies set, a guest's favorites moved into the account.
 */
async function remoteSession(c: Context<AppEnv>, result: RemoteOutcome, lifetime: number): Promise<AuthOutcome> {
  if (!result.ok) return refused(result.status, result.message, result.retryAfterS);
  const customer = await remoteCustomer(c, result.tokens.token).catch(() => null);
  if (!customer) return refused(503, 'authUnavailable');
  const session = remoteLoginSession(customer, result.tokens, lifetime);
  await mergeGuestFavorites(c, customer.id);
  beginSession(c, session);
  return { ok: true, session };
}

/** Spec §7: a session without "remember me" asks the API for 30 minutes. */
const remoteLifetime = (lifetime: number) => (lifetime < SESSION_REMEMBERED_S ? { sessionLifetime: 30 } : {});

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
 * the account, a minute at a time.
 */
export async function reservePasswordCheck(c: Context<AppEnv>, email: string): Promise<AuthOutcome | null> {
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
 * Opens a session for a customer whose identity was proven (password, reset key, passkey) and sets the
 * cookies; `passwordChecked` when it was the password, typed just now (its tokens say so).
 */
export async function startSession(
  c: Context<AppEnv>,
  customer: Parameters<typeof login>[1],
  lifetime: number,
  { passwordChecked = false }: { passwordChecked?: boolean } = {},
): Promise<Session> {
  const session = await login(c.env.DB, customer, {
    secret: authSecretOf(c),
    lifetime,
    now: new Date(),
    passwordChecked,
  });
  await mergeGuestFavorites(c, session.customerId);
  beginSession(c, session);
  return session;
}

/** Logs in with an email and password digest: the session (cookies set) or why not. */
export async function logInWithPassword(
  c: Context<AppEnv>,
  { email, digest, lifetime }: { email: string; digest: string; lifetime: number },
): Promise<AuthOutcome> {
  const remote = remoteAuthOf(c);
  if (remote === 'off') return refused(503, 'authUnavailable');
  const throttled = await reservePasswordCheck(c, email);
  if (throttled) return throttled;
  if (remote) {
    const outcome = await remoteSession(
      c,
      await remoteSignedAuth(remote, 'login', { username: email, password: digest, ...remoteLifetime(lifetime) }),
      lifetime,
    );
    if (outcome.ok) await forgiveAttempts(c, email);
    return outcome;
  }
  const customer = await checkCredentials(c.env.DB, email, digest);
  if (!customer) return refused(401, 'wrongCredentials');
  await forgiveAttempts(c, email);
  return { ok: true, session: await startSession(c, customer, lifetime, { passwordChecked: true }) };
}

/**
 * Changes the logged-in customer's password (the auth endpoint's `password`, the settings page's form):
 * with the right current password every other session ends and a new one starts (cookies set); with a
 * wrong one, spec §8: the customer is logged out everywhere for safety ('wrongPassword').
 */
export async function changeOwnPassword(
  c: Context<AppEnv>,
  { email, digest, newDigest, lifetime }: { email: string; digest: string; newDigest: string; lifetime: number },
): Promise<AuthOutcome> {
  const remote = remoteAuthOf(c);
  if (remote === 'off') return refused(503, 'authUnavailable');
  const throttled = await reservePasswordCheck(c, email);
  if (throttled) return throttled;
  if (remote) {
    const result = await remoteSignedAuth(remote, 'password', {
      username: email,
      password: digest,
      newPassword: newDigest,
      ...remoteLifetime(lifetime),
    });
    // The API logs the customer out everywhere on a wrong password (spec §8); so does this browser.
    if (!result.ok && result.message === 'wrongPassword') {
      forgetRemoteToken(getCookie(c, AUTH_COOKIE));
      endSessionCookies(c);
    }
    const outcome = await remoteSession(c, result, lifetime);
    if (outcome.ok) await forgiveAttempts(c, email);
    return outcome;
  }
  const now = new Date();
  const customer = await checkCredentials(c.env.DB, email, digest);
  if (!customer) {
    const known = c.get('customer')?.email === email ? c.get('customer') : undefined;
    if (known) await revokeAll(c.env.DB, known.id, now);
    endSessionCookies(c);
    return refused(401, 'wrongPassword');
  }
  await forgiveAttempts(c, email);
  const changed = await changePassword(c.env.DB, customer, newDigest, now);
  return { ok: true, session: await startSession(c, changed, lifetime, { passwordChecked: true }) };
}

/**
 * The logged-in customer's password typed once more (deleting the account, issue 24): the built-in API's
 * check, or with a remote API a login at its auth endpoint, whose fresh token (it says the password was
 * just typed) is answered for the request's GraphQL client to carry from then on. Throttled like a login.
 */
export async function confirmOwnPassword(
  c: Context<AppEnv>,
  customer: { id: number; email: string },
  digest: string,
): Promise<AuthOutcome | { confirmed: true; authToken?: string }> {
  const remote = remoteAuthOf(c);
  if (remote === 'off') return refused(503, 'authUnavailable');
  const throttled = await reservePasswordCheck(c, customer.email);
  if (throttled) return throttled;
  if (remote) {
    const result = await remoteSignedAuth(remote, 'login', {
      username: customer.email,
      password: digest,
      sessionLifetime: 30,
    });
    if (!result.ok) return refused(result.status, result.message, result.retryAfterS);
    const confirmed = await remoteCustomer(c, result.tokens.token).catch(() => null);
    if (confirmed?.id !== customer.id) return refused(401, 'wrongPassword');
    await forgiveAttempts(c, customer.email);
    return { confirmed: true, authToken: result.tokens.token };
  }
  const confirmed = await checkCredentials(c.env.DB, customer.email, digest);
  if (!confirmed || confirmed.id !== customer.id) return refused(401, 'wrongPassword');
  await forgiveAttempts(c, customer.email);
  return { confirmed: true };
}

/** Creates an account and logs it in: the session (cookies set), or 'accountExists' / throttled. */
export async function registerAccount(
  c: Context<AppEnv>,
  input: {
    email: string;
    digest: string;
    customerType: CustomerType;
    lifetime: number;
    languageId: string;
    newsletter?: boolean;
  },
): Promise<AuthOutcome> {
  // New accounts per client address are limited too (issue 12); 'account exists' stays the spec's answer.
  const reserved = await reserveAttempt(
    c.env.DB,
    [{ key: `register:${clientAddressOf(c)}`, rule: REGISTER_RULE }],
    new Date(),
  );
  if (!reserved.ok) return refused(429, 'tooManyRegistrations', reserved.retryAfterS);
  const remote = remoteAuthOf(c);
  if (remote === 'off') return refused(503, 'authUnavailable');
  if (remote) {
    // The API keeps the account, sends its welcome and asks for the newsletter consent itself.
    const result = await remoteSignedAuth(remote, 'register', {
      username: input.email,
      password: input.digest,
      customerType: input.customerType,
      newsletter: input.newsletter ?? false,
      languageId: input.languageId,
      ...remoteLifetime(input.lifetime),
    });
    return remoteSession(c, result, input.lifetime);
  }
  const result = await register(
    c.env.DB,
    {
      email: input.email,
      password: input.digest,
      customerType: input.customerType,
      marketId: c.get('market').id,
      languageId: input.languageId,
      newsletter: input.newsletter,
    },
    { secret: authSecretOf(c), lifetime: input.lifetime, now: new Date() },
  );
  if (result === 'exists') return refused(409, 'accountExists');
  // Double opt-in (issue 24): the box ticked asks for the newsletter; the mail's link subscribes.
  if (input.newsletter) {
    await askNewsletterConsent(c.env.DB, c.env.MAIL_QUEUE, {
      email: input.email,
      languageId: input.languageId,
      marketId: c.get('market').id,
      source: 'register',
      now: new Date(),
      origin: publicOrigin(c),
      shopName: c.get('channel').name,
      secret: authSecretOf(c),
    });
  }
  await mergeGuestFavorites(c, result.customerId);
  beginSession(c, result);
  // The welcome mail (issue 13) goes through the outbox after the answer; losing the queue send loses
  // nothing: the row is in D1 and the sweep announces it again.
  const welcome = queueWelcomeMail(c.env.DB, c.env.MAIL_QUEUE, {
    email: input.email,
    languageId: input.languageId,
    origin: publicOrigin(c),
    shopName: c.get('channel').name,
  }).catch((error: unknown) => console.error('welcome mail failed', error));
  try {
    c.executionCtx.waitUntil(welcome);
  } catch {
    await welcome; // no execution context (app.request() in tests): finish before answering
  }
  return { ok: true, session: result };
}

/**
 * Logs out (spec §4; issue 12: every session of the customer ends at once, access tokens included) and
 * clears the login cookies. Ending an unknown session is not an error.
 */
export async function logOut(c: Context<AppEnv>, refreshToken: string | undefined): Promise<void> {
  const remote = remoteAuthOf(c);
  if (remote !== null) {
    if (remote !== 'off') await remoteLogout(remote, refreshToken);
    forgetRemoteToken(getCookie(c, AUTH_COOKIE));
    endSessionCookies(c);
    return;
  }
  await logout(c.env.DB, { refreshToken, customerId: c.get('customer')?.id }, new Date());
  endSessionCookies(c);
}
