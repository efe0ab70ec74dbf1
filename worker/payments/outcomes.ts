/**
 * What the shop does with a provider's verified word on a payment (worker/commerce/orders/payments.ts records
 * it): authorized confirms the order and then acknowledges it to the provider; declined or cancelled
 * cancels it and reopens the shopper's cart; pending waits. Repeating any of it changes nothing more.
 */
import {
  confirmPayment,
  failPayment,
  findPayment,
  markAcknowledged,
  type PaymentRecord,
} from '../commerce/orders/payments';
import type { PaymentNotification, PaymentOutcome, PaymentProvider } from './types';

export type RecordedOutcome = 'confirmed' | 'failed' | 'pending' | 'unchanged';

async function acknowledgeOnce(
  provider: PaymentProvider,
  payment: PaymentRecord,
  db: D1Database,
  now: Date,
): Promise<void> {
  if (!provider.acknowledge || payment.acknowledgedAt) return;
  try {
    await provider.acknowledge(payment.reference);
    await markAcknowledged(db, payment.id, now);
  } catch (error) {
    // The provider pushes again until acknowledged; the next push retries.
    console.error('payment acknowledge failed', payment.provider, payment.reference, error);
  }
}

/** Applies `outcome` to `payment` (found by the caller from the provider's reference). */
export async function recordOutcome(
  db: D1Database,
  provider: PaymentProvider,
  payment: PaymentRecord,
  outcome: PaymentOutcome,
  now: Date,
): Promise<RecordedOutcome> {
  if (outcome === 'pending') return 'pending';
  if (outcome === 'authorized') {
    const confirmed = (await confirmPayment(db, payment, now)) === 'CONFIRMED';
    const current = confirmed
      ? payment
      : ((await findPayment(db, { provider: payment.provider, reference: payment.reference })) ?? payment);
    if (confirmed || current.status === 'AUTHORIZED') {
      await acknowledgeOnce(provider, current, db, now);
      return confirmed ? 'confirmed' : 'unchanged';
    }
    // Paid at the provider after the order was cancelled here (declined in another tab): give it back.
    if (current.status === 'DECLINED' || current.status === 'CANCELLED') {
      await provider
        .cancel?.(payment.reference)
        .catch((error) => console.error('payment cancel failed', payment.reference, error));
    }
    return 'unchanged';
  }
  const reopened = await failPayment(db, payment, outcome, outcome, now);
  return reopened ? 'failed' : 'unchanged';
}

/**
 * A provider's notification, start to end: verified by its adapter (throws PaymentNotificationRejected
 * or PaymentProviderError), matched to our payment, and recorded. 'unknown' when no payment of ours has
 * that reference. The notify route and the built-in hosted page both come through here, so the hosted
 * page's own decision is believed exactly as a provider's call would be.
 */
export async function acceptNotification(
  db: D1Database,
  provider: PaymentProvider,
  request: Request,
  now: Date,
): Promise<(PaymentNotification & { result: RecordedOutcome }) | 'unknown'> {
  const notification = await provider.handleNotification(request);
  const payment = await findPayment(db, { provider: provider.id, reference: notification.reference });
  if (!payment) return 'unknown';
  return { ...notification, result: await recordOutcome(db, provider, payment, notification.outcome, now) };
}
