/**
 * A remote commerce API's identity (./index.ts), asked at its auth endpoint with the signed challenge of
 * spec §7 (./remote-auth.ts). Whose a token is, is the API's getUser answer with it; an API that cannot be
 * reached makes a guest for that request and logs nobody out. The API opens sessions only for a password:
 * no passkeys, and a reset key says whose it is only when it is used (the shopper then logs in).
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { apiErrorOf } from '../../core/api-errors';
import { graphql } from '../../core/graphql/tada';
import { AUTH_COOKIE, USER_COOKIE_REMEMBERED_MAX_AGE_S as SESSION_REMEMBERED_S } from '../session/cookies';
import { BEARER_TOKEN_PATTERN, bearerToken } from '../graphql/request-context';
import type { LoginSession } from '../session/login';
import {
  REMOTE_RESET_KEY_PATTERN,
  forgetRemoteToken,
  remoteCustomer,
  remoteLogout,
  remoteRefresh,
  remoteSignedAuth,
  type RemoteAuthConfig,
  type RemoteCustomer,
  type RemoteOutcome,
  type RemoteTokens,
} from './remote-auth';
import { refused, type Identity, type IdentityResult } from './index';

const COMMIT_RESET = graphql(/* GraphQL */ `
  mutation accountCommitReset(
    $resetKey: String!
    $password: String!
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    commitReset(
      resetKey: $resetKey
      password: $password
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    )
  }
`);

/** Spec §7: a session without "remember me" asks the API for 30 minutes. */
const remoteLifetime = (lifetime: number) => (lifetime < SESSION_REMEMBERED_S ? { sessionLifetime: 30 } : {});

/** The login session of the API's tokens for `customer`, lasting `lifetime` seconds (no browser key). */
function loginSession(customer: RemoteCustomer, tokens: RemoteTokens, lifetime: number): LoginSession {
  return {
    customerId: customer.id,
    email: customer.email,
    customerType: customer.customerType,
    ...tokens,
    sessionLifetime: lifetime,
    browserKey: '',
  };
}

/** The API's answer made a session: whom the token belongs to (its getUser). */
async function sessionOf(c: Context<AppEnv>, result: RemoteOutcome, lifetime: number): Promise<IdentityResult> {
  if (!result.ok) return refused(result.status, result.message, result.retryAfterS);
  const customer = await remoteCustomer(c, result.tokens.token).catch(() => null);
  if (!customer) return refused(503, 'authUnavailable');
  return { ok: true, session: loginSession(customer, result.tokens, lifetime) };
}

/** The auth and sign endpoints the deployment names (./index.ts picks this identity only when it does). */
function authOf(c: Context<AppEnv>): RemoteAuthConfig {
  const auth = c.get('config').remoteAuth;
  if (!auth) throw new Error('remote identity without AUTH_ENDPOINT and SIGN_ENDPOINT');
  return auth;
}

/** The identity of the remote API whose auth and sign endpoints the deployment names (one, not one per request). */
export const remoteIdentity: Identity = {
  async authenticate(c, { token: cookieToken, refreshToken, sessionLifetime }) {
    const token = bearerToken(cookieToken);
    let unreachable = false;
    const ask = (candidate: string) =>
      remoteCustomer(c, candidate).catch(() => {
        unreachable = true;
        return null;
      });
    let customer = token ? await ask(token) : null;
    let refreshed: LoginSession | undefined;
    let endSession = false;
    if (!customer && !unreachable && refreshToken !== undefined) {
      const tokens = BEARER_TOKEN_PATTERN.test(refreshToken) ? await remoteRefresh(authOf(c), refreshToken) : null;
      if (tokens === null) endSession = true;
      else if (tokens !== 'unavailable') {
        customer = await ask(tokens.token);
        // As long as the session the shopper chose at login; "remember me" when unknown.
        if (customer) refreshed = loginSession(customer, tokens, sessionLifetime ?? SESSION_REMEMBERED_S);
        // A new token that names nobody: the session is over.
        else if (!unreachable) endSession = true;
      }
    }
    return {
      customer: customer ? { id: customer.id, email: customer.email, refreshAt: customer.refreshAt } : undefined,
      authToken: refreshed?.token ?? (customer || unreachable ? token : undefined),
      refreshed,
      endSession,
      dropToken: cookieToken !== undefined && !customer && !unreachable,
    };
  },

  async logIn(c, { email, digest, lifetime }) {
    const result = await remoteSignedAuth(authOf(c), 'login', {
      username: email,
      password: digest,
      ...remoteLifetime(lifetime),
    });
    return sessionOf(c, result, lifetime);
  },

  async register(c, input) {
    // The API keeps the account, sends its welcome and asks for the newsletter consent itself.
    const result = await remoteSignedAuth(authOf(c), 'register', {
      username: input.email,
      password: input.digest,
      customerType: input.customerType,
      newsletter: input.newsletter ?? false,
      languageId: input.languageId,
      ...remoteLifetime(input.lifetime),
    });
    return sessionOf(c, result, input.lifetime);
  },

  async changePassword(c, { email, digest, newDigest, lifetime }) {
    const result = await remoteSignedAuth(authOf(c), 'password', {
      username: email,
      password: digest,
      newPassword: newDigest,
      ...remoteLifetime(lifetime),
    });
    // The API logs the customer out everywhere on a wrong password (spec §8): the isolate forgets the token.
    if (!result.ok && result.message === 'wrongPassword') forgetRemoteToken(getCookie(c, AUTH_COOKIE));
    return sessionOf(c, result, lifetime);
  },

  async confirmPassword(c, customer, digest) {
    const result = await remoteSignedAuth(authOf(c), 'login', {
      username: customer.email,
      password: digest,
      sessionLifetime: 30,
    });
    if (!result.ok) return refused(result.status, result.message, result.retryAfterS);
    const confirmed = await remoteCustomer(c, result.tokens.token).catch(() => null);
    if (confirmed?.id !== customer.id) return refused(401, 'wrongPassword');
    return { confirmed: true, authToken: result.tokens.token };
  },

  async logOut(c, refreshToken) {
    await remoteLogout(authOf(c), refreshToken);
    forgetRemoteToken(getCookie(c, AUTH_COOKIE));
  },

  isRefreshToken: (token) => BEARER_TOKEN_PATTERN.test(token),

  reset: {
    keyPattern: REMOTE_RESET_KEY_PATTERN,
    // The API says whose a key is only when it is used.
    accountOf: async () => 'unknown',
    async commit(c, { key, digest }) {
      try {
        await c.get('graphql').mutate(COMMIT_RESET, { resetKey: key, password: digest });
      } catch (error) {
        // The API's refusal of the key (expired, used, unknown) is the shopper's; anything else is ours.
        if (apiErrorOf(error)?.code === 'BAD_USER_INPUT') return 'expired';
        console.error('password reset failed', error);
        return 'failed';
      }
      // It does not say whose the password was: the shopper logs in with it.
      return { session: null };
    },
  },

  // Geins has no way to give a guest's order to an account: no offer on the confirmation page.
  registerFromOrder: null,
  openSession: null,
};
