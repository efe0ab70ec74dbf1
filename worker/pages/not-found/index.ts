/**
 * The last stop before a 404 (spec §2 "URL history"): a page path that the catalog renamed answers 301
 * to its new path, query kept. Runs only when no route rendered, so it costs one `urlHistory` question to
 * the commerce API (built-in or remote: the URL history is the catalog's, docs/decisions/021; cached like
 * every catalog read) on 404s and nothing on pages that exist.
 */
import type { Context } from 'hono';
import { localePrefix } from '../../../locales/routes';
import { graphql } from '../../../core/graphql/tada';
import { joinMarketPath, splitMarketPath } from '../../urls/market-paths';
import { notFound } from '../../render/errors';
import { shellVariables, type AppEnv } from '../../app-env';
import { NON_PAGE_PATH, queryOf } from '../../urls/request';

export const URL_HISTORY = graphql(/* GraphQL */ `
  query movedPath($url: String, $channelId: String, $languageId: String, $marketId: String) {
    urlHistory(url: $url, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      newUrl
    }
  }
`);

/** Where the API's URL history says `url` moved to, or null. */
async function movedTo(c: Context<AppEnv>, url: string): Promise<string | null> {
  const data = await c.get('graphql').query(URL_HISTORY, { url });
  return data.urlHistory?.newUrl ?? null;
}

/** Longest path worth looking up; longer ones are never in the history. */
const MAX_PATH_LENGTH = 512;

/** Where this request's path moved to (same locale and market), or null. */
async function movedPath(c: Context<AppEnv>): Promise<string | null> {
  const path = c.req.path;
  const { config, channel } = shellVariables(c);
  if (!config?.marketInPath) return movedTo(c, path);
  const split = channel ? splitMarketPath(channel, path) : null;
  if (!split) return null;
  const prefix = localePrefix(split.locale);
  const moved = await movedTo(c, `${prefix}${split.rest}`);
  return moved ? joinMarketPath(split.market.alias, split.locale, moved.slice(prefix.length) || '/') : null;
}

/** 301 to the path's new place when the URL history has it, else the 404 page. */
export async function movedOrNotFound(c: Context<AppEnv>): Promise<Response> {
  const path = c.req.path;
  const page = (c.req.method === 'GET' || c.req.method === 'HEAD') && !NON_PAGE_PATH.test(path);
  // (Without a GraphQL client, the request failed before it had one: the 404 page as it is.)
  if (page && path.length <= MAX_PATH_LENGTH && shellVariables(c).channel && c.get('graphql')) {
    try {
      const target = await movedPath(c);
      if (target && target !== path) return c.redirect(target + queryOf(c.req.url), 301);
    } catch (error) {
      console.error('url history lookup failed', error);
    }
  }
  return notFound(c);
}
