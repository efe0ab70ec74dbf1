/**
 * The search form's endpoint, so searching works without JavaScript: `GET /api/search?q=penna` answers
 * 303 with the results page `/s/penna` in the shopper's language (`/en/s/penna`). The language is the
 * form's `locale` field, else that of the page the form was on (Referer), else the request's. An empty
 * search goes back to the form's `redirect` (a path on this site), else to the page it came from, else
 * to the start page.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { LOCALES, type Locale } from '../../../locales';
import type { AppEnv } from '../../app-env';
import { hrefFor } from '../../urls/links';
import { isSameSitePath, SameSitePath } from '../../urls/same-site';
import { localeOfPath } from '../../urls/request';
import { FORM_ACTIONS } from '../../../core/form-actions';

/** The API's search text limit (worker/graphql/resolvers/lists-args.ts MAX_SEARCH_LENGTH). */
const MAX_SEARCH_LENGTH = 200;

const SearchQuery = v.object({
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((text) => text.slice(0, MAX_SEARCH_LENGTH)),
    ),
    '',
  ),
  locale: v.optional(v.picklist(LOCALES)),
  redirect: v.optional(SameSitePath),
});

/** The path of the page the request came from, when it is on this site. */
function refererPath(c: Context<AppEnv>): string | null {
  const referer = c.req.header('Referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    const path = url.pathname + url.search;
    return url.origin === new URL(c.req.url).origin && isSameSitePath(path) ? path : null;
  } catch {
    return null;
  }
}

/** The search results path for `term` in the shopper's language (also what the header's search box links to). */
export function searchResultsPath(c: Context<AppEnv>, term: string, locale: Locale): string {
  return hrefFor(c, 'search', locale, { search: term });
}

export function searchRedirectRoutes() {
  const search = new Hono<AppEnv>();
  search.get(FORM_ACTIONS.search, function searchRedirect(c) {
    const parsed = v.safeParse(SearchQuery, c.req.query());
    const input = parsed.success ? parsed.output : { q: '', locale: undefined, redirect: undefined };
    const from = refererPath(c);
    const locale =
      input.locale ??
      (from ? localeOfPath(new URL(from, 'http://localhost').pathname, c.get('config').marketInPath) : c.get('locale'));
    c.header('Cache-Control', 'no-store');
    if (!input.q) return c.redirect(input.redirect ?? from ?? hrefFor(c, 'index', locale), 303);
    return c.redirect(searchResultsPath(c, input.q, locale), 303);
  });
  return search;
}
