/** What the payment routes and the checkout page share: prefixed page paths, the configured adapters, and where a payment leads. */
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import type { PaymentRecord } from '../commerce/orders/payments';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from '../session/cookies';
import { isPaymentFailureReason, type PaymentFailureReason } from './failures';
import { configuredProvider } from './registry';
import type { PaymentProviderId } from './types';
import { confirmationUrlFor, failureUrlFor } from './urls';

/** A page path with the optional locale and market prefixes (`/en/...`, `/se/en/...`). */
export function withPrefixes(path: string): string[] {
  return [path, `/:first${path}`, `/:first/:second${path}`];
}

/** The adapter of `id` with this deployment's configuration. */
export function providerOf(c: Context<AppEnv>, id: PaymentProviderId) {
  return configuredProvider(id, { config: c.var.config, db: c.env.DB });
}

/** The shopper's way on from a payment as it stands: confirmation, failure page (with the new cart), or null while pending. */
export function destinationOf(c: Context<AppEnv>, payment: PaymentRecord): string | null {
  if (
    payment.status === 'AUTHORIZED' ||
    payment.status === 'CAPTURED' ||
    (payment.order.status !== 'PENDING_PAYMENT' && payment.order.status !== 'CANCELLED')
  ) {
    return confirmationUrlFor(payment);
  }
  if (payment.status === 'DECLINED' || payment.status === 'CANCELLED' || payment.order.status === 'CANCELLED') {
    if (payment.reopenedCartId)
      setCookie(c, CART_COOKIE, payment.reopenedCartId, preferenceCookie(CART_COOKIE_MAX_AGE_S));
    const reason: PaymentFailureReason = isPaymentFailureReason(payment.failureReason)
      ? payment.failureReason
      : 'cancelled';
    return failureUrlFor(payment, reason);
  }
  return null;
}
