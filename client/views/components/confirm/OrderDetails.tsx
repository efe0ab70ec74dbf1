/**
 * The confirmation's order details: number, status, email, a business buyer's reference and VAT number,
 * delivery and payment method, and the billing and delivery addresses.
 */
import type { MessageKey } from '../../../../locales';
import type { ConfirmedOrder } from '../../pages/ConfirmPage';
import { useShop } from '../ShopContext';

export interface OrderAddress {
  name: string;
  company: string | null;
  careOf: string | null;
  lines: string[];
  zipCity: string;
  country: string | null;
}

export const ORDER_STATUS_TEXT: Record<string, MessageKey> = {
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

export function OrderDetails({ order, idPrefix = 'confirm' }: { order: ConfirmedOrder; idPrefix?: string }) {
  const { t } = useShop();
  return (
    <section className="confirm-card confirm-details" aria-labelledby={`${idPrefix}-details-title`}>
      <h2 id={`${idPrefix}-details-title`} className="confirm-card__title">
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
              {ORDER_STATUS_TEXT[order.status] ? t(ORDER_STATUS_TEXT[order.status]!) : order.status}
            </span>
            {order.trackingLink && (
              <>
                {' '}
                <a className="confirm-details__tracking" href={order.trackingLink} rel="noopener noreferrer">
                  {t('account.orders.tracking')}
                </a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('confirm.email')}</dt>
          <dd>{order.email}</dd>
        </div>
        {order.customerOrderNumber && (
          <div>
            <dt>{t('confirm.customerOrderNumber')}</dt>
            <dd>{order.customerOrderNumber}</dd>
          </div>
        )}
        {order.vatNumber && (
          <div>
            <dt>{t('confirm.vatNumber')}</dt>
            <dd>{order.vatNumber}</dd>
          </div>
        )}
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
