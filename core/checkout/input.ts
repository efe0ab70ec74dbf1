/**
 * Between the checkout form and the commerce API: the form's values as the API's CheckoutInputType
 * (createOrUpdateCheckout, validateOrderCreation, placeOrder), and a cart's saved checkout back as the
 * form's values, so a page (with or without JavaScript) shows what the shopper entered before.
 */
import { emptyCheckoutValues, type CheckoutFormValues, type CustomerType } from './form';
import { isValidVatNumber, normalizeVatNumber } from './identity-numbers';

/** AddressInputType / AddressType as far as the form uses them. */
export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  careOf: string;
  addressLine1: string;
  zip: string;
  city: string;
  country: string;
  company: string;
  mobile: string;
}

/** The CheckoutInputType the form sends. */
export interface CheckoutApiInput {
  email: string;
  customerType: CustomerType;
  identityNumber: string;
  billingAddress: CheckoutAddress;
  shippingAddress: CheckoutAddress;
  message: string;
  /** A business buyer's reference / purchase order number ('' for a private person). */
  customerOrderNumber: string;
  /** JSON of the business buyer's data the schema has no field for: `{ "vatNumber": "SE556677889901" }`. */
  merchantData?: string;
  shippingId?: number;
  paymentId?: number;
}

/**
 * The company's VAT number as CheckoutInputType carries it (issue 14): the schema has no field of its own
 * for it, so it travels in `merchantData`, `{ "vatNumber": … }` ('' removes one given before). Left out
 * while it is malformed: the form shows its message, and the API keeps what it had.
 */
export function businessMerchantData(vatNumber: string, countryCode: string): string | undefined {
  const typed = vatNumber.trim();
  if (typed !== '' && !isValidVatNumber(countryCode, typed)) return undefined;
  return JSON.stringify({ vatNumber: normalizeVatNumber(typed) });
}

/** The parts of the API's CheckoutType the form is filled from. */
export interface SavedCheckout {
  email: string | null;
  identityNumber: string | null;
  billingAddress: Partial<CheckoutAddress> | null;
  shippingAddress: Partial<CheckoutAddress> | null;
}

const idOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : undefined);

/**
 * The form as the API's checkout input. Without a separate delivery address the goods go to the billing
 * address (sent as both, so an earlier separate address is replaced). The country is the market's.
 */
export function checkoutInputOf(values: CheckoutFormValues, countryCode: string): CheckoutApiInput {
  const organization = values.customerType === 'ORGANIZATION';
  const billing: CheckoutAddress = {
    firstName: values.firstName,
    lastName: values.lastName,
    careOf: values.careOf,
    addressLine1: values.addressLine1,
    zip: values.zip,
    city: values.city,
    country: values.country || countryCode,
    company: organization ? values.company : '',
    mobile: values.phone,
  };
  const shipping: CheckoutAddress =
    values.separateDelivery === 'on'
      ? {
          ...billing,
          firstName: values.deliveryFirstName,
          lastName: values.deliveryLastName,
          careOf: values.deliveryCareOf,
          addressLine1: values.deliveryAddressLine1,
          zip: values.deliveryZip,
          city: values.deliveryCity,
        }
      : billing;
  return {
    email: values.email,
    customerType: values.customerType,
    identityNumber: organization ? values.organizationId : values.personalId,
    billingAddress: billing,
    shippingAddress: shipping,
    message: values.message,
    customerOrderNumber: organization ? values.customerOrderNumber : '',
    ...(organization && { merchantData: businessMerchantData(values.vatNumber, countryCode) }),
    ...(idOf(values.shippingId) !== undefined && { shippingId: idOf(values.shippingId) }),
    ...(idOf(values.paymentId) !== undefined && { paymentId: idOf(values.paymentId) }),
  };
}

const DELIVERY_FIELDS = ['firstName', 'lastName', 'careOf', 'addressLine1', 'zip', 'city'] as const;

/** The form's values from a cart's saved checkout (empty where nothing was saved). */
export function checkoutValuesFromSaved(
  saved: SavedCheckout | null,
  customerType: CustomerType,
  countryCode: string,
): CheckoutFormValues {
  const values = emptyCheckoutValues(customerType);
  values.country = countryCode;
  if (!saved) return values;
  const billing = saved.billingAddress ?? {};
  const shipping = saved.shippingAddress ?? {};
  values.email = saved.email ?? '';
  values.phone = billing.mobile ?? '';
  values.firstName = billing.firstName ?? '';
  values.lastName = billing.lastName ?? '';
  values.careOf = billing.careOf ?? '';
  values.addressLine1 = billing.addressLine1 ?? '';
  values.zip = billing.zip ?? '';
  values.city = billing.city ?? '';
  values.company = billing.company ?? '';
  if (customerType === 'ORGANIZATION') values.organizationId = saved.identityNumber ?? '';
  else values.personalId = saved.identityNumber ?? '';
  const separate =
    Boolean(shipping.addressLine1) &&
    DELIVERY_FIELDS.some((field) => (shipping[field] ?? '') !== (billing[field] ?? ''));
  if (separate) {
    values.separateDelivery = 'on';
    values.deliveryFirstName = shipping.firstName ?? '';
    values.deliveryLastName = shipping.lastName ?? '';
    values.deliveryCareOf = shipping.careOf ?? '';
    values.deliveryAddressLine1 = shipping.addressLine1 ?? '';
    values.deliveryZip = shipping.zip ?? '';
    values.deliveryCity = shipping.city ?? '';
  }
  return values;
}
