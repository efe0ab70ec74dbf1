/**
 * The cart's texts for the browser: the server hands the cart island the messages it shows (templates
 * with their `{{placeholders}}` kept), and the island fills them in with `cartTranslator`.
 */
import type { MessageKey } from '../../../../locales';
import type { CartTranslate } from './cart-display';

export const CART_MESSAGE_KEYS = [
  'cart.title',
  'cart.open',
  'cart.close',
  'cart.empty',
  'cart.emptyText',
  'cart.loading',
  'cart.size',
  'cart.articleNumber',
  'cart.unitPrice',
  'cart.quantity',
  'cart.quantityOf',
  'cart.decrease',
  'cart.increase',
  'cart.remove',
  'cart.removeItem',
  'cart.campaign',
  'cart.items',
  'cart.continue',
  'cart.toCheckout',
  'cart.failed',
  'cart.promo.label',
  'cart.promo.apply',
  'cart.promo.active',
  'cart.promo.remove',
  'cart.giftCard.remove',
  'cart.freeShipping.left',
  'cart.freeShipping.reached',
  'cart.freeShipping.progress',
  'cart.summary.title',
  'cart.summary.subTotal',
  'cart.summary.discount',
  'cart.summary.shipping',
  'cart.summary.shippingFree',
  'cart.summary.vatIncluded',
  'cart.summary.vat',
  'cart.summary.total',
  'cart.summary.incVat',
  'cart.summary.exVat',
  'cart.summary.balance',
  'cart.summary.toPay',
  'cart.share.label',
  'cart.share.text',
  'cart.share.copy',
  'cart.share.copied',
  'cart.share.linkLabel',
  'cart.added.title',
  'cart.added.quantity',
  'cart.added.show',
  'cart.added.close',
  'forms.cart.added',
  'forms.cart.campaign',
  'errors.tryAgain',
] as const satisfies readonly MessageKey[];

export type CartMessageKey = (typeof CART_MESSAGE_KEYS)[number];
export type CartMessages = Partial<Record<CartMessageKey, string>>;

/**
 * Every placeholder stays as it is: `{{name}}` is filled in with '{{name}}'. Server side only: marked pure,
 * so the browser's bundle, which imports this module for `cartTranslator`, leaves it out.
 */
const KEEP_PLACEHOLDERS: Record<string, string> = /* @__PURE__ */ new Proxy(
  {},
  { get: (_, name) => `{{${String(name)}}}` },
);

/** Labels of the VAT display the customer type does not use (spec §4), left out of the page. */
const OTHER_VAT_DISPLAY = {
  include: ['cart.summary.exVat', 'cart.summary.vat'],
  exclude: ['cart.summary.incVat', 'cart.summary.vatIncluded'],
} as const satisfies Record<string, readonly CartMessageKey[]>;

/** The cart's message templates in the request's language, for the customer type's VAT display (server side). */
export function cartMessages(
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  pricesIncludeVat: boolean,
): CartMessages {
  const unused: readonly CartMessageKey[] = OTHER_VAT_DISPLAY[pricesIncludeVat ? 'include' : 'exclude'];
  return Object.fromEntries(
    CART_MESSAGE_KEYS.filter((key) => !unused.includes(key)).map((key) => [key, t(key, KEEP_PLACEHOLDERS)]),
  );
}

/** A translator over the messages the island was given (browser side). */
export function cartTranslator(messages: CartMessages): CartTranslate {
  return (key, params) => {
    const template = (messages as Record<string, string | undefined>)[key] ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
  };
}
