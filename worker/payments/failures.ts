/**
 * Why a payment did not go through, as the failure page (/checkout/klarna-fail?orderId=…&reason=…)
 * explains it: the outcomes of contract 7 (declined, cancelled, error) and the checkout provider
 * failures of spec §8: the order could not be created there (Klarna or Avarda refusing its data), a
 * product out of stock, the shopper blocked, and "possibly out of stock or too little balance" (Klarna's
 * validation callback, where the shop refuses a purchase whose order is no longer held and cannot tell
 * which of the two gave way, worker/routes/payments/index.ts).
 */
import type { MessageKey } from '../../locales';

export const PAYMENT_FAILURE_REASONS = [
  'declined',
  'cancelled',
  'error',
  'order-failed',
  'stock-or-balance',
  'out-of-stock',
  'blocked',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

const MESSAGES: Record<PaymentFailureReason, MessageKey> = {
  declined: 'payments.failure.declined',
  cancelled: 'payments.failure.cancelled',
  error: 'payments.failure.error',
  'order-failed': 'payments.failure.orderFailed',
  'stock-or-balance': 'payments.failure.stockOrBalance',
  'out-of-stock': 'payments.failure.outOfStock',
  blocked: 'payments.failure.blocked',
};

/** Whether `value` is a reason the failure page explains. */
export function isPaymentFailureReason(value: unknown): value is PaymentFailureReason {
  return typeof value === 'string' && (PAYMENT_FAILURE_REASONS as readonly string[]).includes(value);
}

/** The message the failure page shows for `reason` (the query's `reason`); anything unknown is 'error'. */
export function paymentFailureMessageKey(reason: string | null | undefined): MessageKey {
  return MESSAGES[isPaymentFailureReason(reason) ? reason : 'error'];
}
