/**
 * The failed-payment page (spec §2 `/checkout/klarna-fail`, §8 checkout provider failures), in the
 * undistracted layout: what went wrong, in the words the payment step chose for the reason
 * (worker/payments/failures.ts), and one clear way back to the checkout, where the cart is waiting.
 */
import type { MessageKey } from '../../../locales';
import { useShop } from '../components/ShopContext';

export function PaymentFailedPage({ reasonKey }: { reasonKey: MessageKey }) {
  const { t, href } = useShop();
  return (
    <div className="payment-failed">
      <svg
        className="payment-failed__icon"
        aria-hidden="true"
        width="40"
        height="40"
        viewBox="0 0 24 24"
        focusable="false"
      >
        <circle cx="12" cy="12" r="11" />
        <path d="M12 6.5v7M12 16.8v.4" />
      </svg>
      <h1 className="payment-failed__title">{t('paymentFailed.title')}</h1>
      <p className="payment-failed__reason" role="alert">
        {t(reasonKey)}
      </p>
      <a className="button button--primary payment-failed__back" href={href('checkout')}>
        {t('paymentFailed.backToCheckout')}
      </a>
    </div>
  );
}
