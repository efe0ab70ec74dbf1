/**
 * The commerce API's errors as the shop reads them, in the worker (no-JS forms, pages) and in the browser
 * (cart store, checkout island) alike. The API words the errors a shopper can cause in the operation's
 * language and tags them with `extensions.code` and `extensions.messageKey` (worker/graphql/errors.ts):
 * those are passed on as they are (spec §5 quantity and stock messages, §8 promo code errors); anything
 * else is a fault the page words itself. Reads urql's CombinedError by its shape (`graphQLErrors`), so
 * the browser bundle carries no more than these few lines.
 */

/** The first GraphQL error of a failed operation. */
export interface ApiError {
  message: string;
  code: string | null;
  messageKey: string | null;
}

/** Error codes whose message is written for the shopper (worker/graphql/errors.ts UserErrorCode, not UNAUTHENTICATED). */
const SHOPPER_ERROR_CODES: ReadonlySet<string> = new Set(['BAD_USER_INPUT', 'NOT_FOUND', 'CONFLICT', 'FORBIDDEN']);

/** Message keys meaning the cart is gone or already ordered: the shopper gets a new one. */
const STALE_CART_KEYS: ReadonlySet<string> = new Set(['api.cart.notFound', 'api.cart.completed']);

interface GraphQLErrorShape {
  message: string;
  extensions?: Record<string, unknown> | null;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The first GraphQL error of a failed operation (urql's CombinedError); null for other failures. */
export function apiErrorOf(error: unknown): ApiError | null {
  const first = (error as { graphQLErrors?: readonly GraphQLErrorShape[] } | null | undefined)?.graphQLErrors?.[0];
  if (!first) return null;
  return {
    message: first.message,
    code: textOrNull(first.extensions?.code),
    messageKey: textOrNull(first.extensions?.messageKey),
  };
}

/** Whether the API worded this error for the shopper. */
export function isShopperError(apiError: ApiError | null): apiError is ApiError {
  return apiError !== null && apiError.code !== null && SHOPPER_ERROR_CODES.has(apiError.code);
}

/** The API's message when it is one for the shopper, else null. */
export function shopperMessageOf(error: unknown): string | null {
  const apiError = apiErrorOf(error);
  return isShopperError(apiError) ? apiError.message : null;
}

/** Whether an error's message key means the cart takes no more changes (unknown or ordered). */
export function isStaleCart(messageKey: string | null | undefined): boolean {
  return typeof messageKey === 'string' && STALE_CART_KEYS.has(messageKey);
}
