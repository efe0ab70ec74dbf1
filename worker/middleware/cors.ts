/**
 * Cross-origin calls (issue 25): a storefront on another origin (the reference Ralph storefront, which may
 * run on its own origin) calls the API at /graphql and the auth endpoint at /api/auth/ from the shopper's
 * browser. hono's cors middleware answers the preflight and the headers, for the origins the merchant lists
 * in CORS_ORIGINS only, with credentials (its cookies and the refresh token header); any other origin gets
 * no CORS headers, so its browser keeps the answer from it. The refresh token header is exposed, as the
 * reference auth client reads it.
 */
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { REFRESH_HEADER } from '../session/login';

/** One cors middleware per configuration (the isolate keeps one), built on first use. */
const byConfig = new WeakMap<object, ReturnType<typeof cors>>();

export function crossOrigin() {
  return createMiddleware<AppEnv>(async function crossOrigin(c, next) {
    const config = c.get('config');
    let handler = byConfig.get(config);
    if (!handler) {
      const allowed = config.corsOrigins;
      handler = cors({
        origin: (origin) => (allowed.includes(origin) ? origin : null),
        credentials: true,
        allowMethods: ['GET', 'POST', 'OPTIONS'],
        allowHeaders: ['Content-Type', 'Authorization', REFRESH_HEADER, 'x-prices', 'Accept'],
        exposeHeaders: [REFRESH_HEADER],
        maxAge: 600,
      });
      byConfig.set(config, handler);
    }
    return handler(c, next);
  });
}
