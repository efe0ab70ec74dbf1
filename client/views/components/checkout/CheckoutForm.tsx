/**
 * The checkout form (issue 6 "Checkout"): customer type, contact details and address with visible labels,
 * an optional separate delivery address, a message, the carriers for the zip, the payment method, the
 * terms and 'Slutför köp'. It is a plain POST form to /api/checkout that works without JavaScript
 * (worker/routes/forms/checkout.ts); the Checkout island renders the same form and takes over its steps.
 * Fields that depend on a choice (company for Företag, personnummer for invoice and instalment, the
 * delivery address) are shown by CSS from the checked inputs, so they follow the choice without script.
 */
import type { FormEvent, RefObject } from 'react';
import { Checkbox, TextInput, type FieldContext } from './CheckoutFields';
import { PaymentOptions, ShippingOptions } from './CheckoutOptions';
import type { CheckoutOptions, ExternalCheckout } from '../../../../core/checkout/choices';
import { ExternalCheckoutSection } from './ExternalCheckout';
import { FORM_ACTIONS } from '../../../../core/form-actions';

export const ERROR_SUMMARY_ID = 'checkout-errors';

export interface CheckoutFormProps {
  form: FieldContext;
  /** The checkout page's path: the no-JS POST comes back here. */
  redirect: string;
  options: CheckoutOptions;
  /**
   * The chosen payment option's external checkout (issue 26): shown in place of the address and 'Slutför
   * köp', as the provider takes both.
   */
  external: ExternalCheckout | null;
  /** Changes when the provider's checkout starts afresh (ExternalCheckoutSection). */
  externalSession?: number;
  zipGiven: boolean;
  loadingShipping: boolean;
  /** The market's country: the address must be there (spec §5). */
  country: { code: string; name: string };
  termsHref: string;
  /** The message above the form: the §5 summary, or what stopped the order (API, credit check). */
  notice: string | null;
  /** With a notice of a fault (the network, the API down: spec §8), what 'Försök igen' does. */
  onRetry?: (() => void) | null;
  /** The total to pay, as the customer type sees prices. */
  total: string | null;
  submitting: boolean;
  /** True once the island runs: the no-JS save button steps aside (the zip updates carriers live). */
  enhanced: boolean;
  formRef?: RefObject<HTMLFormElement | null>;
  saveRef?: RefObject<HTMLButtonElement | null>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

function CustomerTypeChoice({ form }: { form: FieldContext }) {
  const { text, values } = form;
  const choices = [
    { type: 'PERSON', label: text['checkout.person'] },
    { type: 'ORGANIZATION', label: text['checkout.organization'] },
  ] as const;
  return (
    <fieldset className="checkout-section customer-type-choice">
      <legend className="checkout-section__title">{text['checkout.customerTypeLegend']}</legend>
      <div className="customer-type-choice__options">
        {choices.map((choice) => (
          <span key={choice.type} className="customer-type-choice__option">
            <input
              type="radio"
              id={`checkout-customer-type-${choice.type}`}
              name="customerType"
              value={choice.type}
              checked={values.customerType === choice.type}
              onChange={() => form.onChange?.('customerType', choice.type)}
            />
            <label htmlFor={`checkout-customer-type-${choice.type}`}>{choice.label}</label>
          </span>
        ))}
      </div>
      <p className="customer-type-choice__vat">
        {text[values.customerType === 'ORGANIZATION' ? 'checkout.exVat' : 'checkout.incVat']}
      </p>
    </fieldset>
  );
}

/** How a VAT number of the market's country is written (issue 14), or the general rule elsewhere. */
function vatNumberHint(text: FieldContext['text'], countryCode: string): string {
  const key = `checkout.vatNumberHint${countryCode}`;
  return key in text ? text[key as keyof typeof text] : text['checkout.vatNumberHint'];
}

export function CheckoutForm(props: CheckoutFormProps) {
  const { form, options, country, external } = props;
  const { text } = form;
  const hasErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      ref={props.formRef}
      className="checkout-form"
      method="post"
      action={FORM_ACTIONS.checkout}
      noValidate
      onSubmit={props.onSubmit}
    >
      <input type="hidden" name="redirect" value={props.redirect} />
      <div className="checkout-form__errors" id={ERROR_SUMMARY_ID} role="alert" tabIndex={-1}>
        {(hasErrors || props.notice) && (
          <div className="checkout-notice">
            <p className="checkout-notice__title">{text['checkout.errorsTitle']}</p>
            {hasErrors && <p>{text['checkout.validation.summary']}</p>}
            {props.notice && <p>{props.notice}</p>}
            {props.notice && props.onRetry && (
              <p>
                <button
                  type="button"
                  className="button button--secondary checkout-notice__retry"
                  onClick={props.onRetry}
                >
                  {text['checkout.tryAgain']}
                </button>
              </p>
            )}
          </div>
        )}
      </div>

      <CustomerTypeChoice form={form} />

      <fieldset className="checkout-section" hidden={external !== null}>
        <legend className="checkout-section__title">{text['checkout.detailsTitle']}</legend>
        <div className="checkout-grid">
          <TextInput
            form={form}
            name="email"
            label={text['checkout.email']}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            className="field--wide"
          />
          <TextInput
            form={form}
            name="phone"
            label={text['checkout.phone']}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            className="field--wide"
          />
          <TextInput
            form={form}
            name="firstName"
            label={text['checkout.firstName']}
            autoComplete="given-name"
            required
          />
          <TextInput
            form={form}
            name="lastName"
            label={text['checkout.lastName']}
            autoComplete="family-name"
            required
          />
          <TextInput
            form={form}
            name="company"
            label={text['checkout.company']}
            autoComplete="organization"
            required
            className="field--wide only-organization"
          />
          <TextInput
            form={form}
            name="organizationId"
            label={text['checkout.organizationId']}
            hint={text['checkout.identityHint']}
            className="field--wide only-organization"
          />
          <TextInput
            form={form}
            name="vatNumber"
            label={text['checkout.vatNumber']}
            hint={vatNumberHint(text, country.code)}
            autoComplete="off"
            className="field--wide only-organization"
          />
          <TextInput
            form={form}
            name="customerOrderNumber"
            label={text['checkout.customerOrderNumber']}
            hint={text['checkout.customerOrderNumberHint']}
            autoComplete="off"
            className="field--wide only-organization"
          />
          <TextInput
            form={form}
            name="personalId"
            label={text['checkout.personalId']}
            hint={text['checkout.identityHint']}
            inputMode="numeric"
            className="field--wide only-credit-person"
          />
        </div>
      </fieldset>

      <fieldset className="checkout-section" hidden={external !== null}>
        <legend className="checkout-section__title">{text['checkout.addressTitle']}</legend>
        <div className="checkout-grid">
          <TextInput
            form={form}
            name="addressLine1"
            label={text['checkout.addressLine1']}
            autoComplete="billing street-address"
            required
            className="field--wide"
          />
          <TextInput form={form} name="careOf" label={text['checkout.careOf']} className="field--wide" />
          <TextInput
            form={form}
            name="zip"
            label={text['checkout.zip']}
            autoComplete="billing postal-code"
            inputMode="numeric"
            required
          />
          <TextInput
            form={form}
            name="city"
            label={text['checkout.city']}
            autoComplete="billing address-level2"
            required
          />
          <div className="field field--wide">
            <label className="field__label" htmlFor="checkout-country-name">
              {text['checkout.country']}
            </label>
            <input
              className="field__input"
              id="checkout-country-name"
              value={country.name}
              readOnly
              aria-describedby={form.errors.country ? 'checkout-country-error' : undefined}
            />
            <input type="hidden" name="country" value={country.code} />
            {form.errors.country && (
              <p className="field__error" id="checkout-country-error">
                {text[form.errors.country]}
              </p>
            )}
          </div>
        </div>
        <Checkbox form={form} name="separateDelivery" label={text['checkout.separateDelivery']} />
        <div className="checkout-delivery">
          <h3 className="checkout-delivery__title">{text['checkout.deliveryTitle']}</h3>
          <div className="checkout-grid">
            <TextInput
              form={form}
              name="deliveryFirstName"
              label={text['checkout.firstName']}
              autoComplete="shipping given-name"
              required
            />
            <TextInput
              form={form}
              name="deliveryLastName"
              label={text['checkout.lastName']}
              autoComplete="shipping family-name"
              required
            />
            <TextInput
              form={form}
              name="deliveryAddressLine1"
              label={text['checkout.addressLine1']}
              autoComplete="shipping street-address"
              required
              className="field--wide"
            />
            <TextInput form={form} name="deliveryCareOf" label={text['checkout.careOf']} className="field--wide" />
            <TextInput
              form={form}
              name="deliveryZip"
              label={text['checkout.zip']}
              autoComplete="shipping postal-code"
              inputMode="numeric"
              required
            />
            <TextInput
              form={form}
              name="deliveryCity"
              label={text['checkout.city']}
              autoComplete="shipping address-level2"
              required
            />
          </div>
        </div>
        <TextInput form={form} name="message" label={text['checkout.message']} multiline className="field--wide" />
        <button
          ref={props.saveRef}
          className="button button--secondary checkout-form__save"
          type="submit"
          name="intent"
          value="save"
          hidden={props.enhanced}
        >
          {text['checkout.saveDetails']}
        </button>
      </fieldset>

      <ShippingOptions
        form={form}
        options={options.shipping}
        // The provider's checkout takes the address: the carriers are the market's until it has a zip.
        zipGiven={props.zipGiven || external !== null}
        loading={props.loadingShipping}
      />
      <PaymentOptions form={form} options={options.payment} />

      {external && (
        <ExternalCheckoutSection
          external={external}
          session={props.externalSession ?? 0}
          text={text}
          enhanced={props.enhanced}
        />
      )}
      <div className="checkout-section checkout-finish" hidden={external !== null}>
        <Checkbox form={form} name="terms" label={text['checkout.terms']} required />
        <p className="checkout-finish__terms">
          <a href={props.termsHref} target="_blank" rel="noopener">
            {text['checkout.termsLink']}
          </a>
        </p>
        {props.total && <p className="checkout-finish__total">{props.total}</p>}
        <button
          className="button button--primary checkout-finish__submit"
          type="submit"
          name="intent"
          value="place"
          disabled={props.submitting}
          aria-disabled={props.submitting || undefined}
        >
          {props.submitting ? text['checkout.submitting'] : text['checkout.submit']}
        </button>
      </div>
    </form>
  );
}
