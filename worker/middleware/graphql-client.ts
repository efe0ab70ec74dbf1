/**
 * Gives page routes the one GraphQL client, scoped to the request's channel, market and language. A
 * `ralph-gad` cookie holding a valid automated-discount token gives that product its validated price.
 */
import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { createStorefrontClient } from '../graphql/client';
import { requestContext } from '../graphql/request-context';
import { GAD_COOKIE } from '../session/cookies';
import { isKeptPageFill } from '../render/kept-fill';
import { benchBypassesApiCache } from '../routes/api/bench';

export function graphqlClient() {
  return createMiddleware<AppEnv>(async function graphqlClient(c, next) {
    const priceToken = getCookie(c, GAD_COOKIE);
    // A remote commerce API (issue 26) is asked with the customer's token for it, which it verifies itself
    // (requestContext passes it on only then).
    const authToken = c.get('authToken');
    const context = await requestContext(c, {
      customer: c.get('customer'),
      priceToken,
      authToken,
      freshAnswers: benchBypassesApiCache(c),
    });
    if (isKeptPageFill(c.req.raw)) {
      // A page to keep notes the products it shows: it is retired when one of them changes (docs/decisions/015).
      const shown = new Set<number>();
      c.set('keptPageProducts', shown);
      context.keptPageRender = { productsShown: (ids) => ids.forEach((id) => shown.add(id)) };
    }
    c.set(
      'graphql',
      createStorefrontClient({
        config: c.get('config'),
        scope: { channelId: c.get('channel').id, marketId: c.get('market').id, languageId: c.get('languageId') },
        context,
      }),
    );
    await next();
  });
}
