/**
 * The customer's orders (spec §2 `/mina-sidor/ordrar`…, §4: grouped "in progress" and "history"; issue 14):
 * each with its date, number, status in the shopper's language and total in the order's currency; opened
 * (a disclosure, no script needed) it shows the lines with images and prices in the customer type's VAT
 * display, the totals, addresses, shipping method with its tracking link, payment method and refunds.
 */
import { LiveSubject } from '../components/LiveSubject';
import { useShop } from '../components/ShopContext';
import { MyPagesLayout } from '../components/account/AccountNav';
import { OrderDetails, ORDER_STATUS_TEXT } from '../components/confirm/OrderDetails';
import { OrderItems, type ConfirmedOrder } from './ConfirmPage';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';

export interface AccountOrder {
  id: number;
  /** The order's date in the shopper's language. */
  placed: string;
  /** The total in the order's currency, including and excluding VAT. */
  total: { incVat: string; exVat: string };
  inProgress: boolean;
  trackingLink: string | null;
  refunds: { date: string; amount: string }[];
  detail: ConfirmedOrder;
  /** Each status the order entered, oldest first: the status and its date and time (ISO and as shown). */
  history: { status: string; iso: string; at: string }[];
  /** "Ångra köp" within the period (its signed link and last day, null before dispatch), or the day it ended. */
  /**
   * `contact`: in front of a remote API (issue 26) the shop's own withdrawal function is off; the shopper
   * withdraws through customer service.
   */
  withdrawal:
    { kind: 'open'; href: string; until: string | null } | { kind: 'ended'; on: string } | { kind: 'contact' } | null;
  /** Withdrawals made: when, and how many units. */
  withdrawals: { at: string; count: number }[];
}

/** The order's statuses with their times (issue 14); server-side data, the API has no field for it. */
function StatusHistory({ order, prefix }: { order: AccountOrder; prefix: string }) {
  const { t } = useShop();
  if (order.history.length === 0) return null;
  return (
    <section className="confirm-card order-history" aria-labelledby={`${prefix}-history`}>
      <h2 className="confirm-card__title" id={`${prefix}-history`}>
        {t('account.orders.historyTitle')}
      </h2>
      <ol className="order-history__list">
        {order.history.map((entry) => (
          <li key={entry.status} className="order-history__entry">
            <span className="order-history__status">
              {ORDER_STATUS_TEXT[entry.status] ? t(ORDER_STATUS_TEXT[entry.status]!) : entry.status}
            </span>{' '}
            <time dateTime={entry.iso}>{entry.at}</time>
          </li>
        ))}
        {order.withdrawals.map((withdrawal) => (
          <li key={withdrawal.at} className="order-history__entry">
            {t('account.orders.withdrawn', { dateTime: withdrawal.at, count: withdrawal.count })}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "Ångra köp" (issue 14): the withdrawal page through the order's signed link, or when the right ended. */
function Withdraw({ order }: { order: AccountOrder }) {
  const { t } = useShop();
  const withdrawal = order.withdrawal;
  if (!withdrawal) return null;
  if (withdrawal.kind === 'ended')
    return <p className="account-order__withdrawal">{t('account.orders.withdrawalEnded', { date: withdrawal.on })}</p>;
  if (withdrawal.kind === 'contact')
    return <p className="account-order__withdrawal">{t('account.orders.withdrawalByContact')}</p>;
  return (
    <p className="account-order__withdrawal">
      <a
        className="button button--secondary"
        href={withdrawal.href}
        aria-label={t('account.orders.withdrawLabel', { number: order.detail.orderNumber })}
        rel="nofollow"
      >
        {t('account.orders.withdraw')}
      </a>{' '}
      <span>
        {withdrawal.until
          ? t('account.orders.withdrawUntil', { date: withdrawal.until })
          : t('account.orders.withdrawBeforeDelivery')}
      </span>
    </p>
  );
}

/** "Köp igen": the order's items into the cart at today's prices (worker/routes/forms/account.ts). */
function BuyAgain({ number }: { number: string }) {
  const { t, currentPath } = useShop();
  return (
    <form className="account-order__again" method="post" action={ACCOUNT_FORM_ACTIONS.accountBuyAgain}>
      <input type="hidden" name="order" value={number} />
      <input type="hidden" name="page" value={currentPath} />
      <button
        className="button button--primary"
        type="submit"
        aria-label={t('account.orders.buyAgainLabel', { number })}
      >
        {t('account.orders.buyAgain')}
      </button>
    </form>
  );
}

function OrderEntry({ order }: { order: AccountOrder }) {
  const { t, pricesIncludeVat } = useShop();
  const status = ORDER_STATUS_TEXT[order.detail.status];
  const prefix = `order-${order.id}`;
  return (
    <li className="account-order">
      <details className="account-order__details">
        <summary className="account-order__summary">
          <span className="account-order__number">
            {t('account.orders.order', { number: order.detail.orderNumber })}
          </span>
          <span className="account-order__date">{t('account.orders.placed', { date: order.placed })}</span>
          <span className={`order-status order-status--${order.detail.status.toLowerCase().replace('_', '-')}`}>
            {status ? t(status) : order.detail.status}
          </span>
          <span className="account-order__total">
            {t('account.orders.total', { amount: pricesIncludeVat ? order.total.incVat : order.total.exVat })}
          </span>
        </summary>
        <div className="account-order__body">
          <BuyAgain number={order.detail.orderNumber} />
          <Withdraw order={order} />
          <OrderItems order={order.detail} idPrefix={prefix} />
          <OrderDetails order={order.detail} idPrefix={prefix} />
          <StatusHistory order={order} prefix={prefix} />
          {order.trackingLink && (
            <p>
              <a className="button button--secondary" href={order.trackingLink} rel="noopener noreferrer">
                {t('account.orders.tracking')}
              </a>
            </p>
          )}
          {order.refunds.length > 0 && (
            <section className="confirm-card" aria-labelledby={`${prefix}-refunds`}>
              <h2 className="confirm-card__title" id={`${prefix}-refunds`}>
                {t('account.orders.refunds')}
              </h2>
              <ul>
                {order.refunds.map((refund, index) => (
                  <li key={index}>{t('account.orders.refund', refund)}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </details>
    </li>
  );
}

function OrderGroup({ title, id, orders }: { title: string; id: string; orders: AccountOrder[] }) {
  if (orders.length === 0) return null;
  return (
    <section className="account-orders__group" aria-labelledby={id}>
      <h2 className="account-orders__title" id={id}>
        {title}
      </h2>
      <ul className="account-orders__list">
        {orders.map((order) => (
          <OrderEntry key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}

export function OrdersPage({
  orders,
  live = null,
}: {
  orders: AccountOrder[] | null;
  /** The customer's live room (issue 28): an order's status moves here as the merchant moves it. */
  live?: { subject: string; token: string; state: string } | null;
}) {
  const { t, href } = useShop();
  return (
    <MyPagesLayout
      title={t('account.orders.title')}
      current="account-orders"
      failed={orders === null ? 'account.orders.failed' : undefined}
    >
      {orders === null ? null : orders.length === 0 ? (
        <div className="account-card" data-live-region="orders">
          <p>{t('account.orders.none')}</p>
          <a className="button button--primary" href={href('news')}>
            {t('account.orders.noneLink')}
          </a>
        </div>
      ) : (
        <div data-live-region="orders">
          <p className="account-page__intro">{t('account.orders.intro')}</p>
          <OrderGroup
            title={t('account.orders.inProgress')}
            id="orders-in-progress"
            orders={orders.filter((order) => order.inProgress)}
          />
          <OrderGroup
            title={t('account.orders.history')}
            id="orders-history"
            orders={orders.filter((order) => !order.inProgress)}
          />
        </div>
      )}
      {live && (
        <LiveSubject kind="customer" subject={live.subject} token={live.token} variables={{}} state={live.state} />
      )}
    </MyPagesLayout>
  );
}
