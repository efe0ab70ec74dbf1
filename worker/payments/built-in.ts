/**
 * The built-in payment provider (issue 6, the default; no account needed): the worker serves its own
 * hosted payment page (worker/routes/payments/index.ts) where the shopper approves or declines, and the page
 * then confirms server to server, as a real provider would, by POSTing a notification signed with
 * HS256 (jose) to /api/payments/built-in/notify. The notification is all the provider says: the shop
 * believes it only when its signature holds and it is fresh.
 */
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import * as v from 'valibot';
import {
  PaymentNotificationRejected,
  type PaymentNotification,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentSession,
} from './types';
import { purposeKey } from '../commerce/crypto';

const ISSUER = 'built-in-payments';
const AUDIENCE = 'payment-notification';
/** A notification older than this is refused (a replayed old message changes nothing anyway). */
const NOTIFICATION_TTL = '5m';

/** The hosted payment page of a session. */
export function hostedPagePath(reference: string): string {
  return `/payments/hosted/${encodeURIComponent(reference)}`;
}

/** The notification's claims: whose payment and what the shopper decided. */
const NotificationClaims = v.object({
  ref: v.pipe(v.string(), v.uuid()),
  outcome: v.picklist(['authorized', 'declined', 'cancelled']),
});

/**
 * The notification key: BUILT_IN_PAYMENT_SECRET, or else HMAC-SHA256(AUTH_SECRET, label) so that
 * `npm run dev` (which makes its own AUTH_SECRET) works with no extra secret, while the login token key
 * itself is never used for anything else.
 */
export async function builtInPaymentKey(secrets: {
  builtInSecret: string | undefined;
  authSecret: string | undefined;
}): Promise<Uint8Array> {
  if (secrets.builtInSecret) return new TextEncoder().encode(secrets.builtInSecret);
  if (!secrets.authSecret)
    throw new Error('BUILT_IN_PAYMENT_SECRET (or AUTH_SECRET) must be set for the built-in payment provider');
  return purposeKey(secrets.authSecret, 'built-in payment notifications');
}

/** The body the hosted page sends: a compact JWS of `{ ref, outcome }`. */
export function signBuiltInNotification(
  key: Uint8Array,
  notification: { reference: string; outcome: Exclude<PaymentOutcome, 'pending'> },
  now: Date,
): Promise<string> {
  return new SignJWT({ ref: notification.reference, outcome: notification.outcome })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(NOTIFICATION_TTL)
    .sign(key);
}

export interface BuiltInDeps {
  key: () => Promise<Uint8Array>;
  /** The payment's status as the shop recorded it: the built-in provider keeps no state of its own. */
  recordedOutcome: (reference: string) => Promise<PaymentOutcome>;
}

/**
 * The built-in adapter (see above): a session is a fresh reference and our hosted page; a notification
 * counts only with a valid, fresh HS256 signature; its status is whatever the shop recorded.
 */
export function createBuiltInProvider(deps: BuiltInDeps): PaymentProvider {
  return {
    id: 'built-in',

    async startSession(): Promise<PaymentSession> {
      const reference = crypto.randomUUID();
      return { kind: 'redirect', reference, url: hostedPagePath(reference) };
    },

    async handleNotification(request: Request): Promise<PaymentNotification> {
      const token = (await request.text()).trim();
      if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
        throw new PaymentNotificationRejected('not a signed notification', 400);
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, await deps.key(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        }));
      } catch (error) {
        const malformed = error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid;
        throw new PaymentNotificationRejected(
          `notification refused: ${(error as Error).message}`,
          malformed ? 400 : 401,
        );
      }
      const claims = v.safeParse(NotificationClaims, payload);
      if (!claims.success)
        throw new PaymentNotificationRejected('notification without a payment reference and outcome', 400);
      return { reference: claims.output.ref, outcome: claims.output.outcome };
    },

    readStatus(reference: string): Promise<PaymentOutcome> {
      return deps.recordedOutcome(reference);
    },

    // The test provider took no money (PAYMENT_TEST_MODE), and the shop's own invoice is credited in its
    // own books: the refund's record is all there is.
    async refund() {
      return { reference: null };
    },
  };
}
