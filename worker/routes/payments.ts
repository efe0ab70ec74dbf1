/**
 * The payment step (issue 6, contract 7):
 * - `GET [prefix]/checkout/pay?orderId=` starts the provider's session for a PENDING_PAYMENT order (a
 *   reload reuses it) and redirects to the hosted page or shows the provider's checkout; a paid order
 *   goes to its confirmation, a failed one to the failure page, an unknown one gets the 404 page;
 * - `GET|POST [prefix]/payments/hosted/{reference}`: the built-in provider's page (worker/payments/hosted.tsx);
 * - `POST /api/payments/{provider}/notify`: the provider's server-to-server word (built-in: a signed
 *   body; Klarna: the push; Avarda: the callback), verified by the adapter; 400/401 change nothing;
 * - `GET /api/payments/{provider}/return?orderId=`: where the provider sends the shopper back;
 * - `POST /api/payments/klarna/validate?orderId=`: Klarna asks before completing a purchase.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { failPayment, findPayment, keepSession, paymentOrderOf, type PaymentRecord } from '../commerce/payments';
import { notFound } from '../middleware/errors';
import type { PaymentFailureReason } from '../payments/failures';
import { recordOutcome } from '../payments/outcomes';
import { confirmationUrlFor, failureUrlFor } from '../payments/urls';
import { PAYMENT_PROVIDERS, PaymentNotificationRejected, PaymentProviderError, type PaymentProviderId, type PaymentUrls } from '../payments/types';
import { hostedPaymentRoutes } from './payments-hosted';
import { destinationOf, providerOf, withPrefixes } from './payments-common';
import { renderProviderCheckout } from './payments-snippet';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The absolute URLs a provider is given for this order. */
function paymentUrls(c: Context<AppEnv>, payment: PaymentRecord): PaymentUrls {
  const origin = new URL(c.req.url).origin;
  const order = `orderId=${payment.order.publicId}`;
  const api = `${origin}/api/payments/${payment.provider}`;
  return {
    terms: `${origin}${payment.shopPrefix}/${TERMS_ALIAS[c.var.locale] ?? TERMS_ALIAS.sv}`,
    checkout: `${origin}${payment.shopPrefix}/checkout/pay?${order}`,
    confirmation: `${api}/return?${order}`,
    notification: `${api}/notify?${order}`,
    validation: `${api}/validate?${order}`,
  };
}

/** The terms page (a content page of the seed) in each locale. */
const TERMS_ALIAS: Record<string, string> = {
  sv: 'kopvillkor', da: 'handelsbetingelser', en: 'terms-and-conditions', fi: 'tilaus-ja-toimitusehdot', nb: 'kjopsvilkar',
};

/** A failure before the provider's session exists: the order is given up and the shopper gets the cart back. */
async function giveUp(c: Context<AppEnv>, payment: PaymentRecord, reason: PaymentFailureReason): Promise<Response> {
  await failPayment(c.env.DB, payment, 'cancelled', reason, new Date());
  const after = (await findPayment(c.env.DB, { publicId: payment.order.publicId })) ?? payment;
  return c.redirect(destinationOf(c, after) ?? failureUrlFor(after, reason), 303);
}

async function startPaymentStep(c: Context<AppEnv>): Promise<Response> {
  const publicId = c.req.query('orderId') ?? '';
  const payment = UUID.test(publicId) ? await findPayment(c.env.DB, { publicId }) : null;
  if (!payment) return notFound(c);
  c.header('Cache-Control', 'private, no-store');
  const settled = destinationOf(c, payment);
  if (settled) return c.redirect(settled, 302);
  const provider = providerOf(c, payment.provider);
  let session = payment.session;
  if (!session) {
    const order = await paymentOrderOf(c.env.DB, publicId);
    if (!order) return notFound(c);
    try {
      session = await keepSession(c.env.DB, payment, await provider.startSession(order, paymentUrls(c, payment)), new Date());
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error('payment session failed', payment.provider, error.message);
      return giveUp(c, payment, error.reason);
    }
  }
  if (session.kind === 'redirect') return c.redirect(`${payment.shopPrefix}${session.url}`, 302);
  return renderProviderCheckout(c, payment, session.html);
}

function isProvider(value: string): value is PaymentProviderId {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(value);
}

/** A provider this deployment uses: built-in always, the others when a payment method is routed to them. */
function providerInUse(c: Context<AppEnv>, name: string): PaymentProviderId | null {
  if (!isProvider(name)) return null;
  return name === 'built-in' || Object.values(c.var.config.payments.providers).includes(name) ? name : null;
}

export function paymentRoutes() {
  const routes = new Hono<AppEnv>();
  routes.on('GET', withPrefixes('/checkout/pay'), startPaymentStep);
  routes.route('/', hostedPaymentRoutes());

  routes.post('/api/payments/:provider/notify', async function paymentNotification(c) {
    const id = providerInUse(c, c.req.param('provider'));
    if (!id) return c.json({ error: 'unknown provider' }, 404);
    const provider = providerOf(c, id);
    let notification;
    try {
      notification = await provider.handleNotification(c.req.raw);
    } catch (error) {
      if (error instanceof PaymentNotificationRejected) return c.json({ error: error.message }, error.status);
      if (error instanceof PaymentProviderError) return c.json({ error: 'provider unavailable' }, 502);
      throw error;
    }
    const payment = await findPayment(c.env.DB, { provider: id, reference: notification.reference });
    if (!payment) return c.json({ error: 'unknown payment' }, 404);
    const result = await recordOutcome(c.env.DB, provider, payment, notification.outcome, new Date());
    return c.json({ reference: notification.reference, outcome: notification.outcome, result });
  });

  routes.get('/api/payments/:provider/return', async function paymentReturn(c) {
    const id = providerInUse(c, c.req.param('provider'));
    const publicId = c.req.query('orderId') ?? '';
    const payment = id && UUID.test(publicId) ? await findPayment(c.env.DB, { publicId }) : null;
    if (!id || !payment || payment.provider !== id) return notFound(c);
    c.header('Cache-Control', 'private, no-store');
    if (payment.status === 'PENDING' && payment.session) {
      const provider = providerOf(c, id);
      try {
        await recordOutcome(c.env.DB, provider, payment, await provider.readStatus(payment.reference), new Date());
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        console.error('payment status failed', id, error.message);
      }
    }
    const now = (await findPayment(c.env.DB, { publicId })) ?? payment;
    // Still pending: the confirmation page says it waits for the payment and refreshes itself.
    return c.redirect(destinationOf(c, now) ?? confirmationUrlFor(now), 302);
  });

  // Klarna's validation callback: 200 lets the purchase complete; a 303 sends the shopper elsewhere.
  routes.post('/api/payments/klarna/validate', async function klarnaValidation(c) {
    const publicId = c.req.query('orderId') ?? '';
    const payment = UUID.test(publicId) ? await findPayment(c.env.DB, { publicId }) : null;
    if (payment && payment.status === 'PENDING' && payment.order.status === 'PENDING_PAYMENT') return c.body(null, 200);
    const origin = new URL(c.req.url).origin;
    const target = payment ? failureUrlFor(payment, 'order-failed') : '/checkout/klarna-fail?reason=order-failed';
    return c.redirect(`${origin}${target}`, 303);
  });

  return routes;
}
