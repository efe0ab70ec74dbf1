/**
 * The checkout's texts: every key of the `checkout` locale section, looked up once on the server and
 * handed to the island as props (the island never loads the locale files).
 */
import type { MessageKey, Translate } from '../../locales';

export type CheckoutTextKey = Extract<MessageKey, `checkout.${string}`>;

/** The texts by key, in the page's language. */
export type CheckoutText = Record<CheckoutTextKey, string>;

const KEYS = [
  'checkout.title',
  'checkout.secure',
  'checkout.backToShop',
  'checkout.emptyTitle',
  'checkout.emptyText',
  'checkout.emptyLink',
  'checkout.customerTypeLegend',
  'checkout.person',
  'checkout.organization',
  'checkout.incVat',
  'checkout.exVat',
  'checkout.detailsTitle',
  'checkout.addressTitle',
  'checkout.email',
  'checkout.phone',
  'checkout.firstName',
  'checkout.lastName',
  'checkout.company',
  'checkout.organizationId',
  'checkout.personalId',
  'checkout.identityHint',
  'checkout.addressLine1',
  'checkout.careOf',
  'checkout.zip',
  'checkout.city',
  'checkout.country',
  'checkout.separateDelivery',
  'checkout.deliveryTitle',
  'checkout.message',
  'checkout.customerOrderNumber',
  'checkout.customerOrderNumberHint',
  'checkout.vatNumber',
  'checkout.vatNumberHint',
  'checkout.vatNumberHintSE',
  'checkout.vatNumberHintDK',
  'checkout.vatNumberHintNO',
  'checkout.vatNumberHintFI',
  'checkout.saveDetails',
  'checkout.externalTitle',
  'checkout.updateChoices',
  'checkout.shippingTitle',
  'checkout.zipFirst',
  'checkout.noShipping',
  'checkout.loadingShipping',
  'checkout.free',
  'checkout.paymentTitle',
  'checkout.invoiceHint',
  'checkout.instalmentHint',
  'checkout.cardHint',
  'checkout.swishHint',
  'checkout.terms',
  'checkout.termsLink',
  'checkout.termsAlias',
  'checkout.submit',
  'checkout.submitting',
  'checkout.errorsTitle',
  'checkout.blacklisted',
  'checkout.noCredit',
  'checkout.failed',
  'checkout.tryAgain',
  'checkout.total',
  'checkout.validation.email',
  'checkout.validation.required',
  'checkout.validation.personalId',
  'checkout.validation.organizationId',
  'checkout.validation.country',
  'checkout.validation.terms',
  'checkout.validation.vatNumber',
  'checkout.validation.summary',
] as const satisfies readonly CheckoutTextKey[];

// A key added to the locale section but not here fails the build.
type Missing = Exclude<CheckoutTextKey, (typeof KEYS)[number]>;
const ALL_KEYS: Missing extends never ? typeof KEYS : never = KEYS;

/** Every checkout text in the translator's language. */
export function checkoutText(t: Translate): CheckoutText {
  return Object.fromEntries(ALL_KEYS.map((key) => [key, t(key)])) as CheckoutText;
}
