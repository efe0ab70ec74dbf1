/**
 * The checkout island's calls to the commerce API through the page's one client (`shopClient()`), always
 * in the checkout market (spec §2) and never from the cache. Each answers with its data or throws a
 * CheckoutStepError (place-checkout.ts) carrying the API's own words (already in the page's language) when it has any.
 */
import type { CombinedError } from '@urql/core';
import { shopClient } from './graphql';
import type { CheckoutApiInput } from '../../core/checkout/input';
import { CheckoutStepError, stepErrorOf } from '../../core/checkout/place';
import {
  PLACE_ORDER,
  SAVE_CHECKOUT,
  VALIDATE_ORDER,
  type CheckoutChoices,
  type CheckoutTotals,
  type OrderValidation,
  type PlacedOrder,
} from '../../core/graphql/checkout';

function answer<T>(result: { data?: T; error?: CombinedError }): T {
  if (result.error || !result.data) throw stepErrorOf(result.error);
  return result.data;
}

export interface CheckoutCall {
  cartId: string;
  /** The checkout market's id. */
  marketId: string;
}

/** Saves the details and choices; answers with the options for the market and zip and the new totals. */
export async function saveCheckout(
  { cartId, marketId }: CheckoutCall,
  checkout: CheckoutApiInput,
): Promise<CheckoutChoices & CheckoutTotals> {
  const data = answer(
    await shopClient()
      .mutation(SAVE_CHECKOUT, {
        cartId,
        checkout,
        marketId,
      })
      .toPromise(),
  );
  if (!data.createOrUpdateCheckout) throw new CheckoutStepError(null, null);
  return data.createOrUpdateCheckout;
}

/** Spec §7 operation 1: whether an order can be created, and the member type for the credit check. */
export async function validateOrder(
  { cartId, marketId }: CheckoutCall,
  checkout: CheckoutApiInput,
): Promise<OrderValidation> {
  const data = answer(
    await shopClient()
      .query(VALIDATE_ORDER, { cartId, checkout, marketId }, { requestPolicy: 'network-only' })
      .toPromise(),
  );
  if (!data.validateOrderCreation) throw new CheckoutStepError(null, null);
  return data.validateOrderCreation;
}

/** Places the order (idempotent on the cart); `redirectUrl` is where the shopper goes next. */
export async function placeOrder(
  { cartId, marketId }: CheckoutCall,
  checkout: CheckoutApiInput,
  redirectUrl: string,
): Promise<PlacedOrder> {
  const data = answer(
    await shopClient()
      .mutation(PLACE_ORDER, {
        cartId,
        checkout: { ...checkout, checkoutUrls: { redirectUrl } },
        marketId,
      })
      .toPromise(),
  );
  if (!data.placeOrder?.redirectUrl) throw new CheckoutStepError(null, null);
  return data.placeOrder;
}
