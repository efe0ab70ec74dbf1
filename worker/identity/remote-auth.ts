/**
 * The wire of a remote commerce API's identity (issue 26, ./remote.ts): the storefront server speaks the API's auth
 * endpoint (spec §7) as the reference client does, but from the server, so neither the sign endpoint (which
 * carries the merchant's key) nor the API's refresh token ever reaches the browser:
 *
 *   POST {authEndpoint}{action}  { username }                       -> { sign }
 *   GET  {signEndpoint}{sign}                                        -> the signature (JSON, kept as it is)
 *   POST {authEndpoint}{action}  { username, signature, password, … } -> { token, maxAge } + x-auth-refresh-token
 *   GET  {authEndpoint}login     x-auth-refresh-token                 -> { token, maxAge } + a rotated one
 *   POST {authEndpoint}logout    x-auth-refresh-token
 *
 * Who the token belongs to is the API's answer to `getUser` with that token (kept in the isolate for a
 * minute, so a page does not cost a round trip to ask), never the token's own claims: the storefront cannot
 * verify a remote API's signature. Our built-in API's /api/auth is that endpoint for the built-in case.
 */
import type { Context } from 'hono';
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { customerTypeOf, type CustomerType } from '../../core/customer-type';
import { answerOperations } from '../graphql/http';
import { BEARER_TOKEN_PATTERN, requestContext } from '../graphql/request-context';
import type { AuthMessage } from './index';

/** How long the storefront waits for the auth endpoint and the sign endpoint. */
export const REMOTE_AUTH_TIMEOUT_MS = 10_000;
const REFRESH_HEADER = 'x-auth-refresh-token';

/**
 * A remote API's password reset key, as its mail's link carries it to the storefront: the API checks it
 * when it is used (commitReset); the storefront only keeps what could be one (URL-safe, at most 512).
 */
export const REMOTE_RESET_KEY_PATTERN = /^[A-Za-z0-9\-._~+/=]{8,512}$/;

export interface RemoteAuthConfig {
  authEndpoint: string;
  signEndpoint: string;
}

/** The API's session: its access token, how long it lives (s), and its refresh token. */
export interface RemoteTokens {
  token: string;
  maxAge: number;
  refreshToken: string;
}

export type RemoteOutcome =
  | { ok: true; tokens: RemoteTokens }
  | { ok: false; status: 401 | 409 | 429 | 503; message: AuthMessage; retryAfterS?: number };

const TokenAnswer = v.object({
  token: v.pipe(v.string(), v.regex(BEARER_TOKEN_PATTERN)),
  maxAge: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

const unavailable: RemoteOutcome = { ok: false, status: 503, message: 'authUnavailable' };

async function call(url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REMOTE_AUTH_TIMEOUT_MS) });
  } catch (error) {
    console.error('auth endpoint unreachable', new URL(url).origin, error instanceof Error ? error.message : error);
    return null;
  }
}

async function json(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The API's tokens from a successful answer, or null when it is not one. */
async function tokensOf(response: Response, previousRefresh?: string): Promise<RemoteTokens | null> {
  const parsed = v.safeParse(TokenAnswer, await json(response));
  const refreshToken = response.headers.get(REFRESH_HEADER) ?? previousRefresh;
  if (!response.ok || !parsed.success || !refreshToken || !BEARER_TOKEN_PATTERN.test(refreshToken)) return null;
  return { token: parsed.output.token, maxAge: parsed.output.maxAge, refreshToken };
}

/** A refusal of the auth endpoint in our words; what we cannot read is 'the service is unavailable'. */
function refusal(response: Response, action: string): RemoteOutcome {
  const retry = Number(response.headers.get('Retry-After'));
  const retryAfterS = Number.isInteger(retry) && retry > 0 ? retry : undefined;
  if (response.status === 429) return { ok: false, status: 429, message: 'tooManyAttempts', retryAfterS };
  if (response.status === 409) return { ok: false, status: 409, message: 'accountExists' };
  if (response.status === 401 || response.status === 403 || response.status === 400)
    return { ok: false, status: 401, message: action === 'password' ? 'wrongPassword' : 'wrongCredentials' };
  return unavailable;
}

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

/**
 * The signed flow of spec §7 for `action`: the challenge, its signature from the sign endpoint, then the
 * credentials (`password`, and `newPassword` for a change, already digested as the client does).
 */
export async function remoteSignedAuth(
  auth: RemoteAuthConfig,
  action: 'login' | 'register' | 'password',
  credentials: { username: string; password: string } & Record<string, unknown>,
): Promise<RemoteOutcome> {
  const url = `${auth.authEndpoint}${action}`;
  const challenge = await call(url, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ username: credentials.username }),
  });
  if (!challenge) return unavailable;
  const sign = (await json(challenge)) as { sign?: unknown } | null;
  if (!challenge.ok || typeof sign?.sign !== 'string') return challenge.ok ? unavailable : refusal(challenge, action);
  const signed = await call(`${auth.signEndpoint}${encodeURIComponent(sign.sign)}`, {
    method: 'GET',
    headers: { Accept: 'application/json' },
  });
  const signature = signed?.ok ? await json(signed) : null;
  if (signature === null) {
    console.error('sign endpoint refused the challenge', signed?.status);
    return unavailable;
  }
  const answer = await call(url, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ ...credentials, signature }),
  });
  if (!answer) return unavailable;
  const tokens = await tokensOf(answer);
  return tokens ? { ok: true, tokens } : answer.ok ? unavailable : refusal(answer, action);
}

/** A new token for `refreshToken` (rotated when the API rotates it), null when the API refuses it. */
export async function remoteRefresh(
  auth: RemoteAuthConfig,
  refreshToken: string,
): Promise<RemoteTokens | null | 'unavailable'> {
  const answer = await call(`${auth.authEndpoint}login`, {
    method: 'GET',
    headers: { Accept: 'application/json', [REFRESH_HEADER]: refreshToken },
  });
  if (!answer || answer.status >= 500) return 'unavailable';
  return tokensOf(answer, refreshToken);
}

/** Ends the API's session of `refreshToken`; the storefront forgets it whatever the API says. */
export async function remoteLogout(auth: RemoteAuthConfig, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  await call(`${auth.authEndpoint}logout`, {
    method: 'POST',
    headers: { ...jsonHeaders, [REFRESH_HEADER]: refreshToken },
    body: '{}',
  });
}

const USER_QUERY = /* GraphQL */ `
  query storefrontUser {
    getUser {
      id
      email
      customerType
    }
  }
`;

const UserAnswer = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  email: v.string(),
  customerType: v.nullish(v.string()),
});

/** The customer a token names, as the API says, with the account's customer type. */
export interface RemoteCustomer {
  id: number;
  email: string;
  customerType: CustomerType;
  /** When the token should be refreshed (epoch ms), when its claims say. */
  refreshAt?: number;
}

const USER_TTL_MS = 60_000;
const USERS_KEPT = 500;
const users = new Map<string, { at: number; user: Promise<RemoteCustomer | null> }>();

/** When a token should be refreshed (90 % of its life, spec §9), from its claims if it has readable ones. */
function refreshAtOf(token: string): number | undefined {
  try {
    const { iat, exp } = decodeJwt(token);
    if (typeof exp !== 'number') return undefined;
    return (typeof iat === 'number' ? iat + 0.9 * (exp - iat) : exp - 360) * 1000;
  } catch {
    return undefined;
  }
}

/**
 * Who `token` belongs to, by the API's `getUser` (kept a minute in the isolate), or null when the API
 * does not know it (expired, ended, forged); rejects when the API cannot be asked.
 */
export function remoteCustomer(c: Context<AppEnv>, token: string): Promise<RemoteCustomer | null> {
  const now = Date.now();
  const hit = users.get(token);
  if (hit && now - hit.at < USER_TTL_MS) return hit.user;
  const user = (async () => {
    const context = await requestContext(c, { customer: undefined, priceToken: undefined, authToken: token });
    const [answer] = await answerOperations(
      [{ raw: { query: USER_QUERY, variables: {}, operationName: 'storefrontUser' }, method: 'POST' }],
      context,
    );
    if (answer!.status === 'rejected') throw answer!.reason;
    const { body, status } = answer!.value;
    const result = JSON.parse(body) as { data?: { getUser?: unknown }; errors?: { extensions?: { code?: string } }[] };
    if (status >= 500 || result.errors?.some((error) => error.extensions?.code === 'UPSTREAM_UNAVAILABLE'))
      throw new Error(`getUser failed: ${body.slice(0, 200)}`);
    const parsed = v.safeParse(UserAnswer, result.data?.getUser);
    if (!parsed.success) return null;
    const refreshAt = refreshAtOf(token);
    return {
      id: parsed.output.id,
      email: parsed.output.email,
      customerType: customerTypeOf(parsed.output.customerType ?? undefined),
      ...(refreshAt === undefined ? {} : { refreshAt }),
    };
  })();
  if (users.size >= USERS_KEPT) users.delete(users.keys().next().value!);
  users.set(token, { at: now, user });
  // A token the API does not know, or could not be asked about, is asked again next time (only this
  // answer is dropped: a newer one for the same token may have replaced it meanwhile).
  const drop = () => users.get(token)?.user === user && users.delete(token);
  user.then((known) => known ?? drop(), drop);
  return user;
}

/** Forgets what the isolate knows of `token` (it was ended: logout, password change). */
export function forgetRemoteToken(token: string | undefined): void {
  if (token) users.delete(token);
}
