/**
 * The failed-payment page (spec §2 `/checkout/klarna-fail`, issue 6 contract 7/8), where the payment step
 * sends a shopper whose payment was declined, cancelled or failed:
 * `?orderId={publicId}&reason=declined|cancelled|error|order-failed|out-of-stock|blocked`.
 * The reason picks the text of spec §8 (worker/payments/failures.ts; anything unknown reads as a
 * generic error), and the page leads back to the checkout. Not indexed; the shopper's own.
 */
import { PaymentFailedPage } from '../../../client/views/pages/PaymentFailedPage';
import { paymentFailureMessageKey } from '../../payments/failures';
import { pageTitle, renderPage } from '../../render/renderer';
import type { PageHandler } from '../types';

export const checkoutFailPage: PageHandler = (c) => {
  const reasonKey = paymentFailureMessageKey(c.req.query('reason'));
  c.header('Cache-Control', 'private, no-store');
  return renderPage(c, <PaymentFailedPage reasonKey={reasonKey} />, {
    title: pageTitle(c, c.get('t')('paymentFailed.title')),
    layout: 'undistracted',
    noindex: true,
    prerender: true,
  });
};
