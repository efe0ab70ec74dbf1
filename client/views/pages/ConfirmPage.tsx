/**
 * The order confirmation (worker/pages/checkout-confirm/index.tsx), in the undistracted layout: what happened
 * (thanks, waiting for the payment, or cancelled), then the items with the totals including or excluding
 * VAT by customer type, and the order's details: number, status, email, delivery and payment method,
 * billing and delivery address. The PurchaseTracker island sends the purchase event and, while the
 * payment is pending, reloads the page for about two minutes and then says it is still waiting (it sits
 * in the pending box for that); without JavaScript the 'Update now' link does that. The details and
 * addresses are client/views/components/confirm/OrderDetails.tsx, the totals OrderTotals.tsx.
 */
import { LiveSubject } from '../components/LiveSubject';
import type { ReactNode } from 'react';
import { Island } from '../components/Island';
import { useShop } from '../components/ShopContext';
import PurchaseTracker, { type PurchaseEvent } from '../../islands/PurchaseTracker';
import { OrderDetails, type OrderAddress } from '../components/confirm/OrderDetails';
import { OrderTotals, type PricePair } from '../components/confirm/OrderTotals';
import { AccountFromOrder, type AccountOffer } from '../components/confirm/AccountFromOrder';

export type { OrderAddress, PricePair };

export interface ConfirmedOrder {
  publicId: string;
  orderNumber: string;
  /** PENDING_PAYMENT, RECEIVED, PROCESSING, COMPLETED or CANCELLED. */
  status: string;
  email: string;
  billingAddress: OrderAddress | null;
  shippingAddress: OrderAddress | null;
  shippingMethod: string | null;
  /** The parcel's tracking link, once the merchant has sent it (Slutförd; https only). */
  trackingLink?: string | null;
  paymentMethod: string | null;
  /** A business buyer's reference / purchase order number and VAT registration number (issue 14). */
  customerOrderNumber?: string | null;
  vatNumber?: string | null;
  items: {
    skuId: number;
    quantity: number;
    name: string;
    alias: string;
    size: string | null;
    articleNumber: string | null;
    image: string | null;
    totalIncVat: string;
    totalExVat: string;
  }[];
  totals: {
    items: PricePair;
    shipping: PricePair;
    /** Discounts already taken off the items (campaigns, promo code): shown as 'of which'. */
    discount: PricePair | null;
    /** Paid with balance and gift cards: payment, not discount (the VAT stays the sale's). */
    balance: string | null;
    /** The sale: goods and shipping after discounts, before balance and gift cards. */
    total: PricePair;
    /** The sale's whole VAT. */
    vat: string;
    /** What was left to pay (inc VAT) after balance and gift cards; null when they paid nothing. */
    toPay?: string | null;
  };
}

/** What happened to the order, at the top: thanks, waiting for the payment, or cancelled. */
function OrderOutcome({ order, tracker }: { order: ConfirmedOrder; tracker: ReactNode }) {
  const { t, href, currentPath } = useShop();
  if (order.status === 'PENDING_PAYMENT') {
    return (
      <div className="confirm-outcome confirm-outcome--pending" role="status">
        <span className="confirm-outcome__spinner" aria-hidden="true" />
        <div>
          <h1 className="confirm-outcome__title">{t('confirm.pendingTitle')}</h1>
          <p>{t('confirm.pendingText')}</p>
          <a className="button confirm-outcome__refresh" href={currentPath}>
            {t('confirm.refresh')}
          </a>
          {tracker}
        </div>
      </div>
    );
  }
  if (order.status === 'CANCELLED') {
    return (
      <div className="confirm-outcome confirm-outcome--cancelled">
        <div>
          <h1 className="confirm-outcome__title">{t('confirm.cancelledTitle')}</h1>
          <p>{t('confirm.cancelledText')}</p>
          <a className="button button--primary" href={href('checkout')}>
            {t('paymentFailed.backToCheckout')}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="confirm-outcome confirm-outcome--received">
      <svg
        className="confirm-outcome__icon"
        aria-hidden="true"
        width="40"
        height="40"
        viewBox="0 0 24 24"
        focusable="false"
      >
        <circle cx="12" cy="12" r="11" />
        <path d="M7 12.5l3.2 3.2L17 9" />
      </svg>
      <div>
        <h1 className="confirm-outcome__title">{t('confirm.title')}</h1>
        <p className="confirm-outcome__number">
          {t('confirm.orderNumber')}: <strong>{order.orderNumber}</strong>
        </p>
        <p>{t('confirm.received')}</p>
      </div>
    </div>
  );
}

/** The order's lines and totals (also in each order of the account's order list: `idPrefix` keeps ids apart). */
export function OrderItems({ order, idPrefix = 'confirm' }: { order: ConfirmedOrder; idPrefix?: string }) {
  const { t, pricesIncludeVat } = useShop();
  return (
    <section className="confirm-card confirm-items" aria-labelledby={`${idPrefix}-items-title`}>
      <h2 id={`${idPrefix}-items-title`} className="confirm-card__title">
        {t('confirm.items')}
      </h2>
      <ul className="confirm-items__list">
        {order.items.map((item) => (
          <li key={item.skuId} className="confirm-item">
            {item.image ? (
              <img
                className="confirm-item__image"
                src={`/images/products/${item.image}`}
                alt=""
                width={64}
                height={64}
              />
            ) : (
              <span className="confirm-item__image" aria-hidden="true" />
            )}
            <div className="confirm-item__text">
              <p className="confirm-item__name">{item.name}</p>
              <p className="confirm-item__meta">
                {item.size && (
                  <span>
                    {t('productPage.size')}: {item.size}
                  </span>
                )}
                {item.articleNumber && <span>{t('confirm.articleNumber', { number: item.articleNumber })}</span>}
                <span>{t('confirm.quantity', { count: item.quantity })}</span>
              </p>
            </div>
            <p className="confirm-item__price">{pricesIncludeVat ? item.totalIncVat : item.totalExVat}</p>
          </li>
        ))}
      </ul>
      <OrderTotals totals={order.totals} />
    </section>
  );
}

export function ConfirmPage({
  order,
  purchase,
  cartCleared,
  refreshSeconds,
  waitLimitSeconds,
  accountOffer = null,
  providerSnippet = null,
  live = null,
}: {
  order: ConfirmedOrder;
  purchase: PurchaseEvent | null;
  cartCleared: boolean;
  refreshSeconds: number;
  waitLimitSeconds: number;
  /** A guest who placed this order may make it an account's (issue 14). */
  accountOffer?: AccountOffer | null;
  /**
   * The external checkout's confirmation (issue 26: a Geins API's Klarna, Svea, Walley or Avarda, or its
   * hosted checkout), the provider's markup with its scripts given this response's nonce.
   */
  providerSnippet?: string | null;
  /** The order's live room (issue 28): its status moves on this page as the merchant moves it. */
  live?: { subject: string; token: string; publicOrderId: string; state: string } | null;
}) {
  const { t, href } = useShop();
  const pending = order.status === 'PENDING_PAYMENT';
  const tracker = (
    <Island
      name="PurchaseTracker"
      component={PurchaseTracker}
      wake="load"
      props={{
        purchase,
        pending,
        refreshSeconds,
        waitLimitSeconds,
        text: { stillWaiting: t('confirm.stillWaiting'), reload: t('confirm.reload') },
        cartCleared,
      }}
    />
  );
  return (
    <div className="confirm-page" data-order-status={order.status}>
      <OrderOutcome order={order} tracker={pending ? tracker : null} />
      {providerSnippet && (
        <div className="confirm-card confirm-provider" dangerouslySetInnerHTML={{ __html: providerSnippet }} />
      )}
      <div className="confirm-page__layout" data-live-region="confirm-order">
        <OrderItems order={order} />
        <OrderDetails order={order} />
      </div>
      {accountOffer && <AccountFromOrder offer={accountOffer} />}
      <p className="confirm-page__continue">
        <a className="button button--primary" href={href('index')}>
          {t('confirm.continue')}
        </a>
      </p>
      {!pending && tracker}
      {live && (
        <LiveSubject
          kind="order"
          subject={live.subject}
          token={live.token}
          variables={{ publicOrderId: live.publicOrderId }}
          state={live.state}
        />
      )}
    </div>
  );
}
