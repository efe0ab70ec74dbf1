/**
 * The configuration (DESIGN.md step 1): `Env` validated once per isolate (worker/config.ts) and set as
 * `c.get('config')` before anything else runs, so every later middleware and route reads the one parsed
 * copy. A wrong variable throws a plain Error naming it, which the error handler logs and answers with
 * the generic error page.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { readConfig } from '../config';

export function configuration() {
  return createMiddleware<AppEnv>(async function configuration(c, next) {
    c.set('config', readConfig(c.env));
    await next();
  });
}
