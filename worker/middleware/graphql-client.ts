/**
 * Gives page routes the one GraphQL client, scoped to the request's channel, market and language
 * (worker/session/request-client.ts). A `ralph-gad` cookie holding a valid automated-discount token gives
 * that product its validated price.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { isKeptPageFill, isLiveRefresh } from '../render/kept-fill';
import { benchBypassesApiCache } from '../routes/api/bench';
import { requestClientOf } from '../session/request-client';

export function graphqlClient() {
  return createMiddleware<AppEnv>(async function graphqlClient(c, next) {
    c.set(
      'graphql',
      await requestClientOf(c, {
        keptPage: isKeptPageFill(c.req.raw) || isLiveRefresh(c.req.raw),
        freshAnswers: benchBypassesApiCache(c),
      }),
    );
    await next();
  });
}
