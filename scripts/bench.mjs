#!/usr/bin/env node
// npm run bench: one bounded run on 127.0.0.1 that prints the figures the issues name.
//  1. production build (client + worker bundle as deployed), the worker's gzip size
//  2. the shop served by `wrangler dev` on its own seeded database
//  3. load: home page and a static route of the same worker (/api/health), fixed concurrency, fixed time
//  4. server CPU per render of the home page, in process, production React, data in memory
//  5. JS bytes (gzip) the home page loads in Chromium, everything included
//  6. the GraphQL API's targets (issue 3), measured side by side: server time of `products` for a
//     48-item category page uncached and from a KV hit, and of `product` uncached
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RENDERS = 300;
const API_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 200);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function sh(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function load(path) {
  const latencies = [];
  const until = performance.now() + SECONDS * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        try {
          const response = await fetch(BASE + path);
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), errors, count: latencies.length };
}

async function renderCpu(newItems, popular) {
  const outfile = 'node_modules/.cache/edge-storefront/bench-render.mjs';
  await build({
    entryPoints: ['scripts/bench-render.tsx'], bundle: true, format: 'esm', platform: 'node', outfile,
    jsx: 'automatic', minify: true, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error',
  });
  const { renderHome } = await import(pathToFileURL(outfile).href + `?t=${Date.now()}`);
  for (let i = 0; i < 50; i++) await renderHome(newItems, popular); // warm up the JIT
  const before = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < RENDERS; i++) bytes = (await renderHome(newItems, popular)).length;
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000 / RENDERS, bytes };
}

async function pageJs(path) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(BASE + path, { waitUntil: 'networkidle' });
    let gzip = 0;
    const files = [];
    for (const response of scripts) {
      const body = await response.body();
      const size = gzipSync(body, { level: 9 }).length;
      gzip += size;
      files.push(`${new URL(response.url()).pathname} ${kb(size)}`);
    }
    return { gzip, files };
  } finally {
    await browser.close();
  }
}

/** A reference storefront operation with its #import lines resolved, as the storefront's loader does. */
function referenceOperation(file, seen = new Set()) {
  const text = readFileSync(`tests/fixtures/ralph-operations/${file}`, 'utf8');
  let out = '';
  for (const [, imported] of text.matchAll(/^#import "(.+)"$/gm)) {
    if (!seen.has(imported)) {
      seen.add(imported);
      out += referenceOperation(imported, seen) + '\n';
    }
  }
  return out + text;
}

/** One row of the bench's local D1 (the database `wrangler dev` serves). */
function benchDatabaseRow(sql) {
  const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', '.wrangler/bench-state', '--json', '--command', sql], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr}`);
  return JSON.parse(result.stdout)[0].results[0];
}

/**
 * Server time of GraphQL requests: the handler's own `Server-Timing: graphql;dur=…`. Inside workerd the
 * clock advances only on I/O, so it is the time from the request to the handler's last D1 or KV answer
 * (every query and the work between them), without the CPU spent after it (serializing the answer). The
 * round trip seen here, through `wrangler dev`'s proxy on loopback, bounds it from above.
 * The targets run interleaved, one request at a time, so they share the machine's conditions.
 */
async function apiTargets(targets) {
  const samples = targets.map(() => ({ server: [], roundTrip: [], cache: new Map(), errors: 0 }));
  for (let i = 0; i < API_REQUESTS; i++) {
    for (const [index, target] of targets.entries()) {
      const started = performance.now();
      const response = await fetch(`${BASE}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(target.uncached ? { 'Cache-Control': 'no-cache' } : {}) },
        body: JSON.stringify({ query: target.query, variables: target.variables }),
      });
      const body = await response.json();
      const sample = samples[index];
      sample.roundTrip.push(performance.now() - started);
      const duration = /graphql;dur=([\d.]+)/.exec(response.headers.get('Server-Timing') ?? '')?.[1];
      if (duration !== undefined) sample.server.push(Number(duration));
      const cache = response.headers.get('X-Cache') ?? 'none';
      sample.cache.set(cache, (sample.cache.get(cache) ?? 0) + 1);
      if (!response.ok || body.errors) {
        if (sample.errors++ === 0) console.error(`${target.name}: ${JSON.stringify(body.errors ?? response.status).slice(0, 300)}`);
      }
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const p90 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? NaN;
  return targets.map((target, index) => {
    const { server, roundTrip, cache, errors } = samples[index];
    return { ...target, server: median(server), serverP90: p90(server), roundTrip: median(roundTrip), cache, errors };
  });
}

// 1. Production build
sh('node', ['scripts/build.mjs']);
const workerGzip = gzipSync(readFileSync('dist/worker/index.js'), { level: 9 }).length;

// 2. Serve it
// `wrangler dev` would bundle React's development build; the bench serves what production runs.
const server = spawn(process.execPath, ['scripts/dev.mjs', '--no-watch', '--minify', '--define', 'process.env.NODE_ENV:"production"'], {
  env: { ...process.env, PORT: String(PORT), STOREFRONT_STATE_DIR: '.wrangler/bench-state' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
try {
  await waitFor(`${BASE}/api/health`, 240);
  await load('/'); // warm-up round, not reported
  const home = await load('/');
  const statik = await load('/api/health');

  const query = `query($sort: SortType, $take: Int) { products(take: $take, filter: { sort: $sort }) { products {
    productId name alias brand { name } productImages { fileName }
    unitPrice { isDiscounted discountPercentage sellingPriceIncVatFormatted sellingPriceExVatFormatted regularPriceIncVatFormatted regularPriceExVatFormatted } } } }`;
  const fetchProducts = async (sort, take) =>
    (await (await fetch(`${BASE}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query, variables: { sort, take } }) })).json()).data.products.products;
  const cpu = await renderCpu(await fetchProducts('LATEST', 12), await fetchProducts('MOST_SOLD', 8));
  const js = await pageJs('/');

  // The smallest category that fills a 48-item page, and its best seller for the product page.
  const category = benchDatabaseRow(
    "SELECT t.alias AS alias, COUNT(*) AS n FROM product_categories pc JOIN category_texts t ON t.category_id = pc.category_id AND t.language_id = 'sv-SE' GROUP BY pc.category_id HAVING n >= 48 ORDER BY n, t.alias LIMIT 1",
  );
  const scope = { channelId: '1|se', marketId: 'se', languageId: 'sv-SE' };
  const PRODUCTS = referenceOperation('productlist/products.graphql');
  const listed = await (await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ products(take: 1, categoryAlias: "' + category.alias + '", filter: { sort: MOST_SOLD }) { products { alias } } }' }),
  })).json();
  const productAlias = listed.data?.products?.products?.[0]?.alias;
  const categoryPage = { ...scope, categoryAlias: category.alias, take: 48, skip: 0 };
  const api = await apiTargets([
    { name: 'products, 48, uncached', target: 15, query: PRODUCTS, variables: categoryPage, uncached: true },
    { name: 'products, 48, KV hit', target: 2, query: PRODUCTS, variables: categoryPage },
    { name: 'product, uncached', target: 5, query: referenceOperation('product/product.graphql'), variables: { ...scope, alias: productAlias }, uncached: true },
  ]);

  const line = (name, r) =>
    `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.count} requests, ${r.errors} errors)`;
  console.log(`\n──────── bench (127.0.0.1, concurrency ${CONCURRENCY}, ${SECONDS} s each) ────────`);
  console.log(line('home page /', home));
  console.log(line('static /api/health', statik));
  console.log(`home / static           ${(home.rps / statik.rps).toFixed(2)} of the static route's throughput, p50 ${(home.p50 / statik.p50).toFixed(1)}× its latency`);
  console.log(`server CPU per render   ${cpu.ms.toFixed(2)} ms (home page, ${kb(cpu.bytes)} HTML, production React in Node, data in memory, ${RENDERS} renders)`);
  console.log(`worker size             ${kb(workerGzip)} gzip (dist/worker/index.js, minified)`);
  console.log(`home page JS            ${kb(js.gzip)} gzip: ${js.files.join(', ')}`);
  console.log(`\n──────── GraphQL API targets (issue 3; category "${category.alias}" of ${category.n} products, product "${productAlias}", ${API_REQUESTS} requests each, one at a time) ────────`);
  for (const r of api) {
    const verdict = r.server <= r.target ? 'meets' : 'MISSES';
    const caches = [...r.cache].map(([status, count]) => `${status} ${count}`).join(', ');
    console.log(
      `${r.name.padEnd(24)} server p50 ${r.server.toFixed(2).padStart(6)} ms (p90 ${r.serverP90.toFixed(2)})  target ≤ ${r.target} ms: ${verdict}   round trip p50 ${r.roundTrip.toFixed(1)} ms   X-Cache ${caches}, ${r.errors} errors`,
    );
  }
  console.log('server = the handler\'s Server-Timing: request to its last D1/KV answer (workerd\'s clock moves only on I/O)');
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
}
