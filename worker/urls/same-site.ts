/**
 * The one rule for "a path on this site" (redirect targets of forms, the market and language switches,
 * the confirmation URL a storefront hands placeOrder): a path that every browser resolves to this
 * origin. Browsers drop tabs and newlines from URLs and read `\` as `/` (WHATWG URL, "special" schemes),
 * so `/\t/evil.com` and `/\evil.com` both become `//evil.com`, another host. Refused, therefore: anything
 * not starting with one `/`, a second `/` or `\` right after it, any backslash, any control character
 * or whitespace (they belong percent-encoded), anything the URL parser would resolve to another origin,
 * and anything it resolves to a path starting with `//` (`/.//evil.example` is `//evil.example` once dot
 * segments are removed: harmless here, a way off the site the moment any redirect repeats the path).
 *
 * Every redirect the shop answers passes this rule once more on the way out
 * (worker/middleware/same-site-redirects.ts), so a route that forgets it cannot send anyone away.
 */
import * as v from 'valibot';

/** As long as a URL the shop accepts (middleware/request-limits.ts MAX_URL_LENGTH). */
const MAX_PATH_LENGTH = 8 * 1024;
// Control characters are exactly what this rule refuses (browsers drop or misread them in URLs).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\\s]/;
const PROBE_ORIGIN = 'http://same-site.invalid';

/** Whether `value` is a path on this site (see above). */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PATH_LENGTH) return false;
  if (value[0] !== '/' || value[1] === '/' || UNSAFE_CHARACTER.test(value)) return false;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/**
 * `value` when it is a path on this site; else the same with its leading slashes and backslashes
 * collapsed to one (`//evil.example/x` is our page `/evil.example/x`) when that is; else `fallback`.
 */
export function sameSitePathOr(value: string, fallback = '/'): string {
  if (isSameSitePath(value)) return value;
  // (The guard above narrows `value` to never here; it is the string it was.)
  const collapsed = (value as string).replace(/^[/\\]+/, '/');
  if (collapsed.startsWith('/') && isSameSitePath(collapsed)) return collapsed;
  return fallback;
}

/** The same rule as a valibot schema, for form and query fields. */
export const SameSitePath = v.pipe(
  v.string(),
  v.check<string, string>((value) => isSameSitePath(value), 'not a path on this site'),
);

/**
 * Whether the browser says a request comes from another site (Fetch Metadata: `Sec-Fetch-Site:
 * cross-site`). A link on another site may lead a shopper to a page, but never changes what they chose
 * (market, language, customer type; issue 24): those change on the shop's own links and forms, or from
 * an address the shopper typed (`none`). Browsers that send no such header are not told apart.
 */
export function fromAnotherSite(headers: Headers): boolean {
  return headers.get('Sec-Fetch-Site') === 'cross-site';
}

/** Whether a request comes from a storefront origin the merchant allows (CORS_ORIGINS, issue 25). */
export function fromAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin !== undefined && allowed.includes(origin);
}
