/** The built-in commerce API at /graphql (spec §7). The caller is the customer of a valid Bearer token or auth cookie. */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { handleGraphQLRequest } from '../graphql/http';
import { verifyAuthToken } from '../middleware/auth';

export function graphqlRoutes() {
  const routes = new Hono<AppEnv>();
  routes.on(['GET', 'POST'], '/graphql', async (c) => {
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const secret = c.var.config.authSecret;
    const customer = bearer ? (secret ? await verifyAuthToken(bearer, secret) : undefined) : c.var.customer;
    return handleGraphQLRequest(c.req.raw, {
      db: c.env.DB,
      config: c.var.config,
      now: new Date(),
      customer,
      cache: c.env.GRAPHQL_CACHE,
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    });
  });
  return routes;
}
