/**
 * The checkout's two choices as radio groups: the carriers for the shopper's zip (fee and delivery
 * estimate; spec §8 'Hittade inga fraktalternativ för angivet postnummer' when there are none) and the
 * market's payment methods (Swish only in Sweden). Invoice and instalment carry `data-credit`: the
 * personnummer field is shown while one of them is chosen (client/styles/checkout.css).
 */
import { errorId, type FieldContext } from './CheckoutFields';
import { CREDIT_PAYMENT_CODES } from '../../../../core/checkout/form';
import type { PaymentChoice, ShippingChoice } from '../../../../core/checkout/choices';
import type { CheckoutText } from '../../../../core/checkout/text';

export const SHIPPING_SECTION_ID = 'checkout-shipping';
/** The section of a provider's external checkout (ExternalCheckout.tsx, issue 26). */
export const EXTERNAL_SECTION_ID = 'checkout-external';

export interface ShippingOptionsProps {
  form: FieldContext;
  options: ShippingChoice[];
  /** False until the shopper has given a zip: the options are not shown yet. */
  zipGiven: boolean;
  loading: boolean;
}

export function ShippingOptions({ form, options, zipGiven, loading }: ShippingOptionsProps) {
  const { text } = form;
  const error = form.errors.shippingId;
  const legendId = `${SHIPPING_SECTION_ID}-legend`;
  let body;
  if (!zipGiven) body = <p className="checkout-options__note">{text['checkout.zipFirst']}</p>;
  else if (options.length === 0)
    body = <p className="checkout-options__note checkout-options__note--problem">{text['checkout.noShipping']}</p>;
  else {
    body = (
      <ul className="checkout-options__list" role="list">
        {options.map((option) => (
          <li key={option.id} className="checkout-option">
            <input
              className="checkout-option__input"
              type="radio"
              id={`checkout-shipping-${option.id}`}
              name="shippingId"
              value={String(option.id)}
              checked={form.values.shippingId === String(option.id)}
              aria-describedby={`checkout-shipping-${option.id}-details${error ? ` ${errorId('shippingId')}` : ''}`}
              onChange={() => form.onChange?.('shippingId', String(option.id))}
            />
            <label className="checkout-option__label" htmlFor={`checkout-shipping-${option.id}`}>
              <span className="checkout-option__name">{option.name}</span>
              <span className="checkout-option__price">{option.free ? text['checkout.free'] : option.fee}</span>
            </label>
            <span className="checkout-option__details" id={`checkout-shipping-${option.id}-details`}>
              {option.estimate}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <fieldset className="checkout-section checkout-options" id={SHIPPING_SECTION_ID} aria-busy={loading || undefined}>
      <legend className="checkout-section__title" id={legendId}>
        {text['checkout.shippingTitle']}
      </legend>
      <div className="checkout-options__body" aria-live="polite">
        {loading ? <p className="checkout-options__note">{text['checkout.loadingShipping']}</p> : body}
      </div>
      {error && zipGiven && options.length > 0 && (
        <p className="field__error" id={errorId('shippingId')}>
          {text[error]}
        </p>
      )}
    </fieldset>
  );
}

const PAYMENT_HINTS: Record<string, keyof CheckoutText> = {
  CARD: 'checkout.cardHint',
  SWISH: 'checkout.swishHint',
  INVOICE: 'checkout.invoiceHint',
  INSTALMENT: 'checkout.instalmentHint',
};

export function PaymentOptions({ form, options }: { form: FieldContext; options: PaymentChoice[] }) {
  const { text } = form;
  const error = form.errors.paymentId;
  return (
    <fieldset className="checkout-section checkout-options" id="checkout-payment">
      <legend className="checkout-section__title">{text['checkout.paymentTitle']}</legend>
      <ul className="checkout-options__list" role="list">
        {options.map((option) => {
          const hint = PAYMENT_HINTS[option.code];
          const id = `checkout-payment-${option.id}`;
          return (
            <li key={option.id} className={`checkout-option checkout-option--${option.code.toLowerCase()}`}>
              <input
                className="checkout-option__input"
                type="radio"
                id={id}
                name="paymentId"
                value={String(option.id)}
                data-credit={CREDIT_PAYMENT_CODES.includes(option.code) ? '' : undefined}
                checked={form.values.paymentId === String(option.id)}
                aria-describedby={hint ? `${id}-details` : undefined}
                onChange={() => form.onChange?.('paymentId', String(option.id))}
              />
              <label className="checkout-option__label" htmlFor={id}>
                <span className="checkout-option__name">{option.name}</span>
              </label>
              {hint && (
                <span className="checkout-option__details" id={`${id}-details`}>
                  {text[hint]}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p className="field__error" id={errorId('paymentId')}>
          {text[error]}
        </p>
      )}
    </fieldset>
  );
}
