/**
 * The built-in provider's hosted payment page (issue 6): `GET [prefix]/payments/hosted/{reference}`
 * shows the order's amount and method in the shopper's language (the order's, whatever the path) with
 * 'Approve' and 'Decline' as CSRF-checked POST forms. The POST does what a real provider does: it tells
 * the shop server to server, with a signed notification to /api/payments/built-in/notify sent through
 * the app's own request handling (the same verification a real provider's call gets), then sends the
 * shopper to the confirmation page or, with a new cart, to the failure page.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import * as v from 'valibot';
import { createTranslator, LOCALES, LOCALE_ISO, type Locale } from '../../locales';
import { HostedPaymentPage } from '../../client/pages/HostedPaymentPage';
import type { AppEnv } from '../app-env';
import { findPayment, type PaymentRecord } from '../commerce/payments';
import { formatMoney } from '../commerce/money';
import { notFound } from '../middleware/errors';
import { builtInPaymentKey, signBuiltInNotification } from '../payments/built-in';
import { failureUrlFor } from '../payments/urls';
import { pageTitle, renderPage } from '../render';
import { destinationOf, withPrefixes } from './payments-common';

const DecisionForm = v.object({ decision: v.picklist(['approve', 'decline']) });
const REFERENCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The app itself, built once per isolate, so the notification runs through every middleware and route. */
let ownApp: Promise<{ fetch: (request: Request, env: Env, ctx?: ExecutionContext) => Response | Promise<Response> }> | undefined;
function appItself() {
  ownApp ??= import('../app').then(({ createApp }) => createApp());
  return ownApp;
}

/** The request's execution context, where there is one (`app.request()` in tests has none). */
function executionContextOf(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}

/** The page speaks the order's language: the provider's page follows the shopper, not the URL. */
function speakOrderLanguage(c: Context<AppEnv>, payment: PaymentRecord): void {
  const locale: Locale = LOCALES.find((candidate) => LOCALE_ISO[candidate] === payment.order.languageId) ?? c.var.locale;
  c.set('locale', locale);
  c.set('languageId', LOCALE_ISO[locale]);
  c.set('t', createTranslator(locale));
}

async function builtInPayment(c: Context<AppEnv>): Promise<PaymentRecord | null> {
  const reference = c.req.param('reference') ?? '';
  return REFERENCE.test(reference) ? findPayment(c.env.DB, { provider: 'built-in', reference }) : null;
}

const METHOD_KEYS = { CARD: 'api.checkout.payment.card', SWISH: 'api.checkout.payment.swish', INVOICE: 'api.checkout.payment.invoice', INSTALMENT: 'api.checkout.payment.instalment' } as const;

export function hostedPaymentRoutes() {
  const routes = new Hono<AppEnv>();

  routes.on('GET', withPrefixes('/payments/hosted/:reference'), async function hostedPaymentPage(c) {
    const payment = await builtInPayment(c);
    if (!payment) return notFound(c);
    c.header('Cache-Control', 'private, no-store');
    const settled = destinationOf(c, payment);
    if (settled) return c.redirect(settled, 302);
    speakOrderLanguage(c, payment);
    const { t } = c.var;
    const amount = formatMoney({ amount: payment.amount, currency: payment.currency }, LOCALE_ISO[c.var.locale]);
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
  });

  routes.on('POST', withPrefixes('/payments/hosted/:reference'), csrf(), async function hostedPaymentDecision(c) {
    const payment = await builtInPayment(c);
    if (!payment) return notFound(c);
    const form = v.safeParse(DecisionForm, await c.req.parseBody());
    if (!form.success) return c.redirect(c.req.path, 303);
    if (payment.status === 'PENDING') {
      const { config } = c.var;
      const key = await builtInPaymentKey({ builtInSecret: config.payments.builtInSecret, authSecret: config.authSecret });
      const outcome = form.output.decision === 'approve' ? 'authorized' : 'declined';
      const body = await signBuiltInNotification(key, { reference: payment.reference, outcome }, new Date());
      const notify = new Request(new URL('/api/payments/built-in/notify', c.req.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/jwt' },
        body,
      });
      const answer = await (await appItself()).fetch(notify, c.env, executionContextOf(c));
      if (!answer.ok) console.error('built-in payment notification refused', answer.status, await answer.text());
    }
    const now = (await findPayment(c.env.DB, { provider: 'built-in', reference: payment.reference })) ?? payment;
    return c.redirect(destinationOf(c, now) ?? failureUrlFor(now, 'error'), 303);
  });

  return routes;
}
