/**
 * The checkout (spec §4 "Checkout needs zip, chosen shipping method, and all fields before payment",
 * §5 validation, §7 validateOrderCreation): what the shopper entered, kept on the cart, and whether an
 * order can be created from it. Messages are message keys; the GraphQL layer localizes them.
 */
import * as v from 'valibot';
import type { MessageKey } from '../../../locales';
import {
  isSwedishOrganizationId,
  isValidPersonalId,
  isValidVatNumber,
  normalizeVatNumber,
} from '../../../core/checkout/identity-numbers';
import { MAX_CUSTOMER_ORDER_NUMBER_LENGTH } from '../../../core/checkout/form';
import type { OrderAddress, OrderDetails } from '../orders/orders';
import type { PaymentMethodCode } from './shipping';
import type { CustomerRecord } from '../customers/customers';
import { type CustomerType, CUSTOMER_TYPES, DEFAULT_CUSTOMER_TYPE } from '../../../core/customer-type';

/** Spec §4: the storefront compares this literal, so it is never translated. */
export const BLACKLISTED_MESSAGE = 'Customer is blacklisted';

const text = (max: number) => v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');

export const AddressInput = v.object({
  firstName: text(100),
  lastName: text(100),
  addressLine1: text(200),
  addressLine2: text(200),
  addressLine3: text(200),
  entryCode: text(50),
  careOf: text(100),
  city: text(100),
  state: text(100),
  country: text(100),
  zip: text(20),
  company: text(200),
  mobile: text(50),
  phone: text(50),
});

/** CheckoutInputType as far as this shop uses it; every field optional, as the API allows. */
export const CheckoutInput = v.object({
  paymentId: v.nullish(v.pipe(v.number(), v.integer())),
  shippingId: v.nullish(v.pipe(v.number(), v.integer())),
  email: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(254))),
  identityNumber: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(30))),
  customerType: v.nullish(v.picklist(CUSTOMER_TYPES)),
  billingAddress: v.nullish(AddressInput),
  shippingAddress: v.nullish(AddressInput),
  message: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(1000))),
  /** A business buyer's reference / purchase order number (issue 14). */
  customerOrderNumber: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(MAX_CUSTOMER_ORDER_NUMBER_LENGTH))),
  /**
   * Data the schema has no field for, as JSON: this shop reads the company's VAT registration number,
   * `{ "vatNumber": "SE556677889901" }` (core/checkout/input.ts businessMerchantData); other keys are ignored.
   */
  merchantData: v.nullish(
    v.pipe(
      v.string(),
      v.maxLength(1000),
      v.parseJson(),
      v.object({ vatNumber: v.nullish(v.pipe(v.string(), v.maxLength(30), v.transform(normalizeVatNumber))) }),
    ),
  ),
  checkoutUrls: v.nullish(
    v.object({
      redirectUrl: v.nullish(v.string()),
      termsPageUrl: v.nullish(v.string()),
      checkoutPageUrl: v.nullish(v.string()),
    }),
  ),
});
export type CheckoutInput = v.InferOutput<typeof CheckoutInput>;

/** What the shopper has entered so far, as the cart keeps it. */
export interface CheckoutDetails {
  email: string | null;
  identityNumber: string | null;
  customerType: CustomerType;
  billingAddress: OrderAddress | null;
  shippingAddress: OrderAddress | null;
  message: string | null;
  /** A business buyer's reference / purchase order number, and the company's VAT number (issue 14). */
  customerOrderNumber?: string | null;
  vatNumber?: string | null;
}

const EMPTY: CheckoutDetails = {
  email: null,
  identityNumber: null,
  customerType: DEFAULT_CUSTOMER_TYPE,
  billingAddress: null,
  shippingAddress: null,
  message: null,
};

/** The details kept on a cart (its `checkout` JSON), overlaid with what this request sends. */
export function mergeCheckoutDetails(stored: string | null, input: CheckoutInput | null | undefined): CheckoutDetails {
  const base: CheckoutDetails = stored ? { ...EMPTY, ...(JSON.parse(stored) as Partial<CheckoutDetails>) } : EMPTY;
  if (!input) return base;
  return {
    email: input.email ?? base.email,
    identityNumber: input.identityNumber ?? base.identityNumber,
    customerType: input.customerType ?? base.customerType,
    billingAddress: (input.billingAddress as OrderAddress | null | undefined) ?? base.billingAddress,
    shippingAddress: (input.shippingAddress as OrderAddress | null | undefined) ?? base.shippingAddress,
    message: input.message ?? base.message,
    customerOrderNumber: input.customerOrderNumber ?? base.customerOrderNumber ?? null,
    vatNumber: input.merchantData?.vatNumber ?? base.vatNumber ?? null,
  };
}

/**
 * Whether a VAT number the shopper sends (or has on the cart) is malformed for the market's country:
 * createOrUpdateCheckout refuses it before anything is saved, placeOrder before an order is made.
 */
export function malformedVatNumber(details: Pick<CheckoutDetails, 'vatNumber'>, countryCode: string): boolean {
  return Boolean(details.vatNumber) && !isValidVatNumber(countryCode, details.vatNumber!);
}

/** The zip shipping is quoted for: the shipping address's, else the billing address's. */
export function zipOf(details: CheckoutDetails): string | null {
  return details.shippingAddress?.zip || details.billingAddress?.zip || null;
}

/**
 * A logged-in customer's checkout starts from their settings (issue 14): what the cart does not hold yet
 * (email, identity number, billing address) comes from the account; what the shopper entered stays.
 * The caller shows it and does not keep it on the cart, which outlives the session in the browser.
 */
export function withCustomerDefaults(
  details: CheckoutDetails,
  customer: CustomerRecord,
  customerType: CustomerType = customer.customerType,
): CheckoutDetails {
  const address = customer.address;
  const billingEntered = Object.values(details.billingAddress ?? {}).some((value) => Boolean(value?.trim()));
  // The identity number of the type the shopper checks out as (the header's switch may differ from the account's).
  const identity = customerType === 'ORGANIZATION' ? customer.organizationId : customer.personalId;
  return {
    ...details,
    email: details.email?.trim() ? details.email : customer.email,
    identityNumber: details.identityNumber?.trim() ? details.identityNumber : identity,
    billingAddress: billingEntered
      ? details.billingAddress
      : {
          firstName: address.firstName ?? '',
          lastName: address.lastName ?? '',
          careOf: address.careOf ?? '',
          addressLine1: address.addressLine1 ?? '',
          addressLine2: address.addressLine2 ?? '',
          addressLine3: '',
          zip: address.zip ?? '',
          city: address.city ?? '',
          state: '',
          country: address.country ?? '',
          entryCode: address.entryCode ?? '',
          mobile: address.mobile ?? '',
          phone: '',
          company: address.company ?? '',
        },
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REQUIRED_BILLING: (keyof OrderAddress)[] = ['firstName', 'lastName', 'addressLine1', 'zip', 'city'];

/**
 * Why these details cannot become an order, or null when they can (spec §5: a valid email; the
 * billing name, street, zip and city; the address in the market's country; for invoice and
 * instalments a valid personal or organization number).
 */
export function checkoutProblem(
  details: CheckoutDetails,
  countryCode: string,
  countryNames: readonly string[],
  paymentCode: PaymentMethodCode | null,
): MessageKey | null {
  if (!details.email || !EMAIL.test(details.email)) return 'api.checkout.invalidEmail';
  const billing = details.billingAddress;
  if (!billing || REQUIRED_BILLING.some((field) => !billing[field]?.trim())) return 'api.checkout.fieldsInvalid';
  for (const address of [billing, details.shippingAddress]) {
    const country = address?.country?.trim().toLowerCase();
    if (
      country &&
      country !== countryCode.toLowerCase() &&
      !countryNames.some((name) => name.toLowerCase() === country)
    ) {
      return 'api.checkout.countryMismatch';
    }
  }
  if (details.customerType === 'ORGANIZATION' && malformedVatNumber(details, countryCode))
    return 'api.checkout.invalidVatNumber';
  if (paymentCode === 'INVOICE' || paymentCode === 'INSTALMENT') {
    const id = details.identityNumber ?? '';
    if (details.customerType === 'ORGANIZATION') {
      const valid = countryCode === 'SE' ? isSwedishOrganizationId(id) : id.trim().length >= 6;
      if (!valid) return 'api.checkout.invalidOrganizationId';
    } else if (!isValidPersonalId(countryCode, id)) {
      return 'api.checkout.invalidPersonalId';
    }
  }
  return null;
}

/** The details as an order keeps them; call only when `checkoutProblem` found none. */
export function orderDetailsOf(details: CheckoutDetails): OrderDetails {
  const billing = details.billingAddress!;
  return {
    email: details.email!,
    customerType: details.customerType,
    identityNumber: details.identityNumber || null,
    billingAddress: billing,
    shippingAddress: details.shippingAddress?.addressLine1 ? details.shippingAddress : billing,
    message: details.message || null,
    // A business buyer's own: a private person's order keeps neither (like the organisationsnummer).
    customerOrderNumber: details.customerType === 'ORGANIZATION' ? details.customerOrderNumber || null : null,
    vatNumber: details.customerType === 'ORGANIZATION' ? details.vatNumber || null : null,
  };
}

/**
 * The blocklist's word on an email (validateOrderCreation): 'BLOCKED' for a customer the shop does not
 * sell to, a member type such as 'NOCREDIT-limited' for one who may not buy on credit, else null.
 */
export async function blocklistEntry(
  db: D1Database,
  email: string,
): Promise<{ blocked: boolean; memberType: string | null } | null> {
  const row = await db
    .prepare('SELECT reason FROM customer_blocklist WHERE email = ?')
    .bind(email.trim())
    .first<{ reason: string | null }>();
  if (!row) return null;
  const reason = row.reason?.replace(/\s/g, '') ?? '';
  return reason.toUpperCase().startsWith('NOCREDIT')
    ? { blocked: false, memberType: reason }
    : { blocked: true, memberType: null };
}

/** Keeps the shopper's choices and details on an open cart. */
export async function saveCheckout(
  db: D1Database,
  cartId: string,
  {
    shippingMethodId,
    paymentMethodId,
    details,
  }: { shippingMethodId: number | null; paymentMethodId: number | null; details: CheckoutDetails },
  now: Date,
): Promise<void> {
  await db
    .prepare(
      `UPDATE carts SET shipping_method_id = ?, payment_method_id = ?, checkout = ?, revision = revision + 1, updated_at = ?
       WHERE id = ? AND completed_at IS NULL`,
    )
    .bind(shippingMethodId, paymentMethodId, JSON.stringify(details), now.toISOString(), cartId)
    .run();
}

/**
 * Remembers the account balance the checkout showed as paying part of the order (issue 12), so placing
 * it after that balance was spent elsewhere stops instead of charging the full price.
 */
export async function rememberBalanceShown(db: D1Database, cartId: string, amount: number | null): Promise<void> {
  await db
    .prepare('UPDATE carts SET balance_shown = ? WHERE id = ? AND completed_at IS NULL')
    .bind(amount, cartId)
    .run();
}

/**
 * Remembers what each gift card on the cart (`codes`) was shown paying at the checkout (issue 24), so
 * placing the order after part of a card was spent elsewhere stops instead of charging the difference.
 * A card the view does not use (others pay the goods) is shown paying nothing. One batch; a row whose
 * figure is already that is not written.
 */
export async function rememberGiftCardsShown(
  db: D1Database,
  cartId: string,
  codes: readonly string[],
  shown: readonly { code: string; amount: number }[],
): Promise<void> {
  const amountOf = (code: string) => shown.find((card) => card.code.toLowerCase() === code.toLowerCase())?.amount ?? 0;
  await db.batch(
    codes.map((code) =>
      db
        .prepare(
          'UPDATE cart_gift_cards SET amount_shown = ?1 WHERE cart_id = ?2 AND code = ?3 AND amount_shown IS NOT ?1',
        )
        .bind(amountOf(code), cartId, code),
    ),
  );
}

/** Sets (or with null removes) the external shipping fee of an open cart (setCartShippingFee). */
export async function setExternalShippingFee(
  db: D1Database,
  cartId: string,
  feeIncVat: number | null,
  now: Date,
): Promise<void> {
  await db
    .prepare(
      'UPDATE carts SET external_shipping_fee_inc_vat = ?, revision = revision + 1, updated_at = ? WHERE id = ? AND completed_at IS NULL',
    )
    .bind(feeIncVat, now.toISOString(), cartId)
    .run();
}
