/**
 * The shipping and payment options as the checkout shows them: the API's options (createOrUpdateCheckout)
 * turned into what a radio button needs. Used by the server page and by the island after each change.
 */
import type { ApiShippingOption, CheckoutChoices } from '../graphql/checkout';

export interface ShippingChoice {
  id: number;
  name: string;
  /** The delivery estimate in the page's language ('Leverans inom 2–3 arbetsdagar'). */
  estimate: string;
  /** The fee as the customer type sees prices (inc or ex VAT), formatted. */
  fee: string;
  free: boolean;
  selected: boolean;
}

export interface PaymentChoice {
  id: number;
  /** CARD, SWISH, INVOICE or INSTALMENT. */
  code: string;
  name: string;
  selected: boolean;
}

/**
 * The external checkout of the chosen payment option (issue 26, Geins' contract): the provider's snippet
 * (Klarna, Svea, Walley, Avarda or our API's hosted checkout) that the page shows in place of its own
 * address form and 'Slutför köp'. The provider takes the address and the payment, and sends the shopper
 * to the confirmation page (`?kid=…&cartid=…`).
 */
export interface ExternalCheckout {
  /** The payment option it is for. */
  paymentId: number;
  /** Geins' PaymentType: KLARNA, SVEA, WALLEY, AVARDA… */
  type: string;
  /** The provider's markup, as the API gave it. */
  snippet: string;
  /** Whether the snippet starts a new session (rendered afresh) rather than resuming the one on the page. */
  newSession: boolean;
}

export interface CheckoutOptions {
  shipping: ShippingChoice[];
  payment: PaymentChoice[];
  external: ExternalCheckout | null;
}

function estimateOf(option: ApiShippingOption): string {
  try {
    const data = JSON.parse(option.shippingData ?? 'null') as { deliveryEstimate?: unknown } | null;
    return typeof data?.deliveryEstimate === 'string' ? data.deliveryEstimate : '';
  } catch {
    return '';
  }
}

const present = <T>(list: (T | null)[] | null | undefined): T[] =>
  (list ?? []).filter((item): item is T => item !== null);

/** The chosen option's external checkout, when the API gives one (a type other than STANDARD, and a snippet). */
export function externalCheckoutOf(choices: Pick<CheckoutChoices, 'paymentOptions'>): ExternalCheckout | null {
  const chosen = present(choices.paymentOptions).find((option) => option.isSelected);
  if (!chosen?.paymentType || chosen.paymentType === 'STANDARD' || !chosen.paymentData) return null;
  return {
    paymentId: chosen.id,
    type: chosen.paymentType,
    snippet: chosen.paymentData,
    newSession: chosen.newCheckoutSession,
  };
}

/** The options of a createOrUpdateCheckout answer; the fee inc or ex VAT as the customer type sees prices. */
export function checkoutOptionsOf(
  choices: Pick<CheckoutChoices, 'shippingOptions' | 'paymentOptions'>,
  pricesIncludeVat: boolean,
): CheckoutOptions {
  return {
    shipping: present(choices.shippingOptions).map((option) => ({
      id: option.id,
      name: option.displayName ?? option.name ?? '',
      estimate: estimateOf(option),
      fee: (pricesIncludeVat ? option.feeIncVatFormatted : option.feeExVatFormatted) ?? '',
      free: option.feeIncVat === 0,
      selected: option.isSelected,
    })),
    payment: present(choices.paymentOptions).map((option) => ({
      id: option.id,
      code: option.name ?? '',
      name: option.displayName ?? option.name ?? '',
      selected: option.isSelected,
    })),
    external: externalCheckoutOf(choices),
  };
}

/** The id of the chosen option (or of the first, when the API chose none) as the form's value. */
export function chosenId(options: readonly { id: number; selected: boolean }[]): string {
  const chosen = options.find((option) => option.selected) ?? options[0];
  return chosen ? String(chosen.id) : '';
}

/** The payment method code (CARD, SWISH, INVOICE, INSTALMENT) of the option with this id, or null. */
export function chosenPaymentCode(options: CheckoutOptions, paymentId: string): string | null {
  return options.payment.find((option) => String(option.id) === paymentId)?.code ?? null;
}
