/**
 * 'Slutför köp' step by step (spec §4 "Before submitting: validateOrderCreation, then the credit-status
 * rule"), the same for the checkout island and the no-JS route; only how each step reaches the API differs
 * (`CheckoutSteps`). Save the details → the form's §5 validation for the chosen payment method → shipping
 * for the zip → validateOrderCreation → credit status (anything but ok stops) → placeOrder. A cart that was
 * already ordered goes straight to placeOrder, which answers with the same order (a second submit).
 */
import { creditStatus, paymentTypeOf } from './credit-status';
import { externalCheckoutOf } from './choices';
import { apiErrorOf, isShopperError } from '../api-errors';
import { validateCheckoutForm, type CheckoutErrors, type CheckoutFormValues, type CheckoutMarket } from './form';
import { checkoutInputOf, type CheckoutApiInput } from './input';
import type { CheckoutChoices, OrderValidation, PlacedOrder } from '../graphql/checkout';
import type { CheckoutText } from './text';

/** A step the API refused: its words for the shopper when it has some (stock, cart), and its message key. */
export class CheckoutStepError extends Error {
  constructor(
    readonly shopperMessage: string | null,
    readonly messageKey: string | null,
  ) {
    super(shopperMessage ?? messageKey ?? 'checkout step failed');
  }
}

/** The step error a GraphQL client's error stands for (urql's CombinedError, or anything else). */
export function stepErrorOf(error: unknown): CheckoutStepError {
  if (error instanceof CheckoutStepError) return error;
  const apiError = apiErrorOf(error);
  return new CheckoutStepError(isShopperError(apiError) ? apiError.message : null, apiError?.messageKey ?? null);
}

/** How the steps reach the API: through the page's client (island) or the server's (no-JS route). */
export interface CheckoutSteps {
  save(input: CheckoutApiInput): Promise<CheckoutChoices>;
  validate(input: CheckoutApiInput): Promise<OrderValidation>;
  place(input: CheckoutApiInput): Promise<PlacedOrder>;
}

export type CheckoutNotice = { key: keyof CheckoutText } | { text: string };

export type PlacementOutcome =
  | { kind: 'placed'; redirectUrl: string }
  /** The chosen option is paid in the provider's external checkout, which takes the order from here. */
  | { kind: 'external'; choices: CheckoutChoices }
  | { kind: 'invalid'; errors: CheckoutErrors; choices: CheckoutChoices | null }
  | { kind: 'stopped'; notice: CheckoutNotice; choices: CheckoutChoices | null };

const CART_COMPLETED = 'api.cart.completed';

/** The payment method code (CARD, SWISH, INVOICE, INSTALMENT) of the chosen option. */
export function paymentCodeOf(
  choices: Pick<CheckoutChoices, 'paymentOptions'> | null,
  paymentId: string,
): string | null {
  return choices?.paymentOptions?.find((option) => option && String(option.id) === paymentId)?.name ?? null;
}

/** The zip the shipping is quoted for: the delivery address's when there is one. */
export function shippingZipOf(values: CheckoutFormValues): string {
  return (values.separateDelivery === 'on' ? values.deliveryZip : values.zip).trim();
}

function noticeOf(error: unknown): CheckoutNotice {
  const failure = stepErrorOf(error);
  return failure.shopperMessage ? { text: failure.shopperMessage } : { key: 'checkout.failed' };
}

async function place(
  steps: CheckoutSteps,
  input: CheckoutApiInput,
  choices: CheckoutChoices | null,
): Promise<PlacementOutcome> {
  try {
    const placed = await steps.place(input);
    if (!placed.redirectUrl) return { kind: 'stopped', notice: { key: 'checkout.failed' }, choices };
    return { kind: 'placed', redirectUrl: placed.redirectUrl };
  } catch (error) {
    return { kind: 'stopped', notice: noticeOf(error), choices };
  }
}

/** Runs the steps for the form as the shopper submitted it. */
export async function placeCheckout(
  steps: CheckoutSteps,
  values: CheckoutFormValues,
  market: CheckoutMarket,
): Promise<PlacementOutcome> {
  const input = checkoutInputOf(values, market.countryCode);
  let choices: CheckoutChoices;
  try {
    choices = await steps.save(input);
  } catch (error) {
    // Already ordered (a second submit): placeOrder answers with that order.
    if (stepErrorOf(error).messageKey === CART_COMPLETED) return place(steps, input, null);
    return { kind: 'stopped', notice: noticeOf(error), choices: null };
  }
  // The provider's checkout takes the address and the order (Geins' contract): nothing is placed here.
  if (externalCheckoutOf(choices)) return { kind: 'external', choices };
  const paymentCode = paymentCodeOf(choices, values.paymentId);
  const errors = validateCheckoutForm(values, market, paymentCode);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors, choices };
  if (!choices.shippingOptions?.some(Boolean))
    return { kind: 'stopped', notice: { key: 'checkout.noShipping' }, choices };

  let validation: OrderValidation;
  try {
    validation = await steps.validate(input);
  } catch (error) {
    return { kind: 'stopped', notice: noticeOf(error), choices };
  }
  const status = creditStatus(validation, paymentTypeOf(paymentCode ?? ''));
  if (status === 'blacklisted') return { kind: 'stopped', notice: { key: 'checkout.blacklisted' }, choices };
  if (status !== 'ok') return { kind: 'stopped', notice: { key: 'checkout.noCredit' }, choices };
  if (!validation.isValid)
    return {
      kind: 'stopped',
      notice: validation.message ? { text: validation.message } : { key: 'checkout.failed' },
      choices,
    };
  return place(steps, input, choices);
}
