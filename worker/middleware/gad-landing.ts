/**
 * Landing from a Google Shopping ad with automated discounts (spec §5, §7): a page URL carrying
 * `?pv2=<jwt>` stores the token, after the structure check, in the httpOnly cookie `ralph-gad` for 48 hours
 * and redirects (302) to the same URL without `pv2`, other query parameters kept as sent and in order.
 * A malformed token is logged and dropped: the redirect happens, nothing is stored. The signature is
 * checked later, by POST /api/gad-prices and by the API (price-validation.ts).
 */
import { GAD_COOKIE, GAD_COOKIE_MAX_AGE_S } from '../session/cookies';
import { createMiddleware } from 'hono/factory';
import { sameSitePathOr } from '../urls/same-site';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { isWellFormedJwt } from '../commerce/pricing/price-validation';

/** The query parameter Google's automated discounts put on landing URLs. */
export const LANDING_PARAM = 'pv2';

function isLandingParam(pair: string): boolean {
  const name = pair.split('=', 1)[0]!;
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')) === LANDING_PARAM;
  } catch {
    return false;
  }
}

/** The raw query of `url` without its `pv2` parameters, the others untouched and in order ('' when none). */
export function queryWithoutLandingToken(url: URL): string {
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isLandingParam(pair));
  return kept.length ? `?${kept.join('&')}` : '';
}

export function gadLanding() {
  return createMiddleware<AppEnv>(async function gadLanding(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    if (!url.searchParams.has(LANDING_PARAM) || url.pathname.startsWith('/api/') || url.pathname === '/graphql') {
      return next();
    }
    const token = url.searchParams.get(LANDING_PARAM);
    if (isWellFormedJwt(token)) {
      setCookie(c, GAD_COOKIE, token, {
        path: '/',
        maxAge: GAD_COOKIE_MAX_AGE_S,
        httpOnly: true,
        secure: url.protocol === 'https:',
        sameSite: 'Lax',
      });
    }
    c.header('Cache-Control', 'no-store');
    // The same path without the token; `//evil.example/` is collapsed to our `/evil.example/` (issue 12).
    return c.redirect(sameSitePathOr(`${url.pathname}${queryWithoutLandingToken(url)}`), 302);
  });
}
