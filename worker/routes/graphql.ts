/** The built-in commerce API at /graphql (spec §7). */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { handleGraphQLRequest } from '../graphql/http';

export function graphqlRoutes() {
  const routes = new Hono<AppEnv>();
  routes.on(['GET', 'POST'], '/graphql', (c) =>
    handleGraphQLRequest(c.req.raw, { db: c.env.DB, config: c.var.config, now: new Date() }),
  );
  return routes;
}
