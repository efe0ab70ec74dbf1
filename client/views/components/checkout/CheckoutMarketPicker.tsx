/**
 * The checkout's own market picker (spec §4 "Changing checkout market: cart reloaded, stored in cookie,
 * broadcast"): a plain form to /api/checkout-market (worker/routes/api/preferences.ts) that stores the
 * checkout market alone and comes back to the checkout, where the cart is read again in the chosen
 * market's prices, currency and shipping. It needs no script, so it adds nothing to the Checkout island;
 * with JavaScript the page that loads tells the other tabs (client/store/tab-sync.ts). No choice is made
 * as the select changes (WCAG 3.2.2): the shopper presses the button.
 */
import { useShop } from '../ShopContext';

export interface CheckoutMarketChoice {
  alias: string;
  country: string;
  currency: string;
  current: boolean;
}

export interface CheckoutMarketPickerProps {
  markets: readonly CheckoutMarketChoice[];
  /** The checkout's path, where the form's answer leads. */
  redirect: string;
}

export function CheckoutMarketPicker({ markets, redirect }: CheckoutMarketPickerProps) {
  const { t } = useShop();
  const current = markets.find((market) => market.current)?.alias;
  return (
    <form className="checkout-market" method="post" action="/api/checkout-market">
      <input type="hidden" name="redirect" value={redirect} />
      <label className="field__label" htmlFor="checkout-market">
        {t('checkoutMarket.label')}
      </label>
      <p className="checkout-market__hint" id="checkout-market-hint">
        {t('checkoutMarket.hint')}
      </p>
      <div className="checkout-market__row">
        <select
          className="field__input checkout-market__select"
          id="checkout-market"
          name="alias"
          defaultValue={current}
          aria-describedby="checkout-market-hint"
        >
          {markets.map((market) => (
            <option key={market.alias} value={market.alias}>
              {t('chrome.picker.option', { country: market.country, currency: market.currency })}
            </option>
          ))}
        </select>
        <button className="button button--secondary checkout-market__submit" type="submit">
          {t('checkoutMarket.submit')}
        </button>
      </div>
    </form>
  );
}
