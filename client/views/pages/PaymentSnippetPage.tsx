/**
 * The payment step of an external provider (Klarna Checkout, Avarda): the provider's own markup, which
 * starts its checkout in the page. The markup comes from the provider's API over TLS with our
 * credentials; the server gave its scripts this response's CSP nonce.
 */
import { useShop } from '../components/ShopContext';

export function PaymentSnippetPage({ orderNumber, snippet }: { orderNumber: string; snippet: string }) {
  const { t } = useShop();
  return (
    <section className="payment-snippet" aria-labelledby="payment-snippet-title">
      <h1 id="payment-snippet-title" className="payment-snippet__title">
        {t('payments.pay.heading')}
      </h1>
      <p className="payment-snippet__order">{t('payments.pay.orderNumber', { number: orderNumber })}</p>
      <div className="payment-snippet__provider" dangerouslySetInnerHTML={{ __html: snippet }} />
    </section>
  );
}
