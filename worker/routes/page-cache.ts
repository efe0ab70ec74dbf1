/**
 * Cached HTML at the edge (issue 15, item 2). A catalog page (home, lists, search, products, brands,
 * content) shows nothing of the shopper beyond the header's counts, the login state, the hearts and a
 * flash notice, so it is rendered once for nobody in particular and kept: in the isolate's memory (the
 * hottest pages, a few MB) and in the Workers Cache API. Each view takes the kept HTML and puts the
 * shopper's own parts in as it streams (worker/render/personal-parts.tsx).
 *
 * The key is the path and query (without tracking parameters: a campaign link is the same page), the
 * market, the locale, the customer type, `Save-Data` and a 2g `ECT` (which drop the speculation rules), the catalog
 * version (worker/graphql/catalog-version.ts: a catalog change makes every older page unreachable) and the
 * deployment (a new version never serves an older one's markup). A kept page is fresh for FRESH_MS; after
 * that it is still served, and a new one rendered beside it through `waitUntil` (stale-while-revalidate),
 * until STALE_S. Before any of that, every view checks the versions of the products the page shows
 * (worker/render/kept-versions.ts): an order, a cancellation or the merchant's change of one of them
 * retires the page at once, in every isolate (docs/decisions/015).
 *
 * The kept page is rendered by a request of its own through the whole app, carrying none of the shopper's
 * cookies but the three that choose market, language and customer type, nor the browser's Do Not Track and
 * Global Privacy Control (the kept page's cookie banner asks; worker/render/consent.ts): it cannot contain
 * anything personal, whatever a page reads. A page that answers it as private (`no-store`, a form's result in the
 * query) is not kept, and the shopper gets a page of their own instead. Never kept either: a shopper with
 * an automated-discount price token or a form's state waiting (their page differs), and a logged-in
 * customer's product page (its review form is theirs).
 */
import type { Context } from 'hono';
import { Lru } from '../../core/lru';
import type { AppEnv } from '../app-env';
import { backgroundWork } from '../graphql/request-context';
import { benchSkipsVersionCheck } from './api/bench';
import { nothingOwnInPage, personalParts, stitchPersonalParts } from '../render/personal-parts';
import { acceptsGzip, compressKeptPage, gzipWithNonce, withNonce, type KeptGzip } from '../render/kept-gzip';
import {
  renderedVersions,
  stillCurrent,
  versionsBeforeRender,
  versionsHeaders,
  versionsOf,
  type KeptVersions,
} from '../render/kept-versions';
import { anonymousRequest, cacheKey, ownPage, pageScope } from './page-cache-key';

/** The Workers Cache API's shared cache (the DOM's CacheStorage type does not know it). */
const sharedCache = (): Cache => (caches as unknown as { default: Cache }).default;

/** A kept page is served as it is this long, then refreshed in the background while still served. */
export const FRESH_MS = 60_000;
/** The longest a kept page lives (in the Cache API; the memory's copies go sooner). */
export const STALE_S = 24 * 60 * 60;
/** The memory's share: pages kept in the isolate, least recently used first out. */
const MEMORY_MAX_BYTES = 8 * 1024 * 1024;
/** The response headers a kept page keeps (the rest belong to each answer: cookies, CSP, security). */
const KEPT_HEADERS = ['content-type', 'content-language', 'x-robots-tag', 'link', 'vary', 'accept-ch'];
/** The kept page's own scope (market, locale, customer type), checked against the key's. */
const SCOPE_HEADER = 'x-kept-page-scope';

interface KeptPage {
  html: string;
  /** The page compressed once, for the guests who get it with only their nonce (worker/render/kept-gzip.ts). */
  gzip: KeptGzip;
  headers: [string, string][];
  storedAt: number;
  /** The products it shows and their greatest version: a change to one retires the page (kept-versions.ts). */
  versions: KeptVersions;
  /** What `keptContains` found, by the text asked for. */
  contains: Map<string, boolean>;
}

function keptPage(html: string, headers: [string, string][], storedAt: number, versions: KeptVersions): KeptPage {
  return { html, gzip: compressKeptPage(html), headers, storedAt, versions, contains: new Map() };
}

/** The most texts a kept page remembers finding or not (a page's views ask a few: its scope's and page data's JSON). */
const CONTAINS_KEPT = 16;

/**
 * Whether the kept page contains `text`. Every guest's view of a page asks the same one or two texts
 * (nothingOwnInPage): answered once, not by reading the whole page (some 100 KB) on every view.
 */
function keptContains(page: KeptPage, text: string): boolean {
  let found = page.contains.get(text);
  if (found === undefined) {
    found = page.html.includes(text);
    if (page.contains.size < CONTAINS_KEPT) page.contains.set(text, found);
  }
  return found;
}

/** The hottest pages, in the isolate: a page takes its text and its compressed pieces of the share. */
const memory = new Lru<KeptPage>(MEMORY_MAX_BYTES, (page) => page.html.length + page.gzip.size);

/**
 * Whether an answer to the anonymous request may be kept: a 200 page nobody marked as their own, rendered
 * for the scope of the key (the same market, language and customer type as the shopper's).
 */
function keepable(response: Response, scope: string): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.get(SCOPE_HEADER) !== scope) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/no-store|private/i.test(cacheControl);
}

function keptHeaders(response: Response): [string, string][] {
  return KEPT_HEADERS.flatMap((name) => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value] as [string, string]];
  });
}

async function keep(key: string, page: KeptPage): Promise<void> {
  memory.set(key, page);
  await sharedCache().put(
    key,
    new Response(page.html, {
      headers: [
        ...page.headers,
        ...versionsHeaders(page.versions),
        ['cache-control', `public, max-age=${STALE_S}`],
        ['x-kept-at', String(page.storedAt)],
      ],
    }),
  );
}

async function fromCacheApi(key: string): Promise<KeptPage | undefined> {
  const response = await sharedCache().match(key);
  if (!response) return undefined;
  const storedAt = Number(response.headers.get('x-kept-at'));
  const page = keptPage(
    await response.text(),
    keptHeaders(response),
    Number.isFinite(storedAt) ? storedAt : 0,
    versionsOf(response.headers),
  );
  memory.set(key, page);
  return page;
}

type Fetch = (request: Request) => Promise<Response>;

/**
 * Renders the page to keep: read through (a page is small; a stream split in two would wait for its
 * slower half), or null when it is not to be kept.
 */
async function fill(scope: string, request: Request, fetchPage: Fetch): Promise<KeptPage | null> {
  const response = await fetchPage(request);
  if (!keepable(response, scope)) {
    await response.body?.cancel();
    return null;
  }
  return keptPage(await response.text(), keptHeaders(response), Date.now(), versionsOf(response.headers));
}

/**
 * The Accept-Encoding the visitor's browser sent. Cloudflare hands a worker `gzip, br` whatever the client
 * said and keeps the client's own in `cf.clientAcceptEncoding` (Miniflare does the same).
 */
function clientAcceptEncoding(c: Context<AppEnv>): string | undefined {
  const cf = (c.req.raw as { cf?: { clientAcceptEncoding?: unknown } }).cf;
  return typeof cf?.clientAcceptEncoding === 'string' ? cf.clientAcceptEncoding : c.req.header('Accept-Encoding');
}

/** The answer: the kept (or just rendered) page with this shopper's parts, and the page's headers. */
async function serve(c: Context<AppEnv>, page: KeptPage, state: 'hit' | 'stale' | 'miss'): Promise<Response> {
  const parts = await personalParts(c);
  for (const [name, value] of page.headers) c.header(name, value);
  c.header('X-Page-Cache', state);
  c.header('Vary', 'Accept-Encoding', { append: true });
  if (!nothingOwnInPage((text) => keptContains(page, text), parts))
    return c.body(stitchPersonalParts(new Response(page.html).body!, parts), 200);
  if (c.req.method === 'GET' && acceptsGzip(clientAcceptEncoding(c))) {
    // Compressed once when kept: sent as it is (`encodeBody: 'manual'`), not compressed again per view.
    c.header('Content-Encoding', 'gzip');
    return new Response(gzipWithNonce(page.gzip, parts.nonce), {
      status: 200,
      headers: c.res.headers,
      encodeBody: 'manual',
    } as ResponseInit);
  }
  return c.body(withNonce(page.html, parts.nonce), 200);
}

/**
 * The page for this request: from the cache when it may be, else `render` (the page handler). `fetchPage`
 * runs a request through the whole app (the kept copy's render).
 */
export async function cachedPage(
  c: Context<AppEnv>,
  render: () => Response | Promise<Response>,
  fetchPage: Fetch,
): Promise<Response> {
  const reason = ownPage(c);
  if (reason === 'fill') {
    // The app's own render of a page to keep: it says which scope it was rendered for, the products it
    // shows and their versions, read after the whole page (its deferred parts too) in the same D1 session.
    const before = await versionsBeforeRender(c.env.DB);
    const response = await render();
    const answer = new Response(await response.text(), response);
    answer.headers.set(SCOPE_HEADER, pageScope(c));
    if (response.status === 200)
      for (const [name, value] of versionsHeaders(await renderedVersions(c.env.DB, before, c.get('keptPageProducts'))))
        answer.headers.set(name, value);
    return answer;
  }
  // Keeping needs work after the answer (`waitUntil`); without it (`app.request()` in tests) pages are
  // rendered as they are asked for.
  const waitUntil = backgroundWork(c);
  if (reason !== null || !waitUntil) return render();
  const scope = pageScope(c);
  const key = await cacheKey(c);
  const found = memory.get(key) ?? (await fromCacheApi(key).catch(() => undefined));
  // A product it shows has changed since (an order, a cancellation, the merchant): rendered anew, now.
  const kept =
    found && (benchSkipsVersionCheck(c) || (await stillCurrent(c.env.DB, found.versions))) ? found : undefined;
  if (kept) {
    const stale = Date.now() - kept.storedAt > FRESH_MS;
    if (stale) {
      const refresh = fill(scope, anonymousRequest(c), fetchPage).then((page) => page && keep(key, page));
      waitUntil(refresh.catch((error: unknown) => console.error('page refresh failed', error)));
    }
    return serve(c, kept, stale ? 'stale' : 'hit');
  }
  const page = await fill(scope, anonymousRequest(c), fetchPage);
  if (!page) return render();
  waitUntil(keep(key, page).catch((error: unknown) => console.error('page keep failed', error)));
  return serve(c, page, 'miss');
}
