/**
 * The built-in API's identity, answered in process (./index.ts): its accounts and sessions in D1
 * (worker/commerce/customers/auth.ts), its access tokens signed with AUTH_SECRET (./built-in-token.ts), its
 * welcome mail and newsletter consent. The same answers its auth endpoint (worker/routes/api/auth.ts) gives
 * a client over HTTP.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import {
  changePassword,
  checkCredentials,
  login,
  logout,
  refresh,
  register,
  revokeAll,
  sessionCustomerById,
} from '../commerce/customers/auth';
import {
  adoptGuestOrder,
  commitPasswordReset,
  passwordResetAccount,
  RESET_KEY_PATTERN,
} from '../commerce/customers/customers';
import { findOrder } from '../commerce/orders/records';
import { askNewsletterConsent, queueWelcomeMail } from '../commerce/mail/customer-mails';
import { isWellFormedJwt } from '../commerce/pricing/price-validation';
import { publicOrigin } from '../urls/request';
import { verifyAuthToken } from './built-in-token';
import { refused, type Authentication, type Identity } from './index';

/** A refresh token (and a browser key) as the built-in API issues it: 32 random bytes in hex. */
export const BUILT_IN_REFRESH_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** AUTH_SECRET, which signs every login token; without it nobody can log in (an error, not a guest). */
export function authSecretOf(c: Context<AppEnv>): string {
  const secret = c.get('config').authSecret;
  if (!secret) throw new Error('AUTH_SECRET is not configured: nobody can log in');
  return secret;
}

export const builtInIdentity: Identity = {
  async authenticate(c, { token, refreshToken, browserKey }) {
    const secret = c.get('config').authSecret;
    const customer = token && secret ? await verifyAuthToken(token, secret, c.env.DB) : undefined;
    if (customer) return { customer };
    const refreshed =
      secret && refreshToken !== undefined ? await refreshedSession(c, secret, refreshToken, browserKey) : {};
    // A cookie that does not name a customer is dropped, so it is not sent (and checked) again; unless a
    // refresh replaces it (or a parallel request's answer does).
    const dropToken = token !== undefined && !refreshed.customer && (Boolean(secret) || !isWellFormedJwt(token));
    return { ...refreshed, dropToken };
  },

  async logIn(c, { email, digest, lifetime }) {
    const customer = await checkCredentials(c.env.DB, email, digest);
    if (!customer) return refused(401, 'wrongCredentials');
    const session = await login(c.env.DB, customer, {
      secret: authSecretOf(c),
      lifetime,
      now: new Date(),
      passwordChecked: true,
    });
    return { ok: true, session };
  },

  async register(c, input) {
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
  },

  async changePassword(c, { email, digest, newDigest, lifetime }) {
    const now = new Date();
    const customer = await checkCredentials(c.env.DB, email, digest);
    if (!customer) {
      const known = c.get('customer')?.email === email ? c.get('customer') : undefined;
      if (known) await revokeAll(c.env.DB, known.id, now);
      return refused(401, 'wrongPassword');
    }
    const changed = await changePassword(c.env.DB, customer, newDigest, now);
    const session = await login(c.env.DB, changed, { secret: authSecretOf(c), lifetime, now, passwordChecked: true });
    return { ok: true, session };
  },

  async confirmPassword(c, customer, digest) {
    const confirmed = await checkCredentials(c.env.DB, customer.email, digest);
    if (!confirmed || confirmed.id !== customer.id) return refused(401, 'wrongPassword');
    return { confirmed: true };
  },

  async logOut(c, refreshToken) {
    await logout(c.env.DB, { refreshToken, customerId: c.get('customer')?.id }, new Date());
  },

  isRefreshToken: (token) => BUILT_IN_REFRESH_TOKEN_PATTERN.test(token),

  reset: {
    keyPattern: RESET_KEY_PATTERN,
    accountOf: (c, key) => passwordResetAccount(c.env.DB, key, new Date()),
    async commit(c, { key, digest, lifetime }) {
      const customerId = await commitPasswordReset(c.env.DB, { key, password: digest, now: new Date() });
      if (customerId === 'expired') return 'expired';
      const customer = await sessionCustomerById(c.env.DB, customerId);
      if (!customer) return 'expired';
      const session = await login(c.env.DB, customer, { secret: authSecretOf(c), lifetime, now: new Date() });
      return { session };
    },
  },

  async registerFromOrder(c, { publicId, digest, lifetime }) {
    const order = await findOrder(c.env.DB, { publicId });
    if (!order || order.customerId !== null) return 'taken';
    const outcome = await builtInIdentity.register(c, {
      email: order.email,
      digest,
      customerType: order.customerType,
      lifetime,
      languageId: order.languageId,
      newsletter: false,
    });
    if (!outcome.ok) return outcome;
    await adoptGuestOrder(c.env.DB, outcome.session.customerId, order, new Date());
    return { ...outcome, languageId: order.languageId };
  },

  openSession: (c, customer, lifetime) =>
    login(c.env.DB, customer, { secret: authSecretOf(c), lifetime, now: new Date() }),
};

/**
 * Transparent refresh (issue 13) of an expired access token with the refresh cookie: a new session whose
 * cookies go on the answer; a parallel request of the same browser that finds the token rotated a moment
 * ago is served as the same customer without new cookies (the other request's answer carries them), if it
 * carries the session's browser key; another client with a copy of that token is a guest (issue 24).
 */
async function refreshedSession(
  c: Context<AppEnv>,
  secret: string,
  refreshToken: string,
  browserKey: string | undefined,
): Promise<Pick<Authentication, 'customer' | 'refreshed' | 'endSession'>> {
  if (!BUILT_IN_REFRESH_TOKEN_PATTERN.test(refreshToken)) return { endSession: true };
  const result = await refresh(c.env.DB, refreshToken, { secret, now: new Date(), browserKey });
  // Rotated a moment ago, and this is not the browser it was handed to: a guest, the cookies left alone.
  if (result === 'elsewhere') return {};
  if (!result) return { endSession: true };
  if ('concurrent' in result) return { customer: { id: result.concurrent.id, email: result.concurrent.email } };
  return {
    customer: { id: result.customerId, email: result.email, refreshAt: Date.now() + 900 * result.maxAge },
    refreshed: result,
  };
}
