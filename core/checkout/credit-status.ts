/**
 * The customer's credit status after order-creation validation (spec §4): whether checkout may go on
 * submitting. Pure, so the checkout island and the no-JavaScript route share it.
 */
import type { PaymentMethodCode } from './payment-methods';

/** The spec's payment types that buy on credit: invoice and instalment account. */
export type CreditPaymentType = 'DirectInvoice' | 'Loan';

/** The one place our payment method codes become the spec's payment types (§4 "payment type"). */
export const PAYMENT_TYPE_OF_METHOD: Readonly<Record<PaymentMethodCode, string>> = {
  CARD: 'Card',
  SWISH: 'Swish',
  INVOICE: 'DirectInvoice',
  INSTALMENT: 'Loan',
};

/** The spec's payment type of one of our payment method codes (unknown codes pass through as they are). */
export function paymentTypeOf(code: string): string {
  return Object.hasOwn(PAYMENT_TYPE_OF_METHOD, code) ? PAYMENT_TYPE_OF_METHOD[code as PaymentMethodCode] : code;
}

const CREDIT_PAYMENT_TYPES: readonly string[] = ['DirectInvoice', 'Loan'] satisfies CreditPaymentType[];

/** The literal message the API answers for a customer the shop does not sell to (spec §4). */
export const BLACKLISTED_VALIDATION_MESSAGE = 'Customer is blacklisted';

export interface OrderCreationValidation {
  isValid: boolean;
  message: string | null;
  memberType: string | null;
}

/**
 * Spec §4: 'blacklisted' if the result is not valid and its message is 'Customer is blacklisted'; if the
 * member type (whitespace removed) starts with NOCREDIT and the payment type is DirectInvoice or Loan,
 * the lower-cased part after the first dash, or 'limited' when there is none; else 'ok'. Only 'ok' lets
 * the checkout submit.
 */
export function creditStatus(result: OrderCreationValidation, paymentType: string): 'ok' | 'blacklisted' | string {
  if (!result.isValid && result.message === BLACKLISTED_VALIDATION_MESSAGE) return 'blacklisted';
  const memberType = (result.memberType ?? '').replace(/\s/g, '');
  if (memberType.startsWith('NOCREDIT') && CREDIT_PAYMENT_TYPES.includes(paymentType)) {
    const dash = memberType.indexOf('-');
    const rest = dash === -1 ? '' : memberType.slice(dash + 1).toLowerCase();
    return rest || 'limited';
  }
  return 'ok';
}
