/**
 * `npm run bench` only (BENCH_ROUTES=true): a pre-rendered copy of a page, served by this same worker,
 * as the baseline of the rendered page's requests per second (issue 5 targets). The bench PUTs the HTML of
 * the page once; GETs answer it from the isolate's memory with the headers a page has. Off (404) otherwise.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';

/** Largest snapshot kept: a page is far smaller. */
const MAX_SNAPSHOT_BYTES = 1024 * 1024;

let snapshot: string | null = null;

export function benchRoutes() {
  const bench = new Hono<AppEnv>();
  bench.use('/__bench/*', async (c, next) => (c.var.config.benchRoutes ? next() : c.notFound()));
  bench.put('/__bench/snapshot', async (c) => {
    const html = await c.req.text();
    if (html.length > MAX_SNAPSHOT_BYTES) return c.text('too large', 413);
    snapshot = html;
    return c.body(null, 204);
  });
  bench.get('/__bench/snapshot', (c) =>
    snapshot === null ? c.notFound() : c.html(snapshot, 200, { 'Cache-Control': 'no-store' }),
  );
  return bench;
}
