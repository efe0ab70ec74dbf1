/**
 * The payment step (issue 6, contract 7):
 * - `GET [prefix]/checkout/pay?orderId=` starts the provider's session for a PENDING_PAYMENT order (a
 *   reload reuses it) and redirects to the hosted page or shows the provider's checkout; a paid order
 *   goes to its confirmation, a failed one to the failure page, an unknown one gets the 404 page;
 * - `GET|POST [prefix]/payments/hosted/{reference}`: the built-in provider's page (./payments-hosted.tsx);
 * - `POST /api/payments/{provider}/notify`: the provider's server-to-server word (built-in: a signed
 *   body; Klarna: the push; Avarda: the callback), verified by the adapter; 400/401 change nothing;
 * - `GET /api/payments/{provider}/return?orderId=`: where the provider sends the shopper back;
 * - `POST /api/payments/klarna/validate?orderId=`: Klarna asks before completing a purchase; the shop
 *   refuses a shopper on its blocklist ('blocked') and an order it no longer holds the stock for
 *   ('out-of-stock'), as Klarna's "Validate order" guide describes.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { publicOrigin } from '../../urls/request';
import { GUID_PATTERN } from '../../commerce/orders/records';
import { blocklistEntry } from '../../commerce/checkout/checkout';
import {
  failPayment,
  findPayment,
  keepSession,
  orderStockShort,
  paymentOrderOf,
  type PaymentRecord,
} from '../../commerce/orders/payments';
import { hrefFor } from '../../urls/links';
import { notFound } from '../../render/errors';
import type { PaymentFailureReason } from '../../payments/failures';
import { acceptNotification, recordOutcome } from '../../payments/outcomes';
import { confirmationUrlFor, failureUrlFor, payStepUrl } from '../../payments/urls';
import {
  PAYMENT_PROVIDERS,
  PaymentNotificationRejected,
  PaymentProviderError,
  type PaymentProviderId,
  type PaymentUrls,
} from '../../payments/types';
import { hostedPaymentRoutes } from './hosted';
import { destinationOf, grantPaymentCapability, isPaymentOwner, providerOf } from '../../payments/context';
import { renderProviderCheckout } from './snippet';
import { prefixedPage } from '../prefixed';

/** The absolute URLs a provider is given for this order. */
function paymentUrls(c: Context<AppEnv>, payment: PaymentRecord): PaymentUrls {
  const origin = publicOrigin(c);
  const order = `orderId=${payment.order.publicId}`;
  const api = `${origin}/api/payments/${payment.provider}`;
  return {
    terms: `${origin}${hrefFor(c, 'content-page', c.get('locale'), { alias: c.get('t')('checkout.termsAlias') })}`,
    checkout: `${origin}${payment.shopPrefix}/checkout/pay?${order}`,
    confirmation: `${api}/return?${order}`,
    notification: `${api}/notify?${order}`,
    validation: `${api}/validate?${order}`,
  };
}

/** A failure before the provider's session exists: the order is given up and the shopper gets the cart back. */
async function giveUp(c: Context<AppEnv>, payment: PaymentRecord, reason: PaymentFailureReason): Promise<Response> {
  await failPayment(c.env.DB, payment, 'cancelled', reason, new Date());
  const after = (await findPayment(c.env.DB, { publicId: payment.order.publicId })) ?? payment;
  // Only the payment's owner gets here (startPaymentStep checked).
  return c.redirect(destinationOf(c, after, true) ?? failureUrlFor(after, reason), 303);
}

async function startPaymentStep(c: Context<AppEnv>): Promise<Response> {
  const publicId = c.req.query('orderId') ?? '';
  const payment = GUID_PATTERN.test(publicId) ? await findPayment(c.env.DB, { publicId }) : null;
  // Someone else's order id starts, cancels or shows nothing (issue 12).
  if (!payment || !isPaymentOwner(c, payment) || !providerInUse(c, payment.provider)) return notFound(c);
  c.header('Cache-Control', 'private, no-store');
  if (payment.status === 'PENDING') await grantPaymentCapability(c, payment);
  const settled = destinationOf(c, payment, true);
  if (settled) return c.redirect(settled, 302);
  const provider = providerOf(c, payment.provider);
  let session = payment.session;
  if (!session) {
    const order = await paymentOrderOf(c.env.DB, publicId);
    if (!order) return notFound(c);
    try {
      session = await keepSession(
        c.env.DB,
        payment,
        await provider.startSession(order, paymentUrls(c, payment)),
        new Date(),
      );
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error('payment session failed', payment.provider, error.message);
      return giveUp(c, payment, error.reason);
    }
  }
  if (session.kind === 'redirect') return c.redirect(`${payment.shopPrefix}${session.url}`, 302);
  return renderProviderCheckout(c, payment, session.html);
}

/** Klarna's checkout order as it posts it to the validation URL, as far as the shop reads it. */
interface KlarnaValidatedOrder {
  billing_address?: { email?: unknown };
  shipping_address?: { email?: unknown };
}

/**
 * Where Klarna should send the shopper instead of completing the purchase, or null to let it complete
 * (Klarna's "Validate order": blacklisted consumer, out of stock). An email on the shop's blocklist
 * (the shopper may change it in Klarna's form) gives the order up as 'blocked', through the payment page
 * so the reopened cart's cookie is set. An order no longer waiting (cancelled by the sweep or the Back
 * button) is refused as 'out-of-stock' when its stock has been sold since, else as 'stock-or-balance'
 * (its stock or the balance and gift cards it used may have gone to others meanwhile).
 */
async function klarnaRefusal(c: Context<AppEnv>, payment: PaymentRecord): Promise<string | null> {
  if (payment.status === 'PENDING' && payment.order.status === 'PENDING_PAYMENT') {
    const order = (await c.req.json().catch(() => null)) as KlarnaValidatedOrder | null;
    const emails = [order?.billing_address?.email, order?.shipping_address?.email].filter(
      (email): email is string => typeof email === 'string' && email !== '',
    );
    const entries = await Promise.all(emails.map((email) => blocklistEntry(c.env.DB, email)));
    if (!entries.some((entry) => entry?.blocked)) return null;
    await failPayment(c.env.DB, payment, 'cancelled', 'blocked', new Date());
    return payStepUrl(payment.order.publicId, payment.shopPrefix);
  }
  if (payment.status === 'AUTHORIZED' || payment.status === 'CAPTURED') return null;
  return failureUrlFor(
    payment,
    (await orderStockShort(c.env.DB, payment.order.id)) ? 'out-of-stock' : 'stock-or-balance',
  );
}

function isProvider(value: string): value is PaymentProviderId {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(value);
}

/**
 * A provider whose payment pages and notifications this deployment serves: the built-in test provider
 * only in test mode (its invoices and instalments need no payment step), the others when a payment
 * method is routed to them.
 */
function providerInUse(c: Context<AppEnv>, name: string): PaymentProviderId | null {
  if (!isProvider(name)) return null;
  const { providers, testMode } = c.get('config').payments;
  if (name === 'built-in') return testMode ? name : null;
  return Object.values(providers).includes(name) ? name : null;
}

/**
 * The payment step's routes (contract 7): the payment page, the built-in hosted page, and the
 * providers' notifications, returns and Klarna's validation callback.
 */
export function paymentRoutes() {
  const routes = new Hono<AppEnv>();
  // `[prefix]/checkout/pay` (../prefixed.ts says why not `/:first/checkout/pay`).
  routes.get('/*', prefixedPage('/checkout/pay', startPaymentStep));
  routes.route('/', hostedPaymentRoutes());

  routes.post('/api/payments/:provider/notify', async function paymentNotification(c) {
    const id = providerInUse(c, c.req.param('provider'));
    if (!id) return c.json({ error: 'unknown provider' }, 404);
    let accepted;
    try {
      accepted = await acceptNotification(c.env.DB, providerOf(c, id), c.req.raw, new Date());
    } catch (error) {
      if (error instanceof PaymentNotificationRejected) return c.json({ error: error.message }, error.status);
      if (error instanceof PaymentProviderError) return c.json({ error: 'provider unavailable' }, 502);
      throw error;
    }
    if (accepted === 'unknown') return c.json({ error: 'unknown payment' }, 404);
    return c.json(accepted);
  });

  routes.get('/api/payments/:provider/return', async function paymentReturn(c) {
    const id = providerInUse(c, c.req.param('provider'));
    const publicId = c.req.query('orderId') ?? '';
    const payment = id && GUID_PATTERN.test(publicId) ? await findPayment(c.env.DB, { publicId }) : null;
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

  // Klarna's validation callback: 200 lets the purchase complete; a 303 sends the shopper elsewhere. The
  // provider is a parameter, as in the routes above, and only Klarna's is answered: a text where the others
  // have a parameter is a route Hono's RegExpRouter cannot take (../prefixed.ts).
  routes.post('/api/payments/:provider/validate', async function klarnaValidation(c, next) {
    if (c.req.param('provider') !== 'klarna') return next();
    const publicId = c.req.query('orderId') ?? '';
    const payment = GUID_PATTERN.test(publicId) ? await findPayment(c.env.DB, { publicId }) : null;
    const origin = publicOrigin(c);
    if (!payment) return c.redirect(`${origin}/checkout/klarna-fail?reason=order-failed`, 303);
    const refusal = await klarnaRefusal(c, payment);
    return refusal ? c.redirect(`${origin}${refusal}`, 303) : c.body(null, 200);
  });

  return routes;
}
