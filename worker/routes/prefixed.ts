/**
 * A page reached under the optional locale and market prefixes (`/checkout/pay`, `/en/checkout/pay`,
 * `/se/en/checkout/pay`), as a handler on a catch-all route: `routes.get('/*', prefixedPage(...))`.
 *
 * Not as the routes `/:first/checkout/pay` and `/:first/:second/checkout/pay`: Hono's RegExpRouter, the
 * first and fastest of its SmartRouter's routers, takes no parameter in a place where other routes have
 * text (`/api/…`, `/graphql`), and one such route made the SmartRouter match every request with its
 * TrieRouter instead, about 7 % of the CPU of a kept page. tests/integration/router.test.ts keeps every
 * route of the app within RegExpRouter.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * `handler` for a path that is none, one or two prefix segments followed by `tail`, a regular expression's
 * source whose groups are the handler's parameters (`/payments/hosted/([^/]+)`); other paths go on.
 */
export function prefixedPage(
  tail: string,
  handler: (c: Context<AppEnv>, ...params: string[]) => Promise<Response>,
): MiddlewareHandler<AppEnv> {
  const pattern = new RegExp(`^(?:/[^/]+){0,2}${tail}$`);
  return async function prefixed(c, next) {
    const match = pattern.exec(c.req.path);
    if (!match) return next();
    return handler(c, ...match.slice(1));
  };
}
