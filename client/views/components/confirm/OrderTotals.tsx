/**
 * The confirmation's totals under its items: subtotal, shipping, the total in the customer type's VAT
 * display, the discounts already taken off, and the VAT (with the total including VAT for a Företag);
 * then what balance and gift cards paid and what was left to pay. They are payment, not discount, so the
 * total and its VAT are the sale's whole (as the cart summary says it: cart-display.ts summaryRows).
 */
import type { ConfirmedOrder } from '../../pages/ConfirmPage';
import { useShop } from '../ShopContext';

/** Inc- and ex-VAT amounts, formatted. */
export interface PricePair {
  incVat: string;
  exVat: string;
}

export function OrderTotals({ totals }: { totals: ConfirmedOrder['totals'] }) {
  const { t, pricesIncludeVat } = useShop();
  const price = (pair: PricePair) => (pricesIncludeVat ? pair.incVat : pair.exVat);
  return (
    <>
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
        <div className="confirm-totals__total">
          <dt>
            {t('confirm.total')}{' '}
            <span className="confirm-totals__vat-note">{t(pricesIncludeVat ? 'confirm.incVat' : 'confirm.exVat')}</span>
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
        {totals.balance && (
          <div>
            <dt>{t('confirm.balance')}</dt>
            <dd>−{totals.balance}</dd>
          </div>
        )}
        {totals.balance && totals.toPay && (
          <div className="confirm-totals__total">
            <dt>{t('cart.summary.toPay')}</dt>
            <dd>{totals.toPay}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
