/** What the payment routes and the checkout page share: the configured adapters, and where a payment leads. */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { sameToken } from '../commerce/crypto';
import { ownerTokenOf, type PaymentRecord } from '../commerce/orders/payments';
import {
  CART_COOKIE,
  CART_COOKIE_MAX_AGE_S,
  PAYMENT_COOKIE,
  PAYMENT_COOKIE_MAX_AGE_S,
  preferenceCookie,
} from '../session/cookies';
import { isPaymentFailureReason, type PaymentFailureReason } from './failures';
import { configuredProvider } from './registry';
import type { PaymentProviderId } from './types';
import { confirmationUrlFor, failureUrlFor } from './urls';

/** The adapter of `id` with this deployment's configuration. */
export function providerOf(c: Context<AppEnv>, id: PaymentProviderId) {
  return configuredProvider(id, { config: c.get('config'), db: c.env.DB });
}

/**
 * Whether this request comes from the shopper whose order the payment is (issue 12): the browser's cart
 * cookie names the order's cart (or the cart reopened from it), it holds the payment's capability cookie
 * (given when its payment step started: pages in between may move the cart cookie on), or its logged-in
 * customer placed the order. The order's public id, in URLs and mails, proves nothing: only the owner
 * may see the payment page, decide a test payment, cancel it, or receive the reopened cart with its
 * details and gift cards.
 */
export function isPaymentOwner(c: Context<AppEnv>, payment: PaymentRecord): boolean {
  const cartId = getCookie(c, CART_COOKIE);
  if (cartId && cartId === payment.reopenedCartId) return true;
  // The order's cart id counts only until the payment step gave the capability: the confirmation URL
  // carries that id (contract 7), so once a payment is under way it alone proves nothing.
  if (cartId && cartId === payment.order.cartId && payment.ownerToken === null) return true;
  const capability = getCookie(c, PAYMENT_COOKIE);
  if (capability && payment.ownerToken && sameToken(capability, payment.ownerToken)) return true;
  const customer = c.get('customer');
  return customer !== undefined && payment.order.customerId !== null && customer.id === payment.order.customerId;
}

/** Gives the owner's browser the payment's capability cookie (see `isPaymentOwner`). */
export async function grantPaymentCapability(c: Context<AppEnv>, payment: PaymentRecord): Promise<void> {
  setCookie(c, PAYMENT_COOKIE, await ownerTokenOf(c.env.DB, payment), {
    path: '/',
    maxAge: PAYMENT_COOKIE_MAX_AGE_S,
    httpOnly: true,
    secure: new URL(c.req.url).protocol === 'https:',
    sameSite: 'Lax',
  });
}

/** The shopper's way on from a payment as it stands: confirmation, failure page (with the new cart), or null while pending. */
export function destinationOf(c: Context<AppEnv>, payment: PaymentRecord, knownOwner = false): string | null {
  if (
    payment.status === 'AUTHORIZED' ||
    payment.status === 'CAPTURED' ||
    (payment.order.status !== 'PENDING_PAYMENT' && payment.order.status !== 'CANCELLED')
  ) {
    return confirmationUrlFor(payment);
  }
  if (payment.status === 'DECLINED' || payment.status === 'CANCELLED' || payment.order.status === 'CANCELLED') {
    // The reopened cart holds the shopper's details and gift cards: only their own browser gets it.
    if (payment.reopenedCartId && (knownOwner || isPaymentOwner(c, payment)))
      setCookie(c, CART_COOKIE, payment.reopenedCartId, preferenceCookie(CART_COOKIE_MAX_AGE_S));
    const reason: PaymentFailureReason = isPaymentFailureReason(payment.failureReason)
      ? payment.failureReason
      : 'cancelled';
    return failureUrlFor(payment, reason);
  }
  return null;
}
