/**
 * Navigation that feels instant with no script of ours (issue 15 item 4; spec §9 "Link prefetch idle
 * 2000 ms, skipped on 2g/data-saver"): Speculation Rules ask the browser to prefetch a catalog page the
 * shopper is about to open: on hover or press ("moderate" eagerness, so a page left alone costs nothing).
 *
 * Only catalog pages are named (products, categories, brands, campaigns, searches, lists, under any
 * locale or market prefix): they show nothing personal and change nothing. Account, cart and checkout
 * pages, form endpoints and the market and language links (`/api/…`, which set cookies) are never
 * prefetched. A shopper who asked to save data (`Save-Data: on`) gets no rules at all; browsers
 * themselves hold prefetching back in their data and battery saver modes.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

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

/** The page's speculation rules (JSON), or null when the shopper asked to save data. */
export function speculationRulesFor(c: Context<AppEnv>): string | null {
  // The answer differs by the hint: a cache must keep the two apart.
  c.header('Vary', 'Save-Data', { append: true });
  return c.req.header('Save-Data')?.trim().toLowerCase() === 'on' ? null : RULES;
}

/** A browser's speculative request (a prefetch): it must not use up what the shopper's own visit shows once. */
export function isSpeculative(c: Context<AppEnv>): boolean {
  return /\bprefetch\b/i.test(c.req.header('Sec-Purpose') ?? c.req.header('Purpose') ?? '');
}
