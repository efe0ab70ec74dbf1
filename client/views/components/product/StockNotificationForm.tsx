/**
 * Back-in-stock notification (spec §1, §3 'Notification subscription (email)'): a plain form POST to
 * /api/stock-notification (worker/routes/forms/stock-notification.ts) with email, skuId and redirect. The
 * endpoint answers 303 back here with `?notify=ok|invalid-email|error#notify`; the page shows the
 * result and, after an invalid address, the address again with the spec's message.
 */
import { useShop } from '../ShopContext';
import type { SkuData, StockNotificationStatus } from './types';
import { FORM_ACTIONS } from '../../../../core/form-actions';

/** The section's id: the endpoint's redirect ends in `#notify` so the answer is in view. */
export const STOCK_NOTIFICATION_ID = 'notify';

export function StockNotificationForm({
  skus,
  sized,
  status,
}: {
  /** The skus out of stock (at least one). */
  skus: readonly SkuData[];
  sized: boolean;
  status: StockNotificationStatus | null;
}) {
  const { t, currentPath } = useShop();
  const invalid = status?.result === 'invalid-email';
  const only = skus.length === 1 ? skus[0] : undefined;
  return (
    <section className="stock-notify" id={STOCK_NOTIFICATION_ID} aria-labelledby="stock-notify-title">
      <h2 id="stock-notify-title" className="stock-notify__title">
        {t('productPage.notify.title')}
      </h2>
      <p className="stock-notify__intro">{t('productPage.notify.intro')}</p>
      <div role="status" className="stock-notify__status">
        {status?.result === 'ok' && <p className="notice notice--success">{t('productPage.notify.ok')}</p>}
        {status?.result === 'error' && <p className="notice notice--error">{t('errors.generic')}</p>}
        {invalid && (
          <p className="notice notice--error" id="stock-notify-error">
            {t('productPage.notify.invalidEmail')}
          </p>
        )}
      </div>
      {/* noValidate: the shop's own message (spec §5) answers an invalid address, not the browser's. */}
      <form className="stock-notify__form" method="post" action={FORM_ACTIONS.stockNotification} noValidate>
        <input type="hidden" name="redirect" value={currentPath} />
        {only && !sized && <input type="hidden" name="skuId" value={only.skuId} />}
        {sized && (
          <div className="field">
            <label className="field__label" htmlFor="stock-notify-size">
              {t('productPage.notify.size')}
            </label>
            <select className="field__input" id="stock-notify-size" name="skuId">
              {skus.map((sku) => (
                <option key={sku.skuId} value={sku.skuId}>
                  {sku.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label className="field__label" htmlFor="stock-notify-email">
            {t('productPage.notify.email')}
          </label>
          <input
            className="field__input"
            id="stock-notify-email"
            type="email"
            name="email"
            autoComplete="email"
            defaultValue={invalid ? status.email : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'stock-notify-error' : undefined}
          />
        </div>
        <button type="submit" className="button button--secondary">
          {t('productPage.notify.submit')}
        </button>
      </form>
    </section>
  );
}
