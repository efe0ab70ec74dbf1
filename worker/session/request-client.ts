/**
 * The request's GraphQL client (DESIGN.md step 5), scoped to its channel, market and language, its customer
 * and their token: made by the middleware for every request (worker/middleware/graphql-client.ts), and
 * made again when the session changes during a request (issue 26: a remote API's fresh token after the
 * customer typed the password once more).
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { createStorefrontClient, type StorefrontClient } from '../graphql/client';
import { requestContext } from '../graphql/request-context';
import { GAD_COOKIE } from './cookies';

/**
 * The client: `keptPage`, a page to keep notes the products it shows (docs/decisions/015);
 * `freshAnswers`, `npm run bench`'s uncached pages (GraphQLContext.freshAnswers).
 */
export async function requestClientOf(
  c: Context<AppEnv>,
  { keptPage = false, freshAnswers = false }: { keptPage?: boolean; freshAnswers?: boolean } = {},
): Promise<StorefrontClient> {
  // A remote commerce API (issue 26) is asked with the customer's token for it, which it verifies itself
  // (requestContext passes it on only then).
  const context = await requestContext(c, {
    customer: c.get('customer'),
    priceToken: getCookie(c, GAD_COOKIE),
    authToken: c.get('authToken'),
    freshAnswers,
    ownStorefront: true,
  });
  if (keptPage) {
    // It is retired when one of them changes.
    const shown = new Set<number>();
    c.set('keptPageProducts', shown);
    context.keptPageRender = { productsShown: (ids) => ids.forEach((id) => shown.add(id)) };
  }
  return createStorefrontClient({
    config: c.get('config'),
    scope: { channelId: c.get('channel').id, marketId: c.get('market').id, languageId: c.get('languageId') },
    context,
  });
}

/** The request's client again, carrying `authToken` from here on (see above). */
export async function renewGraphqlClient(c: Context<AppEnv>, authToken: string): Promise<void> {
  c.set('authToken', authToken);
  c.set('graphql', await requestClientOf(c));
}
