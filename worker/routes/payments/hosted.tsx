/**
 * The built-in provider's hosted payment page (issue 6): `GET [prefix]/payments/hosted/{reference}`
 * shows the order's amount and method in the shopper's language (the order's, whatever the path) with
 * 'Approve', 'Decline' and 'Back to checkout' as CSRF-checked POST forms. The POST does what a real
 * provider does: it signs a notification of the shopper's decision and hands it, as the Request a
 * provider would send to /api/payments/built-in/notify, to the built-in adapter's `handleNotification`
 * (`acceptNotification`: the same verification and recording the notify route uses). Then the shopper
 * goes to the confirmation page, to the failure page with a new cart, or (Back to checkout) to the
 * checkout with that new cart and a notice.
 */
import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import * as v from 'valibot';
import { createTranslator, LOCALE_ISO, localeOfLanguageId } from '../../../locales';
import { HostedPaymentPage } from '../../../client/views/pages/HostedPaymentPage';
import type { AppEnv } from '../../app-env';
import { setCheckoutState } from '../../session/checkout-state';
import { GUID_PATTERN } from '../../commerce/orders/records';
import { findPayment, type PaymentRecord } from '../../commerce/orders/payments';
import { formatMoney } from '../../commerce/pricing/money';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from '../../session/cookies';
import { hrefFor } from '../../urls/links';
import { notFound } from '../../render/errors';
import { builtInPaymentKey, signBuiltInNotification } from '../../payments/built-in';
import { acceptNotification } from '../../payments/outcomes';
import { PaymentNotificationRejected } from '../../payments/types';
import { failureUrlFor } from '../../payments/urls';
import { pageTitle, renderPage } from '../../render/renderer';
import { destinationOf, isPaymentOwner, providerOf } from '../../payments/context';
import { prefixedPage } from '../prefixed';

const DecisionForm = v.object({ decision: v.picklist(['approve', 'decline', 'cancel']) });
const OUTCOME_OF_DECISION = { approve: 'authorized', decline: 'declined', cancel: 'cancelled' } as const;

/** The page speaks the order's language: the provider's page follows the shopper, not the URL. */
function speakOrderLanguage(c: Context<AppEnv>, payment: PaymentRecord): void {
  const locale = localeOfLanguageId(payment.order.languageId);
  c.set('locale', locale);
  c.set('languageId', LOCALE_ISO[locale]);
  c.set('t', createTranslator(locale));
}

/**
 * The payment of the page's reference, when this deployment is in test mode and the request comes from
 * the shopper who placed it (issue 12: the test provider approves anything, so only the owner's own
 * browser may decide; to anyone else the page does not exist).
 */
async function builtInPayment(c: Context<AppEnv>, reference: string): Promise<PaymentRecord | null> {
  if (!c.get('config').payments.testMode) return null;
  const payment = GUID_PATTERN.test(reference)
    ? await findPayment(c.env.DB, { provider: 'built-in', reference })
    : null;
  return payment && isPaymentOwner(c, payment) ? payment : null;
}

/** Tells the shop the shopper's decision as the built-in provider's signed server-to-server notification. */
async function notifyDecision(
  c: Context<AppEnv>,
  payment: PaymentRecord,
  decision: keyof typeof OUTCOME_OF_DECISION,
): Promise<void> {
  const { config } = c.var;
  const key = await builtInPaymentKey({ builtInSecret: config.payments.builtInSecret, authSecret: config.authSecret });
  const body = await signBuiltInNotification(
    key,
    { reference: payment.reference, outcome: OUTCOME_OF_DECISION[decision] },
    new Date(),
  );
  const notification = new Request(new URL('/api/payments/built-in/notify', c.req.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/jwt' },
    body,
  });
  try {
    await acceptNotification(c.env.DB, providerOf(c, 'built-in'), notification, new Date());
  } catch (error) {
    // Our own signature refused (a key changed mid-request): the payment stays pending, the shopper is told.
    if (!(error instanceof PaymentNotificationRejected)) throw error;
    console.error('built-in payment notification refused', error.message);
  }
}

/** The checkout with the reopened cart and a notice that the payment was cancelled (Back to checkout). */
function backToCheckout(c: Context<AppEnv>, payment: PaymentRecord, reopenedCartId: string): Response {
  speakOrderLanguage(c, payment);
  setCookie(c, CART_COOKIE, reopenedCartId, preferenceCookie(CART_COOKIE_MAX_AGE_S));
  setCheckoutState(c, { errors: {}, terms: false, notice: c.get('t')('payments.failure.cancelled') });
  return c.redirect(hrefFor(c, 'checkout', c.get('locale')), 303);
}

const METHOD_KEYS = {
  CARD: 'api.checkout.payment.card',
  SWISH: 'api.checkout.payment.swish',
  INVOICE: 'api.checkout.payment.invoice',
  INSTALMENT: 'api.checkout.payment.instalment',
} as const;

/** The hosted page's path after the locale and market prefixes; its group is the payment's reference. */
const HOSTED_TAIL = '/payments/hosted/([^/]+)';

/** The built-in provider's hosted payment page and its decision forms (see above). */
export function hostedPaymentRoutes() {
  const routes = new Hono<AppEnv>();

  // `[prefix]/payments/hosted/{reference}` (prefixed.ts says why not `/:first/payments/hosted/:reference`).
  const sameOrigin = csrf();
  routes.get(
    '/*',
    prefixedPage(HOSTED_TAIL, async function hostedPaymentPage(c, reference) {
      const payment = await builtInPayment(c, reference);
      if (!payment) return notFound(c);
      c.header('Cache-Control', 'private, no-store');
      const settled = destinationOf(c, payment, true);
      if (settled) return c.redirect(settled, 302);
      speakOrderLanguage(c, payment);
      const { t } = c.var;
      const amount = formatMoney({ amount: payment.amount, currency: payment.currency }, LOCALE_ISO[c.get('locale')]);
      return renderPage(
        c,
        <HostedPaymentPage
          shopName={t('meta.siteName')}
          orderNumber={payment.order.orderNumber}
          amount={amount}
          method={t(METHOD_KEYS[payment.method])}
          action={c.req.path}
        />,
        { title: pageTitle(c, t('payments.hosted.title')), layout: 'undistracted', noindex: true, prerender: true },
      );
    }),
  );

  routes.post(
    '/*',
    prefixedPage(HOSTED_TAIL, async function hostedPaymentDecision(c, reference) {
      // A decision posted from another site changes nothing: hono/csrf throws its 403 before anything.
      await sameOrigin(c, async () => {});
      const payment = await builtInPayment(c, reference);
      if (!payment) return notFound(c);
      const form = v.safeParse(DecisionForm, await c.req.parseBody());
      if (!form.success) return c.redirect(c.req.path, 303);
      if (payment.status === 'PENDING') await notifyDecision(c, payment, form.output.decision);
      const now = (await findPayment(c.env.DB, { provider: 'built-in', reference: payment.reference })) ?? payment;
      if (form.output.decision === 'cancel' && now.status === 'CANCELLED' && now.reopenedCartId)
        return backToCheckout(c, now, now.reopenedCartId);
      return c.redirect(destinationOf(c, now, true) ?? failureUrlFor(now, 'error'), 303);
    }),
  );

  return routes;
}
