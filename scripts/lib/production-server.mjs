#!/usr/bin/env node
// `npm run bench`, `npm run preview` and the e2e HTTPS project: serves the production build (dist/worker/index.js and dist/client) with Miniflare
// directly, configured from wrangler.toml as `wrangler dev` would (same bindings, same state directory).
//
// Why not `wrangler dev`: its local proxy runs every text/html response through an HTMLRewriter to append a
// live-reload script (wrangler's templates/startDevWorker/ProxyWorker.ts), decompressing and compressing
// it again on the way. Production has no such hop, and it made the same 42 KB body cost a third more as
// text/html than as text/plain, so page throughput measured the dev tool instead of the worker.
//
// node scripts/lib/production-server.mjs <port> [--https] [NAME=value…]   (state: STOREFRONT_STATE_DIR)
// --https: over TLS with a self-signed certificate of Miniflare's, as production is always served: what only
// HTTPS does (Secure cookies, and the middleware that adds them) is then tried too.
// Profiling: BENCH_SCRIPT=<a bundle built without --minify>, BENCH_INSPECTOR_PORT=<port> for a DevTools client.
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { createRequire } from 'node:module';
import { devAuthSecret, ensureDatabase, stateDir } from './local-db.mjs';

// The Miniflare that this wrangler runs (the top-level one belongs to the vitest pool and may be newer).
const { Miniflare, Log, LogLevel } = createRequire(createRequire(import.meta.url).resolve('wrangler'))('miniflare');

const [port, ...rest] = process.argv.slice(2);
const https = rest.includes('--https');
const pairs = rest.filter((arg) => arg !== '--https');
const vars = Object.fromEntries(
  pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

// In front of a remote API (GRAPHQL_ENDPOINT=…, issue 26) the storefront's database holds no catalog.
await ensureDatabase({ seed: !vars.GRAPHQL_ENDPOINT });
const persist = `${stateDir()}/v3`;
const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
const mf = new Miniflare({
  ...workerOptions,
  name: 'edge-storefront',
  modules: true,
  scriptPath: process.env.BENCH_SCRIPT || 'dist/worker/index.js',
  ...(process.env.BENCH_INSPECTOR_PORT ? { inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT) } : {}),
  // Always a local run: PUBLIC_ORIGIN may stay empty (links follow the request), unlike a deployment.
  bindings: { ...workerOptions.bindings, AUTH_SECRET: devAuthSecret(), LOCAL_RUN: 'true', ...vars },
  host: '127.0.0.1',
  https,
  port: Number(port),
  d1Persist: `${persist}/d1`,
  kvPersist: `${persist}/kv`,
  cachePersist: `${persist}/cache`,
  durableObjectsPersist: `${persist}/do`,
  log: new Log(LogLevel.WARN),
});
const url = await mf.ready;
console.error(`production build served on ${url.href}`);

const stop = () => mf.dispose().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
