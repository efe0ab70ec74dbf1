/**
 * The auth endpoint of spec §7 at /api/auth/ (the storefront's authEndpoint):
 *   GET  login     refresh: a new token for the refresh token in `x-auth-refresh-token` or its cookie
 *   POST login     { username, password, sessionLifetime? }   -> { token, maxAge }
 *   POST register  { username, password, customerType? }      -> { token, maxAge }
 *   POST password  { username, password, newPassword }        -> { token, maxAge }
 *   POST logout    ends the session
 * Passwords arrive hashed by the client (spec §9). Responses carry the rotated refresh token in the
 * `x-auth-refresh-token` header, and the server also sets the `ralph-auth` (token) and
 * `ralph-auth-refresh` cookies (httpOnly), so forms work without JavaScript. Logging in or registering
 * moves a guest's favorites from the `ralph-persisted-states` cookie into the account.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createTranslator, type MessageKey, localeOfLanguageId } from '../../../locales';
import type { AppEnv } from '../../app-env';
import {
  SESSION_REMEMBERED_S,
  changePassword,
  checkCredentials,
  login,
  logout,
  refresh,
  register,
  revokeAll,
  type Session,
} from '../../commerce/customers/auth';
import {
  ACCOUNT_RULE,
  ACCOUNT_WIDE_RULE,
  CLIENT_RULE,
  refundAttempt,
  REGISTER_RULE,
  clearAttempts,
  reserveAttempt,
} from '../../commerce/customers/throttle';
import { clientAddressOf } from '../../urls/request';
import { mergeGuestFavorites } from '../../session/favorites';
import { REFRESH_COOKIE, AUTH_COOKIE } from '../../session/cookies';
import { CUSTOMER_TYPES, DEFAULT_CUSTOMER_TYPE } from '../../../core/customer-type';

export const REFRESH_HEADER = 'x-auth-refresh-token';
export { REFRESH_COOKIE };

const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('invalidEmail'), v.maxLength(254, 'invalidEmail'));
const Password = v.pipe(
  v.string('passwordRequired'),
  v.minLength(1, 'passwordRequired'),
  v.minLength(7, 'passwordTooShort'),
  v.maxLength(512, 'passwordTooShort'),
);
const Common = {
  username: v.pipe(v.string('invalidEmail'), Email),
  password: Password,
  languageId: v.optional(v.string()),
};
const LoginBody = v.object({
  ...Common,
  sessionLifetime: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_080))),
});
const RegisterBody = v.object({
  ...Common,
  customerType: v.optional(v.picklist(CUSTOMER_TYPES), DEFAULT_CUSTOMER_TYPE),
  sessionLifetime: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_080))),
});
const PasswordBody = v.object({ ...Common, newPassword: Password });

type AuthMessage =
  | 'wrongCredentials'
  | 'accountExists'
  | 'wrongPassword'
  | 'tooManyAttempts'
  | 'tooManyRegistrations'
  | 'invalidEmail'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'sessionExpired';

function fail(c: Context<AppEnv>, status: ContentfulStatusCode, message: AuthMessage, languageId?: string) {
  const t = createTranslator(localeOfLanguageId(languageId));
  return c.json({ error: { code: message, message: t(`api.auth.${message}` as MessageKey) } }, status);
}

async function readBody<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S) {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    raw = null;
  }
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return { ok: true as const, body: parsed.output as v.InferOutput<S> };
  const languageId =
    typeof (raw as { languageId?: unknown })?.languageId === 'string'
      ? (raw as { languageId: string }).languageId
      : undefined;
  const message = parsed.issues[0].message as AuthMessage;
  const known: AuthMessage[] = ['invalidEmail', 'passwordRequired', 'passwordTooShort'];
  return { ok: false as const, response: fail(c, 400, known.includes(message) ? message : 'invalidEmail', languageId) };
}

function started(c: Context<AppEnv>, session: Session) {
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, AUTH_COOKIE, session.token, {
    path: '/',
    maxAge: session.maxAge,
    httpOnly: true,
    secure,
    sameSite: 'Lax',
  });
  setCookie(c, REFRESH_COOKIE, session.refreshToken, {
    path: '/api/auth',
    maxAge: session.sessionLifetime,
    httpOnly: true,
    secure,
    sameSite: 'Strict',
  });
  c.header(REFRESH_HEADER, session.refreshToken);
  c.header('Cache-Control', 'no-store');
  return c.json({ token: session.token, maxAge: session.maxAge });
}

function ended(c: Context<AppEnv>) {
  deleteCookie(c, AUTH_COOKIE, { path: '/' });
  deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth' });
}

/**
 * Reserves an attempt on every key (issue 12: atomic, so parallel attempts are counted first), or
 * answers 429 with Retry-After and `message`.
 */
async function refusedByThrottle(
  c: Context<AppEnv>,
  keys: Parameters<typeof reserveAttempt>[1],
  message: AuthMessage,
  languageId: string | undefined,
) {
  const reserved = await reserveAttempt(c.env.DB, keys, new Date());
  if (reserved.ok) return null;
  c.header('Retry-After', String(reserved.retryAfterS));
  return fail(c, 429, message, languageId);
}

/** Reserves a password check for `email` from this client: per account and client, client, and account. */
function passwordCheckRefused(c: Context<AppEnv>, email: string, languageId: string | undefined) {
  return refusedByThrottle(
    c,
    [
      { key: accountClientKey(c, email), rule: ACCOUNT_RULE },
      { key: `client:${clientAddressOf(c)}`, rule: CLIENT_RULE },
      { key: `account:${email}`, rule: ACCOUNT_WIDE_RULE },
    ],
    'tooManyAttempts',
    languageId,
  );
}

/** The throttle key of one account tried from this client. */
function accountClientKey(c: Context<AppEnv>, email: string): string {
  return `account:${email}|client:${clientAddressOf(c)}`;
}

/** A right password: this client's tries on the account are forgotten, and its reserved attempt refunded. */
async function rightPassword(c: Context<AppEnv>, email: string): Promise<void> {
  await Promise.all([
    clearAttempts(c.env.DB, accountClientKey(c, email)),
    refundAttempt(c.env.DB, `client:${clientAddressOf(c)}`),
  ]);
}

/** Minutes of a session without "remember me" come as sessionLifetime (spec §7: 30). */
const lifetimeOf = (minutes: number | undefined) =>
  minutes ? Math.min(minutes * 60, SESSION_REMEMBERED_S) : SESSION_REMEMBERED_S;

export function authRoutes() {
  const auth = new Hono<AppEnv>();
  auth.use(csrf());
  auth.use(async function requireSecret(c, next) {
    if (!c.var.config.authSecret) throw new Error('AUTH_SECRET is not configured: nobody can log in');
    await next();
  });

  auth.get('/login', async (c) => {
    const refreshToken = c.req.header(REFRESH_HEADER) ?? getCookie(c, REFRESH_COOKIE);
    const session =
      refreshToken && /^[0-9a-f]{64}$/.test(refreshToken)
        ? await refresh(c.env.DB, refreshToken, { secret: c.var.config.authSecret!, now: new Date() })
        : null;
    if (session === 'concurrent') {
      // Another tab just refreshed this session: it keeps the cookies it set.
      c.header('Cache-Control', 'no-store');
      return fail(c, 401, 'sessionExpired', c.req.query('languageId'));
    }
    if (!session) {
      ended(c);
      return fail(c, 401, 'sessionExpired', c.req.query('languageId'));
    }
    return started(c, session);
  });

  auth.post('/login', async (c) => {
    const read = await readBody(c, LoginBody);
    if (!read.ok) return read.response;
    const { username, password, sessionLifetime, languageId } = read.body;
    const now = new Date();
    const refused = await passwordCheckRefused(c, username, languageId);
    if (refused) return refused;
    const customer = await checkCredentials(c.env.DB, username, password);
    if (!customer) return fail(c, 401, 'wrongCredentials', languageId);
    await rightPassword(c, username);
    const session = await login(c.env.DB, customer, {
      secret: c.var.config.authSecret!,
      lifetime: lifetimeOf(sessionLifetime),
      now,
    });
    await mergeGuestFavorites(c, session.customerId);
    return started(c, session);
  });

  auth.post('/register', async (c) => {
    const read = await readBody(c, RegisterBody);
    if (!read.ok) return read.response;
    const { username, password, customerType, sessionLifetime, languageId } = read.body;
    // New accounts per client address are limited too (issue 12); 'account exists' stays the spec's answer.
    const refused = await refusedByThrottle(
      c,
      [{ key: `register:${clientAddressOf(c)}`, rule: REGISTER_RULE }],
      'tooManyRegistrations',
      languageId,
    );
    if (refused) return refused;
    const result = await register(
      c.env.DB,
      {
        email: username,
        password,
        customerType,
        marketId: c.var.market.id,
        languageId: languageId && /^[a-z]{2}-[A-Z]{2}$/.test(languageId) ? languageId : c.var.languageId,
      },
      { secret: c.var.config.authSecret!, lifetime: lifetimeOf(sessionLifetime), now: new Date() },
    );
    if (result === 'exists') return fail(c, 409, 'accountExists', languageId);
    await mergeGuestFavorites(c, result.customerId);
    return started(c, result);
  });

  auth.post('/password', async (c) => {
    const read = await readBody(c, PasswordBody);
    if (!read.ok) return read.response;
    const { username, password, newPassword, languageId } = read.body;
    const now = new Date();
    const refused = await passwordCheckRefused(c, username, languageId);
    if (refused) return refused;
    const customer = await checkCredentials(c.env.DB, username, password);
    if (!customer) {
      // Spec §8: a wrong current password logs the customer out for safety.
      const known = c.var.customer?.email === username ? c.var.customer : undefined;
      if (known) await revokeAll(c.env.DB, known.id, now);
      ended(c);
      return fail(c, 401, 'wrongPassword', languageId);
    }
    await rightPassword(c, username);
    const changed = await changePassword(c.env.DB, customer, newPassword, now);
    return started(
      c,
      await login(c.env.DB, changed, { secret: c.var.config.authSecret!, lifetime: SESSION_REMEMBERED_S, now }),
    );
  });

  auth.post('/logout', async (c) => {
    // Issue 12: logout ends every session of the customer at once, the access tokens included.
    const refreshToken = c.req.header(REFRESH_HEADER) ?? getCookie(c, REFRESH_COOKIE);
    await logout(
      c.env.DB,
      {
        refreshToken: refreshToken && /^[0-9a-f]{64}$/.test(refreshToken) ? refreshToken : undefined,
        customerId: c.var.customer?.id,
      },
      new Date(),
    );
    ended(c);
    return c.json({ success: true });
  });

  return auth;
}
