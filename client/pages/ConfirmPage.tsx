/**
 * The order confirmation (worker/pages/checkout-confirm.tsx), in the undistracted layout: what happened
 * (thanks, waiting for the payment, or cancelled), then the items with the totals including or excluding
 * VAT by customer type, and the order's details: number, status, email, delivery and payment method,
 * billing and delivery address. The PurchaseTracker island sends the purchase event and, while the
 * payment is pending, reloads the page; without JavaScript the 'Update now' link does that.
 */
import type { MessageKey } from '../../locales';
import { Island } from '../components/Island';
import { useShop } from '../components/ShopContext';
import PurchaseTracker, { type PurchaseEvent } from '../islands/PurchaseTracker';

export interface OrderAddress {
  name: string;
  company: string | null;
  careOf: string | null;
  lines: string[];
  zipCity: string;
  country: string | null;
}

/** Inc- and ex-VAT amounts, formatted. */
export interface PricePair {
  incVat: string;
  exVat: string;
}

export interface ConfirmedOrder {
  publicId: string;
  orderNumber: string;
  /** PENDING_PAYMENT, RECEIVED, PROCESSING, COMPLETED or CANCELLED. */
  status: string;
  email: string;
  billingAddress: OrderAddress | null;
  shippingAddress: OrderAddress | null;
  shippingMethod: string | null;
  paymentMethod: string | null;
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
    /** Paid with balance and gift cards. */
    balance: string | null;
    total: PricePair;
    vat: string;
  };
}

const STATUS_TEXT: Record<string, MessageKey> = {
  PENDING_PAYMENT: 'confirm.statuses.PENDING_PAYMENT',
  RECEIVED: 'confirm.statuses.RECEIVED',
  PROCESSING: 'confirm.statuses.PROCESSING',
  COMPLETED: 'confirm.statuses.COMPLETED',
  CANCELLED: 'confirm.statuses.CANCELLED',
};

function Address({ address }: { address: OrderAddress }) {
  return (
    <address className="confirm-address">
      {address.company && <span>{address.company}</span>}
      <span>{address.name}</span>
      {address.careOf && <span>c/o {address.careOf}</span>}
      {address.lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span>{address.zipCity}</span>
      {address.country && <span>{address.country}</span>}
    </address>
  );
}

/** What happened to the order, at the top: thanks, waiting for the payment, or cancelled. */
function OrderOutcome({ order }: { order: ConfirmedOrder }) {
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
      <svg className="confirm-outcome__icon" aria-hidden="true" width="40" height="40" viewBox="0 0 24 24" focusable="false">
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

function OrderItems({ order }: { order: ConfirmedOrder }) {
  const { t, pricesIncludeVat } = useShop();
  const price = (pair: PricePair) => (pricesIncludeVat ? pair.incVat : pair.exVat);
  const { totals } = order;
  return (
    <section className="confirm-card confirm-items" aria-labelledby="confirm-items-title">
      <h2 id="confirm-items-title" className="confirm-card__title">
        {t('confirm.items')}
      </h2>
      <ul className="confirm-items__list">
        {order.items.map((item) => (
          <li key={item.skuId} className="confirm-item">
            {item.image ? (
              <img className="confirm-item__image" src={`/images/products/${item.image}`} alt="" width={64} height={64} />
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
      <h3 className="visually-hidden">{t('confirm.summary')}</h3>
      <dl className="confirm-totals">
        <div>
          <dt>{t('confirm.subtotal')}</dt>
          <dd>{price(totals.items)}</dd>
        </div>
        <div>
          <dt>{t('confirm.shipping')}</dt>
          <dd>{price(totals.shipping)}</dd>
        </div>
        {totals.balance && (
          <div>
            <dt>{t('confirm.balance')}</dt>
            <dd>−{totals.balance}</dd>
          </div>
        )}
        <div className="confirm-totals__total">
          <dt>
            {t('confirm.total')} <span className="confirm-totals__vat-note">{t(pricesIncludeVat ? 'confirm.incVat' : 'confirm.exVat')}</span>
          </dt>
          <dd>{price(totals.total)}</dd>
        </div>
        {totals.discount && (
          <div className="confirm-totals__vat">
            <dt>{t('confirm.discount')}</dt>
            <dd>{price(totals.discount)}</dd>
          </div>
        )}
        {pricesIncludeVat ? (
          <div className="confirm-totals__vat">
            <dt>{t('confirm.vat')}</dt>
            <dd>{totals.vat}</dd>
          </div>
        ) : (
          <>
            <div className="confirm-totals__vat">
              <dt>{t('confirm.vatAmount')}</dt>
              <dd>{totals.vat}</dd>
            </div>
            <div className="confirm-totals__vat">
              <dt>{t('confirm.totalIncVat')}</dt>
              <dd>{totals.total.incVat}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}

function OrderDetails({ order }: { order: ConfirmedOrder }) {
  const { t } = useShop();
  return (
    <section className="confirm-card confirm-details" aria-labelledby="confirm-details-title">
      <h2 id="confirm-details-title" className="confirm-card__title">
        {t('confirm.details')}
      </h2>
      <dl className="confirm-details__list">
        <div>
          <dt>{t('confirm.orderNumber')}</dt>
          <dd>{order.orderNumber}</dd>
        </div>
        <div>
          <dt>{t('confirm.status')}</dt>
          <dd>
            <span className={`order-status order-status--${order.status.toLowerCase().replace('_', '-')}`}>
              {STATUS_TEXT[order.status] ? t(STATUS_TEXT[order.status]!) : order.status}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('confirm.email')}</dt>
          <dd>{order.email}</dd>
        </div>
        {order.shippingMethod && (
          <div>
            <dt>{t('confirm.shippingMethod')}</dt>
            <dd>{order.shippingMethod}</dd>
          </div>
        )}
        {order.paymentMethod && (
          <div>
            <dt>{t('confirm.paymentMethod')}</dt>
            <dd>{order.paymentMethod}</dd>
          </div>
        )}
        {order.billingAddress && (
          <div>
            <dt>{t('confirm.billingAddress')}</dt>
            <dd>
              <Address address={order.billingAddress} />
            </dd>
          </div>
        )}
        {order.shippingAddress && (
          <div>
            <dt>{t('confirm.shippingAddress')}</dt>
            <dd>
              <Address address={order.shippingAddress} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

export function ConfirmPage({
  order,
  purchase,
  cartCleared,
  refreshSeconds,
}: {
  order: ConfirmedOrder;
  purchase: PurchaseEvent | null;
  cartCleared: boolean;
  refreshSeconds: number;
}) {
  const { t, href } = useShop();
  return (
    <div className="confirm-page" data-order-status={order.status}>
      <OrderOutcome order={order} />
      <div className="confirm-page__layout">
        <OrderItems order={order} />
        <OrderDetails order={order} />
      </div>
      <p className="confirm-page__continue">
        <a className="button button--primary" href={href('index')}>
          {t('confirm.continue')}
        </a>
      </p>
      <Island
        name="PurchaseTracker"
        component={PurchaseTracker}
        props={{ purchase, pending: order.status === 'PENDING_PAYMENT', refreshSeconds, cartCleared }}
      />
    </div>
  );
}
