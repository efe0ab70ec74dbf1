/**
 * A shopper back at the checkout (`/kassan`) whose cart cookie still names the cart of an order that
 * waits for its payment: they pressed Back on the hosted payment page or in Klarna's or Avarda's
 * checkout, or opened the checkout again in another tab.
 *
 * Decision: the payment is cancelled and the checkout shows the cart again, with a notice; the shopper
 * is NOT sent forward to `/checkout/pay`. Back from the provider's page lands on the checkout, so
 * sending them forward again would turn the Back button into a loop, and someone who goes back to the
 * checkout almost always wants to change something (payment method, address, items) that the placed
 * order cannot take. Cancelling (`failPayment`, reason 'cancelled') gives back the stock, gift cards,
 * balance and promo code use, and reopens a cart with the same items, code and details; an unpaid order
 * never holds the stock while the shopper shops on. Before that the provider is asked: a payment it
 * authorized meanwhile (its notification still on the way) is confirmed and the shopper sent to the
 * confirmation instead, so a paid order is never cancelled here. An order already cancelled (declined,
 * Back to checkout on the hosted page, or the sweep) gives its reopened cart the same way.
 */
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { failPayment, findPayment, type PaymentRecord } from '../commerce/orders/payments';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from '../session/cookies';
import { recordOutcome } from './outcomes';
import { PaymentProviderError, type PaymentOutcome } from './types';
import { confirmationUrlFor } from './urls';
import { isPaymentOwner, providerOf } from './context';

/** What the checkout does with a cart that was ordered but not paid. */
export type UnpaidOrderCart = { kind: 'reopened'; cartId: string } | { kind: 'paid'; url: string };

/** The provider's word on a payment whose session started; 'pending' when it cannot tell. */
async function providerWord(c: Context<AppEnv>, payment: PaymentRecord): Promise<PaymentOutcome> {
  if (!payment.session) return 'pending';
  const provider = providerOf(c, payment.provider);
  try {
    const outcome = await provider.readStatus(payment.reference);
    if (outcome !== 'pending') await recordOutcome(c.env.DB, provider, payment, outcome, new Date());
    return outcome;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error('payment status failed', payment.provider, error.message);
    return 'pending';
  }
}

/**
 * For the cart `cartId` of an unpaid order (see above): the reopened cart, its cookie set, or the
 * confirmation of an order paid after all; null when the cart is not an unpaid order's (or the orders
 * live behind an external GraphQL endpoint, which keeps its own payments).
 */
export async function reopenUnpaidOrder(c: Context<AppEnv>, cartId: string): Promise<UnpaidOrderCart | null> {
  if (c.get('config').graphqlEndpoint) return null;
  let payment = await findPayment(c.env.DB, { cartId });
  // Only the shopper's own browser cancels or reopens (issue 12): a cart id copied from a URL does not.
  if (!payment || !isPaymentOwner(c, payment)) return null;
  if (payment.order.status === 'PENDING_PAYMENT' && payment.status === 'PENDING') {
    if ((await providerWord(c, payment)) === 'pending')
      await failPayment(c.env.DB, payment, 'cancelled', 'cancelled', new Date());
    payment = (await findPayment(c.env.DB, { cartId })) ?? payment;
    // Paid at the provider a moment ago: the shopper's order is done, not reopened.
    if (payment.status === 'AUTHORIZED') return { kind: 'paid', url: confirmationUrlFor(payment) };
  }
  if (payment.order.status !== 'CANCELLED' || !payment.reopenedCartId) return null;
  setCookie(c, CART_COOKIE, payment.reopenedCartId, preferenceCookie(CART_COOKIE_MAX_AGE_S));
  return { kind: 'reopened', cartId: payment.reopenedCartId };
}
