/**
 * Add to cart as a plain form (works without JavaScript): POST /api/cart/add with productId, skuId,
 * quantity and redirect (this page), answered by the cart endpoint with a 303 back here and a flash
 * message. A product with sizes offers them as a radio group of skuId; sizes out of stock are shown but
 * cannot be chosen. Nothing is chosen in advance: the cart endpoint answers 'Du måste välja storlek
 * först' (spec §5) when a size is missing.
 */
import { MAX_QUANTITY_PER_LINE } from '../../../../core/cart/limits';
import { useShop } from '../ShopContext';
import { isPurchasable, stockState } from './stock';
import { useStockText } from './StockStatus';
import type { SkuData } from './types';
import { FORM_ACTIONS } from '../../../../core/form-actions';

export function BuyForm({ productId, skus, sized }: { productId: number; skus: readonly SkuData[]; sized: boolean }) {
  const { t, currentPath } = useShop();
  const stockText = useStockText();
  const single = !sized && skus.length === 1 ? skus[0] : undefined;
  return (
    <form
      className="buy-form"
      method="post"
      action={FORM_ACTIONS.addToCart}
      data-failed={t('forms.cart.failed')}
      data-retry={t('errors.tryAgain')}
      data-size-required={t('forms.cart.sizeRequired')}
      data-invalid-quantity={t('forms.cart.invalidQuantity', { max: MAX_QUANTITY_PER_LINE })}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirect" value={currentPath} />
      {single && <input type="hidden" name="skuId" value={single.skuId} />}
      {!single && (
        <fieldset className="size-picker">
          <legend className="size-picker__legend">{t('productPage.size')}</legend>
          <div className="size-picker__options">
            {skus.map((sku) => {
              const state = stockState(sku.stock, sku.incoming);
              const purchasable = isPurchasable(state);
              return (
                <label key={sku.skuId} className={`size-option size-option--${state.kind}`}>
                  <input type="radio" name="skuId" value={sku.skuId} disabled={!purchasable} />
                  <span className="size-option__text">
                    <span className="size-option__name">{sku.name}</span>{' '}
                    <span className="size-option__stock">{stockText(state)}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="buy-form__row">
        <label className="quantity">
          <span className="quantity__label">{t('productPage.quantity')}</span>
          <input
            className="quantity__input"
            type="number"
            name="quantity"
            defaultValue={1}
            min={1}
            max={MAX_QUANTITY_PER_LINE}
            inputMode="numeric"
          />
        </label>
        <button type="submit" className="button button--buy">
          {t('productPage.addToCart')}
        </button>
      </div>
    </form>
  );
}

/** The favorite toggle (spec §4 'Favorites toggle add/remove'): a form POST whose button says if it is on. */
export function FavoriteToggle({ productId, isFavorite }: { productId: number; isFavorite: boolean }) {
  const { t, currentPath } = useShop();
  return (
    <form className="favorite-form" method="post" action={FORM_ACTIONS.favoriteToggle}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirect" value={currentPath} />
      <button type="submit" className="button button--favorite" aria-pressed={isFavorite}>
        <svg className="button__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.8 1.2 5 3 1.2-1.8 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
        </svg>
        {t('productPage.favorite')}
      </button>
    </form>
  );
}
