/**
 * `npm run bench` only (BENCH_ROUTES=true): a pre-rendered copy of a page, served by this same worker,
 * as the baseline of the rendered page's requests per second (issue 5 targets). The bench PUTs the HTML of
 * the page once; GETs answer it from the isolate's memory with the headers a page has. Off (404) otherwise.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';

/**
 * `npm run bench` only: a page request with `x-bench-no-cache: 1` is served as a miss of the HTML cache
 * (rendered afresh, as a cache miss would be), so the bench measures cached and uncached throughput of
 * the same URL side by side (issue 15). Honoured only when BENCH_ROUTES is on; ignored in production.
 */
export const BENCH_NO_CACHE_HEADER = 'x-bench-no-cache';

/** Whether the HTML cache must treat this request as a miss: the bench asked for it, with BENCH_ROUTES on. */
export function benchBypassesPageCache(c: Context<AppEnv>): boolean {
  return c.get('config').benchRoutes && c.req.header(BENCH_NO_CACHE_HEADER) === '1';
}

/**
 * `npm run bench` only: a kept page served with `x-bench-no-version-check: 1` skips the per-view check of
 * its products' versions (docs/decisions/015), so the bench reports what that check costs a view.
 */
export const BENCH_NO_VERSION_CHECK_HEADER = 'x-bench-no-version-check';

/** Whether this view of a kept page skips the version check: the bench asked for it, with BENCH_ROUTES on. */
export function benchSkipsVersionCheck(c: Context<AppEnv>): boolean {
  return c.get('config').benchRoutes && c.req.header(BENCH_NO_VERSION_CHECK_HEADER) === '1';
}

/**
 * `npm run bench` only (issue 26): a page rendered with `x-bench-no-api-cache: 1` asks every API answer
 * afresh, past the KV response cache and the isolate's copies (then stores it, as a miss would), so the
 * bench reports a page nobody has asked for yet beside one whose answers are kept, for the built-in API and
 * a remote one. Honoured only when BENCH_ROUTES is on.
 */
export const BENCH_NO_API_CACHE_HEADER = 'x-bench-no-api-cache';

/** Whether this request's API answers are asked afresh: the bench asked for it, with BENCH_ROUTES on. */
export function benchBypassesApiCache(c: Context<AppEnv>): boolean {
  return c.get('config').benchRoutes && c.req.header(BENCH_NO_API_CACHE_HEADER) === '1';
}

/** Largest snapshot kept: a page is far smaller. */
const MAX_SNAPSHOT_BYTES = 1024 * 1024;

let snapshot: string | null = null;

export function benchRoutes() {
  const bench = new Hono<AppEnv>();
  bench.use('/__bench/*', async (c, next) => (c.get('config').benchRoutes ? next() : c.notFound()));
  bench.put('/__bench/snapshot', async (c) => {
    const html = await c.req.text();
    if (html.length > MAX_SNAPSHOT_BYTES) return c.text('too large', 413);
    snapshot = html;
    return c.body(null, 204);
  });
  bench.get('/__bench/snapshot', (c) =>
    snapshot === null ? c.notFound() : c.html(snapshot, 200, { 'Cache-Control': 'no-store' }),
  );
  // Issue 28: how many sockets and subscriptions a live room holds (the bench's live figures).
  bench.get('/__bench/live/:kind/:subject', async (c) => {
    const room = `${c.req.param('kind')}:${c.req.param('subject')}`;
    const stats = await c.env.LIVE_ROOMS.get(c.env.LIVE_ROOMS.idFromName(room)).stats();
    return c.json(stats, 200, { 'Cache-Control': 'no-store' });
  });
  return bench;
}
