/** The page of an external provider's checkout (Klarna's html_snippet, Avarda's script), undistracted. */
import type { Context } from 'hono';
import { PaymentSnippetPage } from '../../../client/views/pages/PaymentSnippetPage';
import type { AppEnv } from '../../app-env';
import type { PaymentRecord } from '../../commerce/orders/payments';
import { pageTitle, renderPage } from '../../render/renderer';
import { noncedMarkup } from '../../../core/provider-markup';

/** The payment page of Klarna or Avarda: their markup, its scripts given our nonce, in the undistracted layout. */
export function renderProviderCheckout(c: Context<AppEnv>, payment: PaymentRecord, html: string): Promise<Response> {
  const snippet = noncedMarkup(html, c.get('secureHeadersNonce'));
  return renderPage(c, <PaymentSnippetPage orderNumber={payment.order.orderNumber} snippet={snippet} />, {
    title: pageTitle(c, c.get('t')('payments.pay.title')),
    layout: 'undistracted',
    noindex: true,
    prerender: true,
  });
}
