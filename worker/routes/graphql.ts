/**
 * The built-in commerce API at /graphql (spec §7). The caller is the customer of a valid Bearer token or auth
 * cookie; an `x-prices` header with a valid automated-discount token lowers that product's price.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { handleGraphQLRequest } from '../graphql/http';
import { requestContext } from '../graphql/request-context';
import { isMerchantKey } from '../commerce/crypto';
import { verifyAuthToken } from '../session/auth';

export function graphqlRoutes() {
  const routes = new Hono<AppEnv>();
  routes.on(['GET', 'POST'], '/graphql', async function graphqlEndpoint(c) {
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const secret = c.var.config.authSecret;
    const customer = bearer ? (secret ? await verifyAuthToken(bearer, secret, c.env.DB) : undefined) : c.var.customer;
    const merchant = await isMerchantKey(c.req.header('X-ApiKey'), c.var.config.merchantApiKey);
    return handleGraphQLRequest(
      c.req.raw,
      await requestContext(c, { customer, priceToken: c.req.header('x-prices'), merchant }),
    );
  });
  return routes;
}
