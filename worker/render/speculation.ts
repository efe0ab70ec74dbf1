/**
 * Navigation that feels instant with no script of ours (issue 15 item 4; spec §9 "Link prefetch idle
 * 2000 ms, skipped on 2g/data-saver"): Speculation Rules ask the browser to prefetch a catalog page the
 * shopper is about to open: on hover or press ("moderate" eagerness, so a page left alone costs nothing).
 *
 * Only catalog pages are named (products, categories, brands, campaigns, searches, lists, under any
 * locale or market prefix): they show nothing personal and change nothing. Account, cart and checkout
 * pages, form endpoints and the market and language links (`/api/…`, which set cookies) are never
 * prefetched. A shopper who asked to save data (`Save-Data: on`) or whose connection the browser measures
 * as 2g or slower (the `ECT` client hint, asked for with `Accept-CH: ECT`) gets no rules at all; browsers
 * themselves hold prefetching back in their data and battery saver modes.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * The request headers the rules depend on: the answer names them in `Vary` and the page cache's key
 * (worker/routes/page-cache-key.ts) keeps their variants apart.
 */
export const PREFETCH_HINTS = ['Save-Data', 'ECT'] as const;

/** Effective connection types (Network Information API, `ECT` hint) too slow to spend data on a guess. */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g']);

const CATALOG_PATHS = ['/p/*', '/c/*', '/b/*', '/dc/*', '/s/*', '/l/*', '/list/*'];
/** No prefix (Swedish), a locale prefix (`/en`), and a market and locale (`/se/en`). */
const PREFIXES = ['', '/*', '/*/*'];

const RULES = JSON.stringify({
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: PREFIXES.flatMap((prefix) => CATALOG_PATHS.map((path) => `${prefix}${path}`)) },
          { not: { selector_matches: '[rel~="nofollow"]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

/**
 * Whether the request's hints ask for no prefetching (spec §9: skipped on 2g and data saver): `Save-Data:
 * on`, or an `ECT` of `2g` or `slow-2g`. A browser that sends neither (most, and every first visit
 * before it has seen `Accept-CH`) gets the rules.
 */
export function prefetchUnwanted(headers: Headers): boolean {
  if (headers.get('Save-Data')?.trim().toLowerCase() === 'on') return true;
  return SLOW_CONNECTIONS.has(headers.get('ECT')?.trim().toLowerCase() ?? '');
}

/** The page's speculation rules (JSON), or null when the shopper's hints ask for none. */
export function speculationRulesFor(c: Context<AppEnv>): string | null {
  // Ask for the connection's type on the next requests (Chromium sends it over HTTPS only), and say that
  // the answer differs by the hints: a cache must keep the variants apart.
  c.header('Accept-CH', 'ECT');
  c.header('Vary', PREFETCH_HINTS.join(', '), { append: true });
  return prefetchUnwanted(c.req.raw.headers) ? null : RULES;
}

/** A browser's speculative request (a prefetch): it must not use up what the shopper's own visit shows once. */
export function isSpeculative(c: Context<AppEnv>): boolean {
  return /\bprefetch\b/i.test(c.req.header('Sec-Purpose') ?? c.req.header('Purpose') ?? '');
}
