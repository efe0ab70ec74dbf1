/**
 * The checkout form's fields and their validation (spec §5), shared by the checkout island (on blur and
 * on submit) and the no-JavaScript route (worker/routes/forms/checkout.ts): one valibot schema, whose
 * messages are keys of the `checkout.validation` locale section. Pure and small enough for the island.
 */
import * as v from 'valibot';
import type { MessageKey } from '../../locales';
import { isSwedishOrganizationId, isValidPersonalId, isValidVatNumber } from './identity-numbers';
import { DEFAULT_CUSTOMER_TYPE, isCustomerType, type CustomerType } from '../customer-type';

export type { CustomerType };

/** The text fields of the form, by their `name` (the no-JS POST sends exactly these). */
export const TEXT_FIELDS = [
  'email',
  'phone',
  'firstName',
  'lastName',
  'company',
  'organizationId',
  'personalId',
  'addressLine1',
  'careOf',
  'zip',
  'city',
  'country',
  'deliveryFirstName',
  'deliveryLastName',
  'deliveryCareOf',
  'deliveryAddressLine1',
  'deliveryZip',
  'deliveryCity',
  'message',
  'customerOrderNumber',
  'vatNumber',
  'shippingId',
  'paymentId',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Checkboxes: 'on' when ticked, '' when not (as a browser posts them, or leaves them out). */
export const CHECKBOX_FIELDS = ['separateDelivery', 'terms'] as const;
export type CheckboxField = (typeof CHECKBOX_FIELDS)[number];

export type FieldName = TextField | CheckboxField;

/** Everything the shopper entered, as strings (form data). */
export type CheckoutFormValues = Record<FieldName, string> & { customerType: CustomerType };

/** A business buyer's reference / purchase order number (CheckoutInputType.customerOrderNumber): as ERPs keep it. */
export const MAX_CUSTOMER_ORDER_NUMBER_LENGTH = 50;

/** The most a field may hold (the API's limits, worker/commerce/checkout/checkout.ts). */
export const FIELD_MAX_LENGTH: Record<TextField, number> = {
  email: 254,
  phone: 50,
  firstName: 100,
  lastName: 100,
  company: 200,
  organizationId: 30,
  personalId: 30,
  addressLine1: 200,
  careOf: 100,
  zip: 20,
  city: 100,
  country: 100,
  deliveryFirstName: 100,
  deliveryLastName: 100,
  deliveryCareOf: 100,
  deliveryAddressLine1: 200,
  deliveryZip: 20,
  deliveryCity: 100,
  message: 1000,
  customerOrderNumber: MAX_CUSTOMER_ORDER_NUMBER_LENGTH,
  vatNumber: 30,
  shippingId: 10,
  paymentId: 10,
};

/** Payment methods that buy on credit: they need a personnummer or organisationsnummer (spec §5). */
export const CREDIT_PAYMENT_CODES: readonly string[] = ['INVOICE', 'INSTALMENT'];

/** The market the shopper checks out in: the address must be in its country (spec §5). */
export interface CheckoutMarket {
  countryCode: string;
  /** The country's names (any language) that also count as the market's country. */
  countryNames: readonly string[];
}

type ValidationKey = Extract<MessageKey, `checkout.validation.${string}`>;
const REQUIRED: ValidationKey = 'checkout.validation.required';

/** Empty values from a partial source (the API's saved checkout, a POST missing fields). */
export function emptyCheckoutValues(customerType: CustomerType = DEFAULT_CUSTOMER_TYPE): CheckoutFormValues {
  const values = { customerType } as CheckoutFormValues;
  for (const field of [...TEXT_FIELDS, ...CHECKBOX_FIELDS]) values[field] = '';
  return values;
}

/** The form's values from posted form data: known fields only, strings only, each within its limit. */
export function checkoutValuesOf(fields: Record<string, unknown>, customerType: CustomerType): CheckoutFormValues {
  // A posted type that is not one of ours keeps the shopper's current type, as a missing one does.
  const values = emptyCheckoutValues(isCustomerType(fields.customerType) ? fields.customerType : customerType);
  for (const field of TEXT_FIELDS) {
    const raw = fields[field];
    if (typeof raw === 'string') values[field] = raw.trim().slice(0, FIELD_MAX_LENGTH[field]);
  }
  for (const field of CHECKBOX_FIELDS) values[field] = fields[field] === 'on' ? 'on' : '';
  return values;
}

/** Organisationsnummer: Swedish ones by their checksum; other countries' formats by length (as the API). */
export function isValidOrganizationId(countryCode: string, value: string): boolean {
  return countryCode === 'SE' ? isSwedishOrganizationId(value) : value.trim().length >= 6;
}

const required = () => v.pipe(v.string(), v.trim(), v.nonEmpty(REQUIRED));
const optional = () => v.string();

function countryField(market: CheckoutMarket) {
  const accepted = [market.countryCode, ...market.countryNames].map((name) => name.toLowerCase());
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(REQUIRED),
    v.check(
      (country) => accepted.includes(country.toLowerCase()),
      'checkout.validation.country' satisfies ValidationKey,
    ),
  );
}

function identityField(valid: (value: string) => boolean, message: ValidationKey, needed: boolean) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (value) => (value === '' ? !needed : valid(value)),
      (issue) => (issue.input === '' ? REQUIRED : message),
    ),
  );
}

/**
 * The schema of the form as the shopper filled it in: which fields are needed depends on their own
 * choices (customer type, payment method, separate delivery address), so it is built for those.
 */
export function checkoutFormSchema(
  market: CheckoutMarket,
  choices: { customerType: CustomerType; paymentCode: string | null; separateDelivery: boolean },
) {
  const credit = choices.paymentCode !== null && CREDIT_PAYMENT_CODES.includes(choices.paymentCode);
  const organization = choices.customerType === 'ORGANIZATION';
  const delivery = choices.separateDelivery ? required : optional;
  return v.object({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(REQUIRED),
      v.email('checkout.validation.email' satisfies ValidationKey),
    ),
    phone: required(),
    firstName: required(),
    lastName: required(),
    company: organization ? required() : optional(),
    organizationId: organization
      ? identityField(
          (id) => isValidOrganizationId(market.countryCode, id),
          'checkout.validation.organizationId',
          credit,
        )
      : optional(),
    personalId: !organization
      ? identityField((id) => isValidPersonalId(market.countryCode, id), 'checkout.validation.personalId', credit)
      : optional(),
    addressLine1: required(),
    careOf: optional(),
    zip: required(),
    city: required(),
    country: countryField(market),
    deliveryFirstName: delivery(),
    deliveryLastName: delivery(),
    deliveryCareOf: optional(),
    deliveryAddressLine1: delivery(),
    deliveryZip: delivery(),
    deliveryCity: delivery(),
    message: optional(),
    // A business buyer's reference and VAT number (issue 14): both optional; a VAT number in its country's format.
    customerOrderNumber: optional(),
    vatNumber: organization
      ? v.pipe(
          v.string(),
          v.trim(),
          v.check(
            (value) => value === '' || isValidVatNumber(market.countryCode, value),
            'checkout.validation.vatNumber' satisfies ValidationKey,
          ),
        )
      : optional(),
    // The API takes its default carrier for the zip when none was chosen (the no-JS form before options).
    shippingId: optional(),
    paymentId: required(),
    terms: v.literal('on', 'checkout.validation.terms' satisfies ValidationKey),
  });
}

/** Field → the message key of its first problem. */
export type CheckoutErrors = Partial<Record<FieldName, ValidationKey>>;

/** The spec §5 summary shown above the form whenever a field is wrong. */
export const SUMMARY_MESSAGE: ValidationKey = 'checkout.validation.summary';

/**
 * The form's problems before placing an order: empty when it can be placed. `paymentCode` is the code
 * (CARD, SWISH, INVOICE, INSTALMENT) of the payment method the shopper chose.
 */
export function validateCheckoutForm(
  values: CheckoutFormValues,
  market: CheckoutMarket,
  paymentCode: string | null,
): CheckoutErrors {
  const schema = checkoutFormSchema(market, {
    customerType: values.customerType,
    paymentCode,
    separateDelivery: values.separateDelivery === 'on',
  });
  const result = v.safeParse(schema, values, { abortPipeEarly: true });
  if (result.success) return {};
  const errors: CheckoutErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message as ValidationKey;
  }
  return errors;
}

/** One field's problem, for validation on blur: the same schema, only this field's answer. */
export function validateCheckoutField(
  field: FieldName,
  values: CheckoutFormValues,
  market: CheckoutMarket,
  paymentCode: string | null,
): ValidationKey | undefined {
  return validateCheckoutForm(values, market, paymentCode)[field];
}
