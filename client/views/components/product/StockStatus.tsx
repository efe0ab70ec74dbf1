/** A stock state in words (spec §4): in stock, only N left, out of stock (and when it is expected), made to order, always in stock (static). */
import type { MessageKey } from '../../../../locales';
import { useShop } from '../ShopContext';
import type { StockState } from './stock';
import { dateTimeFormat } from '../../../../locales/intl';

/** The short text of a state, as a size option shows it. */
export function useStockText(): (state: StockState) => string {
  const { t } = useShop();
  return (state) => {
    switch (state.kind) {
      case 'in-stock':
        return t('productPage.stock.inStock');
      case 'few-left':
        return t('productPage.stock.fewLeft', { count: state.count });
      case 'made-to-order':
        return t('productPage.stock.madeToOrder');
      case 'static':
        return t('productPage.stock.static');
      case 'out-of-stock':
        return t('productPage.stock.outOfStock');
    }
  };
}

/**
 * A coming day as the shopper's language writes it ('15 november 2026'); API dates are midnight UTC.
 * A day already past (stock that was due and has not come) says nothing: the text would be wrong.
 */
export function useUpcomingDateText(): (iso: string) => string {
  const { localeIso } = useShop();
  const format = dateTimeFormat(localeIso, { dateStyle: 'long', timeZone: 'UTC' });
  const today = new Date().toISOString().slice(0, 10);
  return (iso) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) < today) return '';
    return format.format(date);
  };
}

const DETAIL: Record<StockState['kind'], MessageKey | null> = {
  'in-stock': 'productPage.stock.dispatch',
  'few-left': 'productPage.stock.dispatch',
  'made-to-order': 'productPage.stock.madeToOrderDispatch',
  // Stated stock is dispatched as stock on the shelf is (the reference's 'normal delivery time').
  static: 'productPage.stock.dispatch',
  'out-of-stock': null,
};

/** The product's (or the chosen size's) stock with the dispatch time that goes with it. */
export function StockStatus({ state }: { state: StockState }) {
  const { t } = useShop();
  const stockText = useStockText();
  const dateText = useUpcomingDateText();
  const detail = DETAIL[state.kind];
  const incoming = state.kind === 'out-of-stock' && state.incoming ? dateText(state.incoming) : '';
  return (
    <div className={`stock-status stock-status--${state.kind}`}>
      <p className="stock-status__state">
        <span className="stock-status__dot" aria-hidden="true" />
        {stockText(state)}
      </p>
      {detail && <p className="stock-status__detail">{t(detail)}</p>}
      {incoming && <p className="stock-status__detail">{t('productPage.stock.incoming', { date: incoming })}</p>}
    </div>
  );
}
