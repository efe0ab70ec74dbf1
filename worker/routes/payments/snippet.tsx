/** The page of an external provider's checkout (Klarna's html_snippet, Avarda's script), undistracted. */
import type { Context } from 'hono';
import { PaymentSnippetPage } from '../../../client/views/pages/PaymentSnippetPage';
import type { AppEnv } from '../../app-env';
import type { PaymentRecord } from '../../commerce/orders/payments';
import { pageTitle, renderPage } from '../../render/renderer';

/** The provider's markup with this response's CSP nonce on each of its scripts (nothing else may run). */
export function withNonce(html: string, nonce: string | undefined): string {
  if (!nonce) return html;
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}

/** The payment page of Klarna or Avarda: their markup, its scripts given our nonce, in the undistracted layout. */
export function renderProviderCheckout(c: Context<AppEnv>, payment: PaymentRecord, html: string): Promise<Response> {
  const snippet = withNonce(html, c.get('secureHeadersNonce'));
  return renderPage(c, <PaymentSnippetPage orderNumber={payment.order.orderNumber} snippet={snippet} />, {
    title: pageTitle(c, c.get('t')('payments.pay.title')),
    layout: 'undistracted',
    noindex: true,
    prerender: true,
  });
}
