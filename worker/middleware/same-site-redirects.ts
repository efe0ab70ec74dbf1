/**
 * The last check on every redirect (issue 12): whatever a route built its `Location` from (a form's
 * `redirect` field, a Referer, the request's own path, a stored URL), the response leaves only for a path
 * on this site by the one same-site rule (worker/urls/same-site.ts), or for an absolute URL of this
 * origin, of a storefront origin the merchant configured (CORS_ORIGINS), or of the remote API this
 * storefront fronts (GRAPHQL_ENDPOINT's origin, where its payment step runs). Anything else is turned into
 * the same path with its leading slashes collapsed (`//evil.example/` becomes `/evil.example/`, a page
 * of ours) or the start page, and logged: it is a bug in a route.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { sameSitePathOr, isSameSitePath } from '../urls/same-site';
import { publicOrigin } from '../urls/request';
import { editAnswerHeaders } from '../render/answer-headers';

function allowed(location: string, origins: readonly string[]): boolean {
  if (isSameSitePath(location)) return true;
  try {
    const url = new URL(location);
    return origins.includes(url.origin) && isSameSitePath(url.pathname + url.search + url.hash);
  } catch {
    return false;
  }
}

export function sameSiteRedirects() {
  return createMiddleware<AppEnv>(async function sameSiteRedirects(c, next) {
    await next();
    const location = c.res.headers.get('Location');
    if (location === null || c.res.status < 300 || c.res.status >= 400) return;
    // This origin, the configured public one (absolute links are built on it, urls/request.ts), or a
    // storefront origin the merchant runs (CORS_ORIGINS: a payment step ends on its confirmation page,
    // payments/hosted-checkout.ts), or the remote API this storefront fronts (issue 26: its payment step).
    if (allowed(location, [new URL(c.req.url).origin, publicOrigin(c), ...(c.get('config')?.offsiteOrigins ?? [])]))
      return;
    console.error('a redirect off the site was stopped', c.req.method, c.req.path, location.slice(0, 200));
    const safe = sameSitePathOr(location);
    editAnswerHeaders(c, (headers) => headers.set('Location', safe));
  });
}
