/**
 * The API errors the cart forms read (worker/graphql/errors.ts): the shopper's words (spec §5 quantity
 * messages, §8 promo code errors) are passed on as they are; a cart that is gone or ordered is replaced.
 */
import { CombinedError } from '@urql/core';

/** Errors the API words for shoppers: passed on as they are. */
export const SHOPPER_ERROR_CODES = new Set(['BAD_USER_INPUT', 'NOT_FOUND', 'CONFLICT']);

/** API errors that mean the cookie's cart is gone or already ordered: the visitor gets a new one. */
export const STALE_CART_KEYS = new Set(['api.cart.notFound', 'api.cart.completed']);

/** The first GraphQL error of a failed operation: message, message key and code; null for other failures. */
export function apiErrorOf(error: unknown): { message: string; key: unknown; code: unknown } | null {
  const first = error instanceof CombinedError ? error.graphQLErrors[0] : undefined;
  if (!first) return null;
  return { message: first.message, key: first.extensions?.messageKey, code: first.extensions?.code };
}

/** The API's message when it is one for the shopper, else null. */
export function shopperMessageOf(error: unknown): string | null {
  const apiError = apiErrorOf(error);
  return apiError && SHOPPER_ERROR_CODES.has(apiError.code as string) ? apiError.message : null;
}
