/**
 * The contract of a page module (worker/pages/<screen>/index.tsx): one handler per screen of the route table,
 * registered in worker/routes/pages.tsx. A handler reads its route's parameters from `c.get('route')`, loads
 * critical data (awaited) and starts deferred data (not awaited, never throwing), then returns
 * `renderPage(...)`; a page that does not exist returns `notFound(c)`.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { PageLoaders } from './loaders';

export type PageHandler = (c: Context<AppEnv>, loaders: PageLoaders) => Response | Promise<Response>;

/** Deferred data: a failure is logged and becomes null, which the page shows as a notice. */
export function deferred<T>(promise: Promise<T>, what: string): Promise<T | null> {
  return promise.catch((error: unknown) => {
    console.error(`${what} failed`, error);
    return null;
  });
}
