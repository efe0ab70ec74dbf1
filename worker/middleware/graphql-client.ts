/** Gives page routes the one GraphQL client, scoped to the request's channel, market and language. */
import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { createStorefrontClient } from '../graphql/client';
import { AUTH_COOKIE } from './auth';

export function graphqlClient() {
  return createMiddleware<AppEnv>(async function graphqlClient(c, next) {
    c.set(
      'graphql',
      createStorefrontClient({
        config: c.var.config,
        scope: { channelId: c.var.channel.id, marketId: c.var.market.id, languageId: c.var.languageId },
        context: {
          db: c.env.DB,
          config: c.var.config,
          now: new Date(),
          customer: c.var.customer,
          customerType: c.var.customerType,
          cache: c.env.GRAPHQL_CACHE,
          waitUntil: (promise) => c.executionCtx.waitUntil(promise),
        },
        authToken: c.var.customer ? getCookie(c, AUTH_COOKIE) : undefined,
      }),
    );
    await next();
  });
}
