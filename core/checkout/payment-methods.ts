/** The payment methods the shop offers (spec §1: card, Swish, invoice, instalment), by their API codes. */
export const PAYMENT_METHOD_CODES = ['CARD', 'SWISH', 'INVOICE', 'INSTALMENT'] as const;

export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number];
