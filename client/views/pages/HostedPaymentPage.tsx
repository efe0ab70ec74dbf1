/**
 * The built-in provider's hosted payment page (issue 6): what is paid, to whom and how, and three POST
 * forms: approve, decline, and back to the checkout (which cancels this payment and gives the shopper
 * the cart again). Plain HTML with no script: it works the same with JavaScript off. It exists only in
 * payment test mode, and says so.
 */
import { useShop } from '../components/ShopContext';
import { TestModeNotice } from '../components/TestModeNotice';

export interface HostedPaymentPageProps {
  shopName: string;
  orderNumber: string;
  amount: string;
  method: string;
  /** Where both forms post (this page's own path). */
  action: string;
}

export function HostedPaymentPage({ shopName, orderNumber, amount, method, action }: HostedPaymentPageProps) {
  const { t } = useShop();
  return (
    <section className="hosted-payment" aria-labelledby="hosted-payment-title">
      <h1 id="hosted-payment-title" className="hosted-payment__title">
        {t('payments.hosted.heading')}
      </h1>
      <TestModeNotice />
      <p className="hosted-payment__intro">{t('payments.hosted.intro')}</p>
      <dl className="hosted-payment__facts">
        <div>
          <dt>{t('payments.hosted.shop')}</dt>
          <dd>{shopName}</dd>
        </div>
        <div>
          <dt>{t('payments.hosted.order')}</dt>
          <dd>{orderNumber}</dd>
        </div>
        <div>
          <dt>{t('payments.hosted.method')}</dt>
          <dd>{method}</dd>
        </div>
        <div className="hosted-payment__amount">
          <dt>{t('payments.hosted.amount')}</dt>
          <dd>{amount}</dd>
        </div>
      </dl>
      <div className="hosted-payment__actions">
        <form method="post" action={action}>
          <input type="hidden" name="decision" value="approve" />
          <button type="submit" className="button button--primary hosted-payment__approve">
            {t('payments.hosted.approve')}
          </button>
        </form>
        <form method="post" action={action}>
          <input type="hidden" name="decision" value="decline" />
          <button type="submit" className="button hosted-payment__decline">
            {t('payments.hosted.decline')}
          </button>
        </form>
      </div>
      <form method="post" action={action} className="hosted-payment__back">
        <input type="hidden" name="decision" value="cancel" />
        <button type="submit">{t('payments.hosted.back')}</button>
      </form>
      <p className="hosted-payment__note">{t('payments.hosted.testNote')}</p>
    </section>
  );
}
