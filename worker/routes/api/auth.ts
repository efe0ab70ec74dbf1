/**
 * The auth endpoint of spec §7 at /api/auth/ (the storefront's authEndpoint):
 *   GET  login      refresh: a new token for the refresh token in `x-auth-refresh-token` or its cookie
 *   POST login      { username, password, sessionLifetime?, signature? }  -> { token, maxAge }
 *   POST register   { username, password, customerType?, sessionLifetime?, signature? } -> { token, maxAge }
 *   POST password   { username, password, newPassword, signature? }       -> { token, maxAge }
 *   POST logout     ends the session; GET logout too, as the reference client calls it (issue 25), from
 *                   this site or with the refresh token in its header (never a bare cross-site GET)
 *   GET  sign/:sign the signEndpoint: signs a challenge (./session/sign-challenge.ts), answered as a JSON
 *                   string, which the reference client parses (issue 25)
 *   POST passkey/*  passkeys (./passkeys.ts)
 * A POST with only `{ username }` is answered `{ sign }`, the challenge of §7's signed flow; a body with
 * credentials must carry a valid `signature` of it (issue 25: an unsigned one is refused). Passwords arrive hashed by the client (spec §9,
 * core/password-digest.ts). Successful answers carry the rotated refresh token in the
 * `x-auth-refresh-token` header and set the login cookies (worker/session/login.ts), so the same session
 * serves scripts and plain pages; the actions themselves are worker/session/account.ts, shared with the
 * no-JavaScript account forms.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { fromAnotherSite } from '../../urls/same-site';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createTranslator, type MessageKey, localeOfLanguageId } from '../../../locales';
import type { AppEnv } from '../../app-env';
import { refresh, type RefreshResult } from '../../commerce/customers/auth';
import {
  changeOwnPassword,
  logInWithPassword,
  logOut,
  passkeysOffered,
  registerAccount,
  type AuthMessage,
  type AuthOutcome,
} from '../../session/account';
import {
  REFRESH_HEADER,
  beginSession,
  browserKeyOf,
  chosenSessionLifetime,
  endSessionCookies,
  isRefreshToken,
} from '../../session/login';
import { identityOf } from '../../identity';
import { authSecretOf } from '../../identity/built-in';
import { issueChallenge, signChallenge, verifySignature } from '../../session/sign-challenge';
import { REFRESH_COOKIE } from '../../session/cookies';
import { CUSTOMER_TYPES, DEFAULT_CUSTOMER_TYPE } from '../../../core/customer-type';
import { SESSION_REMEMBERED_S } from '../../commerce/customers/auth';
import { passkeyRoutes } from './passkeys';

export { REFRESH_HEADER, REFRESH_COOKIE };

const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('invalidEmail'), v.maxLength(254, 'invalidEmail'));
const Password = v.pipe(
  v.string('passwordRequired'),
  v.minLength(1, 'passwordRequired'),
  v.minLength(7, 'passwordTooShort'),
  v.maxLength(512, 'passwordTooShort'),
);
const Signature = v.optional(v.pipe(v.string(), v.maxLength(300)));
const Lifetime = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_080)));
const Username = v.pipe(v.string('invalidEmail'), Email);
const LanguageId = v.optional(v.string());

/** The first step of the signed flow: only the username. */
const ChallengeRequest = v.object({ username: Username, languageId: LanguageId });
const LoginBody = v.object({
  username: Username,
  password: Password,
  signature: Signature,
  sessionLifetime: Lifetime,
  languageId: LanguageId,
});
const RegisterBody = v.object({
  ...LoginBody.entries,
  customerType: v.optional(v.picklist(CUSTOMER_TYPES), DEFAULT_CUSTOMER_TYPE),
  newsletter: v.optional(v.boolean(), false),
});
const PasswordBody = v.object({ ...LoginBody.entries, newPassword: Password });

type SignedAction = 'login' | 'register' | 'password';

function fail(c: Context<AppEnv>, status: ContentfulStatusCode, message: AuthMessage, languageId?: string) {
  const t = createTranslator(localeOfLanguageId(languageId));
  c.header('Cache-Control', 'no-store');
  return c.json({ error: { code: message, message: t(`api.auth.${message}` as MessageKey) } }, status);
}

function answer(c: Context<AppEnv>, outcome: AuthOutcome, languageId: string | undefined) {
  if (!outcome.ok) {
    if (outcome.retryAfterS !== undefined) c.header('Retry-After', String(outcome.retryAfterS));
    return fail(c, outcome.status, outcome.message, languageId);
  }
  return c.json({ token: outcome.session.token, maxAge: outcome.session.maxAge });
}

/**
 * The body of a credentials POST, checked against `schema`; or, for a body with only `username`, the
 * `{ sign }` challenge answer; or the 400/401 answer. A present `signature` must sign a live challenge for
 * this username and action.
 */
async function readCredentials<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S, action: SignedAction) {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    raw = null;
  }
  const languageId =
    typeof (raw as { languageId?: unknown })?.languageId === 'string'
      ? (raw as { languageId: string }).languageId
      : undefined;
  const bare = raw && typeof raw === 'object' && !('password' in raw) ? v.safeParse(ChallengeRequest, raw) : null;
  if (bare?.success) {
    c.header('Cache-Control', 'no-store');
    const sign = await issueChallenge(authSecretOf(c), bare.output.username, action, new Date());
    return { ok: false as const, response: c.json({ sign }) };
  }
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) {
    const message = parsed.issues[0].message as AuthMessage;
    const known: AuthMessage[] = ['invalidEmail', 'passwordRequired', 'passwordTooShort'];
    return {
      ok: false as const,
      response: fail(c, 400, known.includes(message) ? message : 'invalidEmail', languageId),
    };
  }
  const body = parsed.output as { username: string; signature?: string };
  // Issue 25: the signed flow of spec §7 is the only way in; credentials without a signature are refused.
  if (
    body.signature === undefined ||
    !(await verifySignature(authSecretOf(c), body.signature, { username: body.username, action, now: new Date() }))
  ) {
    return { ok: false as const, response: fail(c, 401, 'signatureInvalid', languageId) };
  }
  return { ok: true as const, body: parsed.output as v.InferOutput<S> };
}

/** Minutes of a session without "remember me" come as sessionLifetime (spec §7: 30). */
const lifetimeOf = (minutes: number | undefined) =>
  minutes ? Math.min(minutes * 60, SESSION_REMEMBERED_S) : SESSION_REMEMBERED_S;

function refreshTokenOf(c: Context<AppEnv>): string | undefined {
  const token = c.req.header(REFRESH_HEADER) ?? getCookie(c, REFRESH_COOKIE);
  return isRefreshToken(c, token) ? token : undefined;
}

/**
 * The page script's refresh in front of a remote API (issue 26): the API rotates the session's refresh
 * token (worker/identity/remote.ts); the script learns only how long the new token lives.
 */
async function refreshRemote(c: Context<AppEnv>) {
  const languageId = c.req.query('languageId');
  if (!c.get('config').remoteAuth) return fail(c, 503, 'authUnavailable', languageId);
  const refreshToken = refreshTokenOf(c);
  const result = refreshToken
    ? await identityOf(c).authenticate(c, {
        token: undefined,
        refreshToken,
        browserKey: undefined,
        sessionLifetime: chosenSessionLifetime(c),
      })
    : { endSession: true };
  if (result.refreshed) {
    beginSession(c, result.refreshed, { refreshHeader: false, customerType: false });
    return c.json({ maxAge: result.refreshed.maxAge });
  }
  if (!result.endSession) return fail(c, 503, 'authUnavailable', languageId);
  endSessionCookies(c);
  return fail(c, 401, 'sessionExpired', languageId);
}

export function authRoutes() {
  const auth = new Hono<AppEnv>();
  auth.use(csrf());
  auth.use(async function requireSecret(c, next) {
    if (!c.get('config').authSecret) throw new Error('AUTH_SECRET is not configured: nobody can log in');
    await next();
  });

  // Passkeys (issue 13): register on the account page, log in with one instead of a password. A remote
  // API (issue 26) opens sessions only for a password, so there the storefront has none (docs/decisions/021).
  auth.use('/passkey/*', async (c, next) => {
    if (!passkeysOffered(c)) return fail(c, 404, 'authUnavailable', c.req.query('languageId'));
    await next();
  });
  auth.route('/passkey', passkeyRoutes());

  auth.get('/login', async (c) => {
    if (c.get('config').graphqlEndpoint) return refreshRemote(c);
    const presented = c.req.header(REFRESH_HEADER);
    const refreshToken = refreshTokenOf(c);
    const result: RefreshResult = refreshToken
      ? await refresh(c.env.DB, refreshToken, {
          secret: authSecretOf(c),
          now: new Date(),
          browserKey: browserKeyOf(c),
          // A token its browser's other tab already rotated gets a session of its own (issue 25).
          sibling: true,
        })
      : null;
    // Another client holds a token rotated a moment ago: the browser that rotated it keeps its cookies.
    if (result === 'elsewhere' || (result && 'concurrent' in result))
      return fail(c, 409, 'refreshedElsewhere', c.req.query('languageId'));
    if (!result) {
      endSessionCookies(c);
      return fail(c, 401, 'sessionExpired', c.req.query('languageId'));
    }
    // The token and the rotated refresh token go to a client that keeps them itself (it sent the refresh
    // token in the header, spec §7). Refreshed by the cookie alone, the answer says only how long the new
    // token lives: a script injected into a page cannot fetch itself a token it could carry away.
    const own = presented !== undefined;
    beginSession(c, result, { refreshHeader: own, customerType: false });
    return c.json(own ? { token: result.token, maxAge: result.maxAge } : { maxAge: result.maxAge });
  });

  auth.get('/sign/:sign', async (c) => {
    c.header('Cache-Control', 'no-store');
    const signature = await signChallenge(authSecretOf(c), c.req.param('sign'), new Date());
    return signature ? c.json(signature) : fail(c, 400, 'signatureInvalid', c.req.query('languageId'));
  });

  auth.post('/login', async (c) => {
    const read = await readCredentials(c, LoginBody, 'login');
    if (!read.ok) return read.response;
    const { username, password, sessionLifetime, languageId } = read.body;
    const outcome = await logInWithPassword(c, {
      email: username,
      digest: password,
      lifetime: lifetimeOf(sessionLifetime),
    });
    return answer(c, outcome, languageId);
  });

  auth.post('/register', async (c) => {
    const read = await readCredentials(c, RegisterBody, 'register');
    if (!read.ok) return read.response;
    const { username, password, customerType, newsletter, sessionLifetime, languageId } = read.body;
    const outcome = await registerAccount(c, {
      email: username,
      digest: password,
      customerType,
      newsletter,
      lifetime: lifetimeOf(sessionLifetime),
      languageId: languageId && /^[a-z]{2}-[A-Z]{2}$/.test(languageId) ? languageId : c.get('languageId'),
    });
    return answer(c, outcome, languageId);
  });

  auth.post('/password', async (c) => {
    const read = await readCredentials(c, PasswordBody, 'password');
    if (!read.ok) return read.response;
    const { username, password, newPassword, languageId } = read.body;
    const outcome = await changeOwnPassword(c, {
      email: username,
      digest: password,
      newDigest: newPassword,
      lifetime: lifetimeOf(read.body.sessionLifetime),
    });
    return answer(c, outcome, languageId);
  });

  auth.post('/logout', async (c) => {
    await logOut(c, refreshTokenOf(c));
    return c.json({ success: true });
  });

  // The reference client logs out with a GET (issue 25). Another site may not: a bare cross-site GET (an
  // image, a link) carries no refresh token header, which only a script of an allowed origin can send.
  auth.get('/logout', async (c) => {
    if (fromAnotherSite(c.req.raw.headers) && c.req.header(REFRESH_HEADER) === undefined)
      return fail(c, 403, 'signatureInvalid', c.req.query('languageId'));
    await logOut(c, refreshTokenOf(c));
    return c.json({ success: true });
  });

  return auth;
}
