/**
 * Gives page routes the one GraphQL client, scoped to the request's channel, market and language. A
 * `ralph-gad` cookie holding a valid automated-discount token gives that product its validated price.
 */
import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { createStorefrontClient } from '../graphql/client';
import { requestContext } from '../graphql/request-context';
import { AUTH_COOKIE, GAD_COOKIE } from '../session/cookies';

export function graphqlClient() {
  return createMiddleware<AppEnv>(async function graphqlClient(c, next) {
    const priceToken = getCookie(c, GAD_COOKIE);
    c.set(
      'graphql',
      createStorefrontClient({
        config: c.var.config,
        scope: { channelId: c.var.channel.id, marketId: c.var.market.id, languageId: c.var.languageId },
        context: await requestContext(c, { customer: c.var.customer, priceToken }),
        authToken: c.var.customer ? getCookie(c, AUTH_COOKIE) : undefined,
        priceToken,
      }),
    );
    await next();
  });
}
