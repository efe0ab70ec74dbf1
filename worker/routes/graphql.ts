/**
 * The built-in commerce API at /graphql (spec §7). The caller is the customer of a valid Bearer token or auth
 * cookie; an `x-prices` header with a valid automated-discount token lowers that product's price.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { handleGraphQLRequest } from '../graphql/http';
import { readValidatedPrice } from '../commerce/pricing/price-validation';
import { verifyAuthToken } from '../session/auth';

/**
 * The request's `waitUntil`, or undefined where there is no execution context (`app.request()` in tests,
 * where Hono's `c.executionCtx` throws): the cache then finishes its work before answering.
 */
function backgroundWork(c: Context<AppEnv>): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const executionContext = c.executionCtx;
    return (promise) => executionContext.waitUntil(promise);
  } catch {
    return undefined;
  }
}

export function graphqlRoutes() {
  const routes = new Hono<AppEnv>();
  routes.on(['GET', 'POST'], '/graphql', async function graphqlEndpoint(c) {
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const secret = c.var.config.authSecret;
    const customer = bearer ? (secret ? await verifyAuthToken(bearer, secret) : undefined) : c.var.customer;
    const now = new Date();
    return handleGraphQLRequest(c.req.raw, {
      db: c.env.DB,
      config: c.var.config,
      now,
      customer,
      customerType: c.var.customerType,
      cache: c.env.GRAPHQL_CACHE,
      waitUntil: backgroundWork(c),
      validatedPrice: await readValidatedPrice(c.req.header('x-prices'), c.var.config.gad, now),
    });
  });
  return routes;
}
