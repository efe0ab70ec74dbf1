/**
 * The GraphQL context of a request (DESIGN.md step 5): one builder for the storefront's own client
 * (middleware/graphql-client.ts) and for the public endpoint (routes/graphql.ts), so both answer a
 * request with the same database, configuration, clock, customer, cache and validated price.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Customer } from '../commerce/customers/customers';
import { readValidatedPrice } from '../commerce/pricing/price-validation';
import type { GraphQLContext } from './context';
import { clientAddressOf, publicOrigin } from '../urls/request';

/**
 * The request's `waitUntil`, or undefined where there is no execution context (`app.request()` in tests,
 * where Hono's `c.executionCtx` throws): the cache then finishes its work before answering.
 */
export function backgroundWork(c: Context<AppEnv>): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const executionContext = c.executionCtx;
    return (promise) => executionContext.waitUntil(promise);
  } catch {
    return undefined;
  }
}

/**
 * RFC 6750's b64token: what may stand after `Bearer ` (a JWT is one), at most 8 KB; the shape of every
 * token the storefront keeps for or passes on to a remote API (issue 26).
 */
export const BEARER_TOKEN_PATTERN = /^[A-Za-z0-9\-._~+/]{1,8192}=*$/;

/**
 * A token from a cookie or header, to pass on to a remote API as it came: only when it has a token's
 * shape, so a damaged cookie makes a guest rather than a request the API (or the Headers API) refuses.
 */
export function bearerToken(token: string | undefined): string | undefined {
  return token !== undefined && BEARER_TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * The context operations of this request run in. `customer` is who the caller is (the session's
 * customer, or a Bearer token's); `priceToken` an automated-discount token (the `ralph-gad` cookie or
 * an `x-prices` header), honoured only when it verifies.
 */
export async function requestContext(
  c: Context<AppEnv>,
  caller: {
    customer: Customer | undefined;
    priceToken: string | undefined;
    merchant?: boolean;
    authToken?: string;
    /** `npm run bench`'s uncached pages (GraphQLContext.freshAnswers). */
    freshAnswers?: boolean;
    /** GraphQLContext.ownStorefront. */
    ownStorefront?: boolean;
  },
): Promise<GraphQLContext> {
  const now = new Date();
  const config = c.get('config');
  // A remote commerce API (issue 26) verifies the caller's tokens itself: they are passed on as they came.
  const remote = config.graphqlEndpoint !== null;
  return {
    db: c.env.DB,
    config,
    now,
    customer: caller.customer,
    customerType: c.get('customerType'),
    cache: c.env.GRAPHQL_CACHE,
    waitUntil: backgroundWork(c),
    validatedPrice: remote ? undefined : await readValidatedPrice(caller.priceToken, config.gad, now),
    ...(remote ? { authToken: bearerToken(caller.authToken), priceToken: bearerToken(caller.priceToken) } : {}),
    merchantCaller: caller.merchant ?? false,
    ...(caller.freshAnswers ? { freshAnswers: true } : {}),
    ...(caller.ownStorefront ? { ownStorefront: true } : {}),
    clientAddress: clientAddressOf(c),
    origin: publicOrigin(c),
    mailQueue: c.env.MAIL_QUEUE,
    guestOrderPlaced: (publicId) => c.set('placedGuestOrder', publicId),
  };
}
