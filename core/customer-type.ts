/**
 * The customer type (spec §1, §3, §4): a private person sees prices including VAT, a business ('Företag')
 * excluding VAT. The one declaration of the type, shared by the worker, the API and the browser.
 */

export const CUSTOMER_TYPES = ['PERSON', 'ORGANIZATION'] as const;

export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** The type of a shopper who has not chosen one (spec §4). */
export const DEFAULT_CUSTOMER_TYPE: CustomerType = 'PERSON';

export function isCustomerType(value: unknown): value is CustomerType {
  return (CUSTOMER_TYPES as readonly unknown[]).includes(value);
}

/** A customer type read from outside (cookie, form, stored JSON): anything unknown is a private person. */
export function customerTypeOf(value: unknown): CustomerType {
  return isCustomerType(value) ? value : DEFAULT_CUSTOMER_TYPE;
}

/** Whether prices show including VAT for this type (spec §4: the type's vat flag). */
export function pricesIncludeVatFor(type: CustomerType): boolean {
  return type !== 'ORGANIZATION';
}
