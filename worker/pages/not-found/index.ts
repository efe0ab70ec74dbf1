/**
 * The last stop before a 404 (spec §2 "URL history"): a page path that the catalog renamed answers 301
 * to its new path, query kept. Runs only when no route rendered, so it costs one indexed D1 lookup on
 * 404s and nothing on pages that exist.
 */
import type { Context } from 'hono';
import { localePrefix } from '../../../locales/routes';
import { findUrlHistory } from '../../commerce/catalog/taxonomy';
import { joinMarketPath, splitMarketPath } from '../../urls/market-paths';
import { notFound } from '../../render/errors';
import { shellVariables, type AppEnv } from '../../app-env';
import { NON_PAGE_PATH, queryOf } from '../../urls/request';

/** Longest path worth looking up; longer ones are never in the history. */
const MAX_PATH_LENGTH = 512;

/** Where this request's path moved to (same locale and market), or null. */
async function movedPath(c: Context<AppEnv>): Promise<string | null> {
  const path = c.req.path;
  const { config, channel } = shellVariables(c);
  if (!config?.marketInPath) return (await findUrlHistory(c.env.DB, path))?.newUrl ?? null;
  const split = channel ? splitMarketPath(channel, path) : null;
  if (!split) return null;
  const prefix = localePrefix(split.locale);
  const moved = await findUrlHistory(c.env.DB, `${prefix}${split.rest}`);
  return moved ? joinMarketPath(split.market.alias, split.locale, moved.newUrl.slice(prefix.length) || '/') : null;
}

/** 301 to the path's new place when the URL history has it, else the 404 page. */
export async function movedOrNotFound(c: Context<AppEnv>): Promise<Response> {
  const path = c.req.path;
  const page = (c.req.method === 'GET' || c.req.method === 'HEAD') && !NON_PAGE_PATH.test(path);
  if (page && path.length <= MAX_PATH_LENGTH && shellVariables(c).channel) {
    try {
      const target = await movedPath(c);
      if (target && target !== path) return c.redirect(target + queryOf(c.req.url), 301);
    } catch (error) {
      console.error('url history lookup failed', error);
    }
  }
  return notFound(c);
}
