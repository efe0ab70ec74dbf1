/**
 * The paths of the payment step (contract 7): our payment page, the storefront's confirmation page and
 * the failure page, all in the storefront's locale (and market) prefix, which we read from the
 * confirmation URL the storefront gave placeOrder.
 */
import type { PaymentRecord } from '../commerce/orders/payments';
import { isSameSitePath } from '../urls/same-site';
import type { PaymentFailureReason } from './failures';

/** The query the confirmation page reads (placeOrder fills in the order and the cart). */
export const CONFIRMATION_QUERY = '?orderId={payment.uid}&cartId={geins.cartid}';

/** Where placeOrder sends the shopper whose order waits for its payment. */
export function payStepUrl(publicId: string, shopPrefix: string): string {
  return `${shopPrefix}/checkout/pay?orderId=${encodeURIComponent(publicId)}`;
}

/** '', '/en' or '/se/en': at most two short segments before /checkout/. */
const PREFIX_BEFORE_CHECKOUT = /^((?:\/[a-z]{2,8}){0,2})\/checkout\//;

/**
 * The payment step of an order from the storefront's confirmation URL: where the shopper goes once paid
 * (only a path on this site; anything else becomes our own confirmation page, so a payment never ends on
 * someone else's site) and the locale prefix of the storefront's pages.
 */
export function paymentStepOf(confirmationUrl: string): { confirmationUrl: string; shopPrefix: string } {
  const path = isSameSitePath(confirmationUrl) ? confirmationUrl : '/checkout/confirm?orderId={payment.uid}';
  const shopPrefix = PREFIX_BEFORE_CHECKOUT.exec(path.split('?')[0]!)?.[1] ?? '';
  return { confirmationUrl: path, shopPrefix };
}

/** The storefront's confirmation page of a payment's order (contract 7: /checkout/confirm?orderId=…&cartId=…). */
export function confirmationUrlFor(payment: PaymentRecord): string {
  const url =
    payment.confirmationUrl ?? `${payment.shopPrefix}/checkout/confirm?orderId={payment.uid}&cartId={geins.cartid}`;
  return url.replaceAll('{payment.uid}', payment.order.publicId).replaceAll('{geins.cartid}', payment.order.cartId);
}

/** The failure page (helper D's /checkout/klarna-fail) with the reason it explains. */
export function failureUrlFor(payment: PaymentRecord, reason: PaymentFailureReason): string {
  const query = new URLSearchParams({ orderId: payment.order.publicId, reason });
  return `${payment.shopPrefix}/checkout/klarna-fail?${query}`;
}
