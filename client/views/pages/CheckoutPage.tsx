/**
 * The checkout page (spec §2 `/kassan`, undistracted layout): the cart with its totals beside the checkout
 * form (the Checkout island, a plain POST form until it hydrates). An empty cart shows what to do instead.
 */
import Checkout, { type CheckoutProps } from '../../islands/Checkout';
import { CartView } from '../components/CartView';
import { Island } from '../components/Island';
import { LiveSubject } from '../components/LiveSubject';
import { cartLiveState } from '../../../core/live/subscriptions';
import { PageEvent } from '../components/PageEvent';
import type { AnalyticsItem } from '../../browser/analytics';
import { useShop } from '../components/ShopContext';
import { TestModeNotice } from '../components/TestModeNotice';
import { CheckoutMarketPicker, type CheckoutMarketPickerProps } from '../components/checkout/CheckoutMarketPicker';
import type { ShopCart } from '../../../core/graphql/cart';
import type { CartMoney } from '../components/cart/cart-display';

export interface CheckoutPageProps {
  /**
   * The cart with at least one line, the link that shares it, and the island's props; null when the cart
   * is empty or missing.
   */
  checkout: {
    cart: ShopCart;
    shareUrl: string | null;
    /** The checkout market the cart is priced in (language, currency, VAT rate). */
    cartMoney: CartMoney;
    island: CheckoutProps;
    /** GA4 begin_checkout (spec §7), sent when the page opens. */
    beginCheckout: { currency: string; value: number; items: AnalyticsItem[] };
    /** The checkout's own market picker (spec §4), or null when the channel has one market to choose. */
    marketPicker: CheckoutMarketPickerProps | null;
    /** The cart's live room (issue 28): a change in the customer's other browser shows here. */
    live: { subject: string; token: string } | null;
  } | null;
  /** The shop takes test payments only (PAYMENT_TEST_MODE): the page says so. */
  testMode: boolean;
}

function EmptyCheckout() {
  const { t, href } = useShop();
  return (
    <section className="checkout-empty" aria-labelledby="checkout-empty-title">
      <h2 className="checkout-empty__title" id="checkout-empty-title">
        {t('checkout.emptyTitle')}
      </h2>
      <p>{t('checkout.emptyText')}</p>
      <a className="button button--primary checkout-empty__link" href={href('index')}>
        {t('checkout.emptyLink')}
      </a>
    </section>
  );
}

export function CheckoutPage({ checkout, testMode }: CheckoutPageProps) {
  const { t } = useShop();
  return (
    <div className="checkout" data-reload-on-auth="">
      <h1 className="checkout__title">{t('checkout.title')}</h1>
      {testMode && <TestModeNotice />}
      {checkout ? (
        <div className="checkout__layout">
          <div className="checkout__cart" data-live-region="checkout-cart">
            <CartView cart={checkout.cart} shareUrl={checkout.shareUrl} cartMoney={checkout.cartMoney} />
          </div>
          <section className="checkout__form" aria-label={t('checkout.detailsTitle')}>
            {checkout.marketPicker && <CheckoutMarketPicker {...checkout.marketPicker} />}
            <Island name="Checkout" component={Checkout} props={checkout.island} />
            <PageEvent name="begin_checkout" ecommerce={checkout.beginCheckout} />
          </section>
          {checkout.live && (
            <LiveSubject
              kind="cart"
              subject={checkout.live.subject}
              token={checkout.live.token}
              variables={{ id: checkout.cart.id }}
              state={cartLiveState(checkout.cart)}
            />
          )}
        </div>
      ) : (
        <EmptyCheckout />
      )}
    </div>
  );
}
