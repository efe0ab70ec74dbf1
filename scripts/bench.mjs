#!/usr/bin/env node
// npm run bench: one bounded run on 127.0.0.1 that prints the figures the issues name, first a table of
// issue 15's targets side by side (PASS/MISS), then the details.
//  1. production build (client + worker bundle as deployed), the worker's gzip size
//  2. that build served by Miniflare, as `wrangler dev` configures it but without its live-reload proxy
//     (scripts/lib/production-server.mjs), on its own seeded database (BENCH_ROUTES on)
//  3. throughput at fixed concurrency and time, all in the same worker: /robots.txt; a product page and a
//     list of 48 from the HTML cache and past it (`x-bench-no-cache: 1`, honoured only with BENCH_ROUTES:
//     worker/routes/api/bench.ts), and from the HTML cache without the per-view check of the products'
//     versions (`x-bench-no-version-check: 1`, docs/decisions/015); the product page's HTML pre-rendered,
//     served by the same worker; the paths of a target's ratio taken in turn, in rounds
//  4. server CPU per render of the home, a 48-product list and a product page, in process, production React,
//     data in memory (targets: list <= 2 ms, product <= 1.5 ms)
//  5. in Chromium: the JS each catalog page type (home, list, search, product, brand, content page) downloads
//     before interaction (until left alone 5 s after load; <= 15 KB) and on the first interaction (search
//     box, add to cart); each island's own chunk (<= 10 KB); the first interaction's latency with a 4× CPU
//     slowdown (search keypress -> suggestion request, add to cart -> count updated; <= 200 ms)
//  6. the GraphQL API's targets (issue 3) and the addToCart round trip (issue 6)
//  7. Lighthouse 12.8 (mobile preset, Debian Chromium, median of LIGHTHOUSE_RUNS) of home, list, product, search, the
//     checkout with a cart and an account page logged in (>= 98, 100, 100, 100; TBT <= 50 ms);
//     BENCH_LIGHTHOUSE=0 skips it
// Each load group, page render measurement and Lighthouse run starts on a quiet machine (scripts/lib/quiet.mjs:
// the servers' background work from the load before, and the last Chromium, done first).
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { loadTs } from './lib/load-ts.mjs';
import { freshMemoryCost, quietMachine, quietWaits } from './lib/quiet.mjs';
import {
  firstInteractionLatency,
  INTERACTIONS,
  launchChromium,
  liveFigures,
  pageJavaScript,
} from './lib/bench-browser.mjs';
import { cartShopperCookies, customerCookies } from './lib/bench-shoppers.mjs';
import { heading, kb, loadLine, mark, ms, shortPath, targetTable } from './lib/bench-report.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RENDERS = 300;
/** Renders of each page before its measured ones (`renderCpu`). */
const RENDER_WARMUP = 300;
const ROUNDS = 5;

function medianOf(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
}
const API_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 200);

function sh(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * What Chromium sends: the worker (and Cloudflare's edge in front of it) may answer compressed, as it
 * would a browser.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const loadAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * One GET on a kept-alive connection, the body read to its end and counted, not decoded: a load generator
 * like wrk or autocannon. Decompressing is the browser's work; in this one process it would take the CPU
 * the worker is measured on (Node's fetch inflating a 10 KB page halved what it could ask for).
 */
function rawGet(path, headers, port = PORT) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        agent: loadAgent,
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** Requests per second and latency of `path` at CONCURRENCY for `seconds`; `headers` go with each request. */
async function load(path, { headers = {}, seconds = SECONDS, port = PORT } = {}) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  let errors = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        try {
          const response = await rawGet(path, headers, port);
          bytes = response.bytes;
          if (response.status !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  return loadFigures(latencies, seconds, errors, bytes);
}

function loadFigures(latencies, seconds, errors, bytes) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    count: latencies.length,
    bytes,
    seconds,
    latencies,
  };
}

/** Rounds of each measured path in turn (see `interleavedLoad`). */
const LOAD_ROUNDS = 4;

/**
 * Throughput of each of `paths` ({ name: [path, options] }), SECONDS each, measured in LOAD_ROUNDS rounds
 * that take every path in turn (a, b, c, a, b, c…) rather than one path after another. The targets are
 * ratios of two paths (a cached page against /robots.txt): measured a minute apart, they compared the
 * machine's speed at two moments as much as the two paths (robots.txt 602 and 762 req/s in two runs of the
 * same build), measured in turns they share its ups and downs.
 */
async function interleavedLoad(paths) {
  const slice = SECONDS / LOAD_ROUNDS;
  const runs = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  await quietMachine();
  for (const [path, options] of Object.values(paths)) await load(path, { ...options, seconds: Math.min(2, slice) });
  // Every other round backwards (a, b, c, c, b, a…): what one path leaves behind (the collector's work after
  // renders) falls on the paths after it as often as on those before it.
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    const order = Object.entries(paths);
    if (round % 2 === 1) order.reverse();
    for (const [name, [path, options]] of order) runs[name].push(await load(path, { ...options, seconds: slice }));
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, rounds]) => [
      name,
      loadFigures(
        rounds.flatMap((run) => run.latencies),
        SECONDS,
        rounds.reduce((sum, run) => sum + run.errors, 0),
        rounds.at(-1).bytes,
      ),
    ]),
  );
}

/** CPU per render of each page, in process: the pages' own loaders fetch the data once, then it renders from memory. */
async function renderCpu(categoryAlias, productAlias) {
  const outfile = 'node_modules/.cache/edge-storefront/bench-render.mjs';
  await build({
    entryPoints: ['scripts/bench-render.tsx'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
    // CommonJS dependencies (React's server build) require Node's built-ins.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const render = await import(pathToFileURL(outfile).href + `?t=${Date.now()}`);
  const data = await render.loadBenchData(BASE, categoryAlias, productAlias);
  // The median of ROUNDS rounds: one round's figure swings by a third with garbage collection and the
  // machine's other work (CPU time counts the collector's threads too).
  const measure = async (renderPage) => {
    // Warm up the JIT: after 50 renders the list still read 1.95-2.49 ms per render on this machine, V8
    // still optimizing it; after 300, 1.03-1.44 ms, the figure of an isolate that serves the shop.
    for (let i = 0; i < RENDER_WARMUP; i++) await renderPage(data);
    await quietMachine();
    let bytes = 0;
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = process.cpuUsage();
      for (let i = 0; i < RENDERS / ROUNDS; i++) bytes = await renderPage(data);
      const used = process.cpuUsage(before);
      rounds.push((used.user + used.system) / 1000 / (RENDERS / ROUNDS));
    }
    return { ms: medianOf(rounds), bytes };
  };
  return {
    home: await measure(render.renderHome),
    list: await measure(render.renderList),
    product: await measure(render.renderProduct),
    listCount: data.list.products.length,
  };
}

/**
 * Each island's own chunk, gzip: the chunk of every module under client/islands/ that the client build
 * loads on its own (a dynamic import: the islands and their lazy parts), from its metafile.
 */
function islandChunks() {
  const { outputs } = JSON.parse(readFileSync('dist/client-meta.json', 'utf8'));
  return Object.entries(outputs)
    .filter(([file, output]) => file.endsWith('.js') && output.entryPoint?.startsWith('client/islands/'))
    .map(([file, output]) => ({
      name: output.entryPoint.replace(/^client\/islands\/|\.tsx?$/g, ''),
      gzip: gzipSync(readFileSync(file), { level: 9 }).length,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const ADD_TO_CART_REQUESTS = 200;

/**
 * Issue 6: the addToCart round trip a shopper's click costs, on loopback: the reference storefront's
 * mutation (the whole cart fragment back) from the client's side, one at a time. Each cart takes 20
 * adds over skus with ample stock, then a fresh cart starts, so carts stay the size shoppers have.
 */
async function addToCartRoundTrips(scope) {
  const ADD = referenceOperation('cart/add.graphql');
  const skus = benchDatabaseRow(
    "SELECT json_group_array(id) AS ids FROM (SELECT s.id FROM skus s JOIN prices p ON p.product_id = s.product_id AND p.market_id = '1|se' WHERE s.static_stock IS NOT NULL OR s.stock > 1000 ORDER BY s.id LIMIT 20)",
  );
  const skuIds = JSON.parse(skus.ids);
  if (skuIds.length === 0) throw new Error('no sku with ample stock for the addToCart bench');
  const post = async (query, variables) => {
    const response = await fetch(`${BASE}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return response.json();
  };
  const times = [];
  let errors = 0;
  let cartId = null;
  for (let i = 0; i < ADD_TO_CART_REQUESTS; i++) {
    if (i % 20 === 0)
      cartId = (
        await post(
          'query($channelId: String, $languageId: String, $marketId: String) { getCart(channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }',
          scope,
        )
      ).data.getCart.id;
    const started = performance.now();
    const body = await post(ADD, { ...scope, id: cartId, item: { skuId: skuIds[i % skuIds.length], quantity: 1 } });
    times.push(performance.now() - started);
    if (body.errors || !body.data?.addToCart) {
      if (errors++ === 0) console.error(`addToCart: ${JSON.stringify(body.errors).slice(0, 300)}`);
    }
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length * 0.5)],
    p95: times[Math.ceil(times.length * 0.95) - 1],
    count: times.length,
    errors,
  };
}

/**
 * An island's own code (issue 6 targets): its modules' chunks and the chunks they import, except the
 * entry and its static imports (every page loads those anyway). Each chunk's gzip size is split between our sources and libraries
 * (node_modules: React, @urql/core, graphcache) in proportion to the bytes each put into it, from the
 * client build's metafile (scripts/build-client.mjs writes dist/client-meta.json).
 */
function islandOwnCode(modules) {
  const { outputs } = JSON.parse(readFileSync('dist/client-meta.json', 'utf8'));
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'client/browser/entry.tsx');
  const isModule = (input) =>
    modules.some((module) => input.endsWith(`/${module}.tsx`) || input.endsWith(`/${module}.ts`));
  const starts = Object.keys(outputs).filter(
    (file) => file !== entry && file.endsWith('.js') && Object.keys(outputs[file].inputs).some(isModule),
  );
  const closure = (files, skip = new Set()) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file) || skip.has(file)) return;
      seen.add(file);
      for (const imported of outputs[file].imports ?? [])
        if (imported.kind === 'import-statement') visit(imported.path);
    };
    files.forEach(visit);
    return seen;
  };
  // What every page loads already (the entry and its static imports) is not the island's.
  const seen = closure(starts, closure([entry]));
  let own = 0;
  let libraries = 0;
  for (const file of seen) {
    const gzip = gzipSync(readFileSync(file), { level: 9 }).length;
    const inputs = Object.entries(outputs[file].inputs);
    const total = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0) || 1;
    const ours = inputs
      .filter(([path]) => !path.includes('node_modules'))
      .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    own += (gzip * ours) / total;
    libraries += (gzip * (total - ours)) / total;
  }
  return { own: Math.round(own), libraries: Math.round(libraries), chunks: seen.size };
}

/**
 * Lighthouse runs per page; each figure reported is their median. Five, as Lighthouse's own guidance on
 * variability advises (docs/variability.md: the median of five runs about halves the spread): on this 2-core
 * machine one page's total blocking time read 22 to 109 ms over six runs of the same build, and the same
 * first style pass of the list took 7 to 56 ms (a trace), as the renderer shares the cores with the
 * browser, Lighthouse and the server. Three runs let two slow ones decide.
 */
const LIGHTHOUSE_RUNS = 5;

/**
 * Lighthouse scores of each { name, path, cookies?, private? }, one after another (they share the machine's
 * two cores). A private page (checkout, my pages) is kept out of search engines on purpose (`noindex`):
 * its SEO score leaves out the one audit that asks for the opposite, is-crawlable.
 */
async function lighthouseRuns(pages) {
  const { lighthouseScores } = await import('./lib/lighthouse.mjs');
  const results = [];
  for (const { name, path, cookies, private: isPrivate = false } of pages)
    results.push({
      name,
      path,
      isPrivate,
      ...(await lighthouseScores(BASE + path, LIGHTHOUSE_RUNS, {
        ...(cookies && { cookies }),
        ...(isPrivate && { skipAudits: ['is-crawlable'] }),
      })),
    });
  return results;
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
  const result = spawnSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', '.wrangler/bench-state', '--json', '--command', sql],
    {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
    },
  );
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
        if (sample.errors++ === 0)
          console.error(`${target.name}: ${JSON.stringify(body.errors ?? response.status).slice(0, 300)}`);
      }
    }
  }
  const p90 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? NaN;
  return targets.map((target, index) => {
    const { server, roundTrip, cache, errors } = samples[index];
    return {
      ...target,
      server: medianOf(server),
      serverP90: p90(server),
      roundTrip: medianOf(roundTrip),
      cache,
      errors,
    };
  });
}

/** The HTML cache's bypass header: BENCH_NO_CACHE_HEADER of worker/routes/api/bench.ts (only with BENCH_ROUTES). */
const BENCH_NO_CACHE_HEADER = 'x-bench-no-cache';
/**
 * A kept page served without its per-view check of its products' versions (docs/decisions/015):
 * BENCH_NO_VERSION_CHECK_HEADER of worker/routes/api/bench.ts. The difference to the plain cached figure is
 * what that check (one D1 read per view) costs.
 */
const BENCH_NO_VERSION_CHECK_HEADER = 'x-bench-no-version-check';
/**
 * A page rendered with every API answer asked afresh, past the storefront's KV and isolate copies
 * (BENCH_NO_API_CACHE_HEADER of worker/routes/api/bench.ts): with the HTML cache's bypass, a page nobody
 * has asked for yet.
 */
const BENCH_NO_API_CACHE_HEADER = 'x-bench-no-api-cache';
/** Issue 26: a storefront in front of the bench's shop as its remote API, on this port. */
const REMOTE_PORT = PORT + 2;
const { ROUTE_TABLE } = await loadTs('locales/route-table.ts');
const CHECKOUT_PATH = ROUTE_TABLE.checkout.sv;
const ACCOUNT_PATH = ROUTE_TABLE['account-orders'].sv;

/** The catalog page types whose JS before interaction has a budget (issue 15), as [name, path]. */
const CATALOG_PAGES = (site) => [
  ['home', '/'],
  ['list', site.listPath],
  ['search', site.searchPath],
  ['product', site.productPath],
  ['brand', site.brandPath],
  ['content', site.contentPath],
];

async function graphqlQuery(query) {
  const response = await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return response.json();
}

/**
 * What the bench measures: the smallest category that fills a 48-item page; its best seller that has one
 * sku in ample stock (the product page, and what the shoppers put in the cart); a search for a word of its
 * name; the brand with the most products; the first content page. Each must answer 200.
 */
async function benchSite() {
  const row = benchDatabaseRow(
    "WITH c AS (SELECT t.alias AS alias, COUNT(*) AS n FROM product_categories pc JOIN category_texts t ON t.category_id = pc.category_id AND t.language_id = 'sv-SE' GROUP BY pc.category_id HAVING n >= 48 ORDER BY n, t.alias LIMIT 1) " +
      'SELECT c.alias AS categoryAlias, c.n AS n, ' +
      '(SELECT b.alias FROM brands b JOIN products p ON p.brand_id = b.id GROUP BY b.id ORDER BY COUNT(*) DESC, b.alias LIMIT 1) AS brandAlias, ' +
      "(SELECT alias FROM content_page_texts WHERE language_id = 'sv-SE' ORDER BY page_id LIMIT 1) AS contentAlias FROM c",
  );
  const listed = await graphqlQuery(
    `{ products(take: 48, categoryAlias: ${JSON.stringify(row.categoryAlias)}, filter: { sort: MOST_SOLD }) { products { alias productId name skus { skuId stock { inStock static } } } } }`,
  );
  const ample = (sku) => (sku?.stock?.inStock ?? 0) + (sku?.stock?.static ?? 0) > 100;
  const chosen = (listed.data?.products?.products ?? []).find((p) => p?.skus?.length === 1 && ample(p.skus[0]));
  if (!chosen) throw new Error(`no product with one sku in ample stock in "${row.categoryAlias}"`);
  const word =
    chosen.name
      .split(/\s+/)
      .find((w) => /^\p{L}{3,}$/u.test(w))
      ?.toLowerCase() ?? 'penna';
  const site = {
    category: { alias: row.categoryAlias, n: row.n },
    product: { alias: chosen.alias, productId: chosen.productId, skuId: chosen.skus[0].skuId },
    listPath: `/c/${row.categoryAlias}`,
    productPath: `/p/${chosen.alias}`,
    searchPath: `/s/${encodeURIComponent(word)}`,
    // What the shopper types in the search box: the fewest characters that ask for suggestions.
    searchTyped: word.slice(0, 2),
    brandPath: `/b/${row.brandAlias}`,
    contentPath: `/${row.contentAlias}`,
  };
  for (const [, path] of CATALOG_PAGES(site)) {
    const response = await fetch(BASE + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}, not the page`);
  }
  return site;
}

/**
 * Issue 26: the start page, the list and the product page rendered past the HTML cache, with the API's
 * answers asked afresh ("API uncached") and from the storefront's KV and isolate copies ("KV hit"), by the
 * built-in API in process and by a storefront in front of this same shop as its remote API (Miniflare, over
 * HTTP on 127.0.0.1, no catalog of its own). The remote API answers as it would anyway (its own KV).
 */
async function apiModes(site) {
  const remote = spawn(
    process.execPath,
    ['scripts/lib/production-server.mjs', String(REMOTE_PORT), 'BENCH_ROUTES=true', `GRAPHQL_ENDPOINT=${BASE}/graphql`],
    {
      env: {
        ...process.env,
        STOREFRONT_STATE_DIR: '.wrangler/bench-remote-state',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  try {
    await waitFor(`http://127.0.0.1:${REMOTE_PORT}/api/health`, 240);
    const pages = [
      ['start page', '/'],
      ['list of 48', site.listPath],
      ['product page', site.productPath],
    ];
    const seconds = Math.max(2, Math.round(SECONDS / 2));
    const rows = [];
    for (const [mode, port] of [
      ['built-in', PORT],
      ['remote', REMOTE_PORT],
    ]) {
      for (const [name, path] of pages) {
        const kvHit = { headers: { [BENCH_NO_CACHE_HEADER]: '1' }, port };
        const uncached = { headers: { ...kvHit.headers, [BENCH_NO_API_CACHE_HEADER]: '1' }, port };
        const first = await fetch(`http://127.0.0.1:${port}${path}`, { headers: kvHit.headers });
        await first.arrayBuffer();
        if (first.status !== 200) throw new Error(`${mode} ${path} answered ${first.status}`);
        await load(path, { ...kvHit, seconds: 1 });
        rows.push({
          mode,
          name,
          uncached: await load(path, { ...uncached, seconds }),
          kvHit: await load(path, { ...kvHit, seconds }),
        });
      }
    }
    return rows;
  } finally {
    try {
      process.kill(-remote.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

const BUDGET = { pageJs: 15 * 1024, island: 10 * 1024, interactionMs: 200, listCpuMs: 2, tbtMs: 50 };
const ratio = (a, b) => a.rps / b.rps;

/** Issue 15's targets, one row each (bench-report.mjs prints them aligned). */
function targetRows(r) {
  const rows = [];
  for (const [name, path] of CATALOG_PAGES(r.site)) {
    const { gzip } = r.js[name].atLoad;
    rows.push({
      figure: `JS before interaction: ${name} (${shortPath(path)})`,
      measured: kb(gzip),
      target: '≤ 15 KB',
      ok: Number.isFinite(gzip) ? gzip <= BUDGET.pageJs : null,
    });
  }
  const biggest = r.islands.reduce((a, b) => (b.gzip > a.gzip ? b : a), { name: 'none', gzip: 0 });
  rows.push({
    figure: `largest island chunk (${biggest.name})`,
    measured: kb(biggest.gzip),
    target: '≤ 10 KB',
    ok: biggest.gzip <= BUDGET.island,
  });
  for (const { name, isPrivate, scores, totalBlockingTime } of r.lighthouse ?? []) {
    rows.push({
      figure: `Lighthouse ${name}${isPrivate ? ' (noindex)' : ''}: perf · a11y · best pr. · SEO`,
      measured: `${scores.performance} · ${scores.accessibility} · ${scores['best-practices']} · ${scores.seo}`,
      target: '≥ 98 · 100 · 100 · 100',
      ok:
        scores.performance >= 98 &&
        scores.accessibility === 100 &&
        scores['best-practices'] === 100 &&
        scores.seo === 100,
    });
    rows.push({
      figure: `Lighthouse ${name}: total blocking time`,
      measured: ms(totalBlockingTime),
      target: '≤ 50 ms',
      ok: Number.isFinite(totalBlockingTime) ? totalBlockingTime <= BUDGET.tbtMs : null,
    });
  }
  const t = r.throughput;
  const share = (a, b) => `${ratio(a, b).toFixed(2)} (${a.rps.toFixed(0)} / ${b.rps.toFixed(0)} req/s)`;
  rows.push(
    {
      figure: 'cached product page / robots.txt',
      measured: share(t.product, t.robots),
      target: '≥ 0.80',
      ok: ratio(t.product, t.robots) >= 0.8,
    },
    {
      figure: 'cached list page / robots.txt',
      measured: share(t.list, t.robots),
      target: '≥ 0.80',
      ok: ratio(t.list, t.robots) >= 0.8,
    },
    {
      figure: 'uncached product page / pre-rendered copy',
      measured: share(t.productUncached, t.snapshot),
      target: '≥ 0.50',
      ok: ratio(t.productUncached, t.snapshot) >= 0.5,
    },
  );
  const latency = (ms_) => (Number.isFinite(ms_) ? ms_ <= BUDGET.interactionMs : null);
  rows.push(
    {
      figure: 'search: first keypress → suggestion request (4× CPU)',
      measured: ms(r.latency.search.ms ?? NaN),
      target: '≤ 200 ms',
      ok: latency(r.latency.search.ms),
    },
    {
      figure: 'add to cart: click → cart count updated (4× CPU)',
      measured: ms(r.latency.addToCart.ms ?? NaN),
      target: '≤ 200 ms',
      ok: latency(r.latency.addToCart.ms),
    },
    {
      figure: `render CPU: uncached list of ${r.cpu.listCount}`,
      measured: ms(r.cpu.list.ms, 2),
      target: '≤ 2 ms',
      ok: r.cpu.list.ms <= BUDGET.listCpuMs,
    },
  );
  return rows;
}

/** Scripts by size, largest first, named without the assets folder. */
const fileList = (files) =>
  [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((file) => `${file.path.replace(/^\/assets\//, '')} ${kb(file.gzip)}`)
    .join(', ') || 'none';

/** A page's scripts told as the difference from the home page's (most pages load the same ones). */
function filesBesideHome(files, homeFiles) {
  const home = new Set(homeFiles.map((file) => file.path));
  const own = new Set(files.map((file) => file.path));
  const added = files.filter((file) => !home.has(file.path));
  const missing = homeFiles.filter((file) => !own.has(file.path));
  if (!added.length && !missing.length) return `the home page's ${files.length} files`;
  return `the home page's${added.length ? `, plus ${fileList(added)}` : ''}${missing.length ? `, without ${fileList(missing)}` : ''}`;
}

function printReport(r) {
  const { site, throughput: t, cpu, api, addToCart, cartIsland, checkoutIsland } = r;
  console.log(
    heading(
      `issue 15 targets (127.0.0.1; list ${site.listPath}, product ${site.productPath}${r.lighthouse ? '' : '; Lighthouse skipped'})`,
    ),
  );
  console.log(targetTable(targetRows(r)));

  console.log(heading(`JavaScript, gzip -9 (before interaction: from navigation until left alone 5 s after load)`));
  for (const [name, path] of CATALOG_PAGES(site)) {
    const { atLoad, onInteraction } = r.js[name];
    const files = name === 'home' ? fileList(atLoad.files) : filesBesideHome(atLoad.files, r.js.home.atLoad.files);
    console.log(
      `${`${name} ${shortPath(path, 26)}`.padEnd(34)} ${kb(atLoad.gzip).padStart(8)}: ${files}${atLoad.inline ? `; inline code ${kb(atLoad.inline)}` : ''}`,
    );
    if (onInteraction) {
      const what = name === 'home' ? 'search box used' : 'add to cart used';
      console.log(
        `${`  then ${what}`.padEnd(34)} ${`+${kb(onInteraction.gzip)}`.padStart(8)}: ${fileList(onInteraction.files)}${onInteraction.worked ? '' : ' (the interaction did not finish)'}`,
      );
    }
  }
  console.log(`island chunks                      ${r.islands.map((i) => `${i.name} ${kb(i.gzip)}`).join(', ')}`);
  console.log(
    `cart island own code               ${kb(cartIsland.own)} (counter, panel, added notice, add-to-cart forms; ${cartIsland.chunks} chunks), target ≤ 10 KB: ${mark(cartIsland.own <= 10 * 1024)}; libraries on first use ${kb(cartIsland.libraries)}`,
  );
  console.log(
    `checkout island own code           ${kb(checkoutIsland.own)} (${checkoutIsland.chunks} chunks), target ≤ 25 KB: ${mark(checkoutIsland.own <= 25 * 1024)}; libraries on first use ${kb(checkoutIsland.libraries)}`,
  );

  console.log(heading(`first interaction on a fresh page, CPU 4× slower (median of ${r.latency.search.runs.length})`));
  const runs = (result) => result.runs.map((value) => ms(value ?? NaN)).join(', ');
  console.log(
    `${`search box (home, types "${site.searchTyped}")`.padEnd(34)} ${ms(r.latency.search.ms ?? NaN)} from the first key, ${ms(r.latency.search.fromLastKeyMs ?? NaN)} from the last (runs: ${runs(r.latency.search)})`,
  );
  console.log(
    `${'add to cart (product page)'.padEnd(34)} ${ms(r.latency.addToCart.ms ?? NaN)} click → count shown${r.latency.addToCart.plainPost ? ', completed as a plain form post (page load)' : ''} (runs: ${runs(r.latency.addToCart)})`,
  );
  // The count is shown as the shopper clicks (optimistic); the cart's own answer comes after.
  const confirmed = (r.latency.addToCart.confirmedRuns ?? []).filter((value) => value !== null).sort((a, b) => a - b);
  if (confirmed.length > 0)
    console.log(
      `${''.padEnd(34)} ${ms(confirmed[Math.floor(confirmed.length / 2)])} click → the cart's answer (the count confirmed; runs: ${confirmed.map((value) => ms(value)).join(', ')})`,
    );

  console.log(
    heading(
      `throughput (concurrency ${CONCURRENCY}, ${SECONDS} s each in ${LOAD_ROUNDS} rounds taking the paths of a group in turn, one worker; uncached: ${BENCH_NO_CACHE_HEADER}: 1)`,
    ),
  );
  console.log(loadLine('/robots.txt', t.robots));
  console.log(loadLine('product page, cached', t.product));
  console.log(loadLine('product page, cached, versions unchecked', t.productUnchecked));
  console.log(loadLine('product page, uncached', t.productUncached));
  console.log(loadLine(`pre-rendered copy (${kb(r.productHtml.length)})`, t.snapshot));
  console.log(loadLine('list of 48, cached', t.list));
  console.log(loadLine('list of 48, cached, versions unchecked', t.listUnchecked));
  console.log(loadLine('list of 48, uncached', t.listUncached));
  console.log(
    heading('issue 26: built-in API (in process) and a remote API (HTTP, 127.0.0.1), pages past the HTML cache'),
  );
  for (const row of r.modes) {
    console.log(loadLine(`${row.mode}: ${row.name}, API uncached`, row.uncached));
    console.log(loadLine(`${row.mode}: ${row.name}, KV hit`, row.kvHit));
  }

  console.log(heading('server CPU per render (production React in Node, data in memory)'));
  console.log(
    `home ${cpu.home.ms.toFixed(2)} ms (${kb(cpu.home.bytes)})   list of ${cpu.listCount} ${cpu.list.ms.toFixed(2)} ms (${kb(cpu.list.bytes)}) target ≤ 2 ms: ${mark(cpu.list.ms <= 2)}   product ${cpu.product.ms.toFixed(2)} ms (${kb(cpu.product.bytes)}) target ≤ 1.5 ms: ${mark(cpu.product.ms <= 1.5)}   (median of ${ROUNDS} rounds of ${RENDERS / ROUNDS})`,
  );
  console.log(`worker size ${kb(workerGzip)} gzip (dist/worker/index.js, minified)`);
  console.log(
    `waited ${(quietWaits.ms / 1000).toFixed(1)} s in all for a quiet machine before the load groups, renders and Lighthouse runs` +
      (quietWaits.timedOut ? ` (${quietWaits.timedOut} times it stayed busy for 15 s: measured as it was)` : ''),
  );

  console.log(
    heading(
      `GraphQL API (issue 3; "${site.category.alias}" of ${site.category.n} products, "${site.product.alias}", ${API_REQUESTS} requests each)`,
    ),
  );
  for (const a of api) {
    const caches = [...a.cache].map(([status, count]) => `${status} ${count}`).join(', ');
    console.log(
      `${a.name.padEnd(24)} server p50 ${a.server.toFixed(2).padStart(6)} ms (p90 ${a.serverP90.toFixed(2)})  target ≤ ${a.target} ms: ${mark(a.server <= a.target)}   round trip p50 ${a.roundTrip.toFixed(1)} ms   X-Cache ${caches}, ${a.errors} errors`,
    );
  }
  console.log(
    `addToCart round trip     p50 ${addToCart.p50.toFixed(1)} ms   p95 ${addToCart.p95.toFixed(1)} ms   target p95 ≤ 50 ms (issue 6): ${mark(addToCart.p95 <= 50)}   ${addToCart.count} adds, ${addToCart.errors} errors`,
  );

  if (r.lighthouse) {
    console.log(
      heading(`Lighthouse 12.8 (mobile preset, Debian Chromium, median of ${LIGHTHOUSE_RUNS}): perf a11y best-pr. SEO`),
    );
    for (const {
      name,
      path,
      isPrivate,
      scores,
      totalBlockingTime,
      failing,
      finalPath,
      runErrors,
      runs,
    } of r.lighthouse) {
      console.log(
        `${name.padEnd(9)} ${String(scores.performance).padStart(3)} ${String(scores.accessibility).padStart(3)} ${String(scores['best-practices']).padStart(3)} ${String(scores.seo).padStart(3)}   TBT ${ms(totalBlockingTime)}   ${path}${isPrivate ? ' (noindex by design: SEO without is-crawlable)' : ''}${finalPath !== path ? `  (ended on ${finalPath}!)` : ''}`,
      );
      if (runErrors.length)
        console.log(`          runs that failed and were made again: ${runErrors.join(', ')} (${runs} measured)`);
      if (failing.length) console.log(`          below 0.9: ${failing.join(', ')}`);
    }
    console.log(
      `this machine's first touch of new memory: ${r.memoryCost.map((cost) => cost.toFixed(1)).join(' and ')} µs per 4 KB page before and after these runs (well under 1 µs on most machines; Chromium's own work, and these blocking times, grow with it)`,
    );
  }

  const { live } = r;
  console.log(heading(`live pages (issue 28; product ${site.productPath})`));
  console.log(
    `connections held by the product's room: ${live.held.sockets} sockets, ${live.held.subscriptions} subscriptions (an open page and ${live.held.sockets - 1} more)`,
  );
  console.log(
    `merchant's stock write → the open page showing it: median ${ms(live.medianMs)}, worst ${ms(live.worstMs)} (${live.changes} changes, ${live.held.sockets} watching)`,
  );
}

// 1. Production build
const BENCH_MERCHANT_KEY = 'bench-merchant-api-key-0123456789abcdef';
/** Live subscriptions to the product's room besides the open page's (issue 28: connections held per room). */
const LIVE_CROWD = Number(process.env.BENCH_LIVE_SOCKETS ?? 99);

/**
 * 8. Issue 28: the product's live room with an open page and a crowd of subscriptions, and the time from the
 * merchant's stock write to the open page showing it. The stock goes back to what it was afterwards.
 */
async function liveBench(site) {
  const { article, stock } = benchDatabaseRow(
    `SELECT article_number AS article, stock FROM skus WHERE id = ${Number(site.product.skuId)}`,
  );
  const setStock = async (units) => {
    const answer = await fetch(`${BASE}/api/merchant/articles/${encodeURIComponent(article)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-ApiKey': BENCH_MERCHANT_KEY },
      body: JSON.stringify({ stock: units }),
    });
    if (answer.status !== 200) throw new Error(`the merchant's stock write answered ${answer.status}`);
  };
  const browser = await launchChromium();
  try {
    return await liveFigures(browser, {
      base: BASE,
      productPath: site.productPath,
      productId: site.product.productId,
      setStock,
      stockValues: [stock - 1, stock - 2, stock - 1, stock - 2, stock - 1, stock - 2, stock - 1],
      extraSockets: LIVE_CROWD,
    });
  } finally {
    await browser.close();
    await setStock(stock);
  }
}

const started = performance.now();
sh('node', ['scripts/build.mjs']);
const workerGzip = gzipSync(readFileSync('dist/worker/index.js'), { level: 9 }).length;

// 2. Serve it: the worker bundle and client just built, as production runs them (`wrangler dev` would bundle
// React's development build), frozen for the run: edits to the sources meanwhile neither reload nor rebuild it.
const server = spawn(
  process.execPath,
  [
    'scripts/lib/production-server.mjs',
    String(PORT),
    // What `npm run dev` turns on, and the bench's own routes.
    'GRAPHQL_INTROSPECTION=true',
    'PAYMENT_TEST_MODE=true',
    'DEV_MAILBOX=true',
    'BENCH_ROUTES=true',
    // The merchant's stock writes of the live figures (8).
    `MERCHANT_API_KEY=${BENCH_MERCHANT_KEY}`,
  ],
  {
    env: { ...process.env, STOREFRONT_STATE_DIR: '.wrangler/bench-state', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  },
);
try {
  await waitFor(`${BASE}/api/health`, 240);
  const site = await benchSite();
  const { listPath, productPath, product } = site;

  // 3. Throughput, all in this worker: a short warm-up of each path (JIT, KV and HTML caches) first.
  const UNCACHED = { headers: { [BENCH_NO_CACHE_HEADER]: '1' } };
  const UNCHECKED = { headers: { [BENCH_NO_VERSION_CHECK_HEADER]: '1' } };
  const productHtml = await (await fetch(BASE + productPath, UNCACHED)).text();
  const stored = await fetch(`${BASE}/__bench/snapshot`, { method: 'PUT', body: productHtml });
  if (stored.status !== 204) throw new Error(`storing the product page snapshot failed: ${stored.status}`);
  // In groups: the kept pages beside robots.txt, the uncached product page beside its pre-rendered copy. A
  // render past the cache leaves the collector work that the next requests pay: taken in turns with the
  // kept pages it would measure those renders, not the kept pages.
  const throughput = {
    ...(await interleavedLoad({
      robots: ['/robots.txt'],
      product: [productPath],
      productUnchecked: [productPath, UNCHECKED],
      list: [listPath],
      listUnchecked: [listPath, UNCHECKED],
    })),
    ...(await interleavedLoad({ productUncached: [productPath, UNCACHED], snapshot: ['/__bench/snapshot'] })),
    ...(await interleavedLoad({ listUncached: [listPath, UNCACHED] })),
  };

  const modes = await apiModes(site);

  // 4. Render CPU
  const cpu = await renderCpu(site.category.alias, product.alias);

  // 5. In Chromium: JS per page type (in parallel: sizes do not depend on timing), then first interactions.
  const browser = await launchChromium();
  let js, latency;
  try {
    const search = { ...INTERACTIONS.search, arg: site.searchTyped };
    const addToCart = INTERACTIONS.addToCart;
    js = Object.fromEntries(
      await Promise.all(
        CATALOG_PAGES(site).map(async ([name, path]) => [
          name,
          await pageJavaScript(
            browser,
            BASE + path,
            name === 'home' ? search : name === 'product' ? addToCart : undefined,
          ),
        ]),
      ),
    );
    latency = {
      search: await firstInteractionLatency(browser, `${BASE}/`, search),
      addToCart: await firstInteractionLatency(browser, BASE + productPath, addToCart),
    };
  } finally {
    await browser.close();
  }
  const islands = islandChunks();
  const cartIsland = islandOwnCode(['CartCounter', 'CartPanel', 'AddedNotice', 'add-to-cart-forms']);
  const checkoutIsland = islandOwnCode(['Checkout']);

  // 6. API and cart round trips
  const scope = { channelId: '1|se', marketId: 'se', languageId: 'sv-SE' };
  const PRODUCTS = referenceOperation('productlist/products.graphql');
  const categoryPage = { ...scope, categoryAlias: site.category.alias, take: 48, skip: 0 };
  const api = await apiTargets([
    { name: 'products, 48, uncached', target: 15, query: PRODUCTS, variables: categoryPage, uncached: true },
    { name: 'products, 48, KV hit', target: 2, query: PRODUCTS, variables: categoryPage },
    {
      name: 'product, uncached',
      target: 5,
      query: referenceOperation('product/product.graphql'),
      variables: { ...scope, alias: product.alias },
      uncached: true,
    },
  ]);
  const addToCart = await addToCartRoundTrips(scope);

  // 7. Lighthouse: the shoppers' cookies are made just before, so the login is fresh. What the machine
  // charges for new memory is read before and after the runs (scripts/lib/quiet.mjs).
  const memoryCost = [freshMemoryCost()];
  const lighthouse =
    process.env.BENCH_LIGHTHOUSE === '0'
      ? null
      : await lighthouseRuns([
          { name: 'home', path: '/' },
          { name: 'list', path: listPath },
          { name: 'product', path: productPath },
          { name: 'search', path: site.searchPath },
          {
            name: 'checkout',
            path: CHECKOUT_PATH,
            cookies: await cartShopperCookies(BASE, { ...product, productPath }),
            private: true,
          },
          { name: 'account', path: ACCOUNT_PATH, cookies: await customerCookies(BASE), private: true },
        ]);
  memoryCost.push(freshMemoryCost());

  const live = await liveBench(site);

  printReport({
    live,
    site,
    throughput,
    productHtml,
    cpu,
    js,
    latency,
    islands,
    cartIsland,
    checkoutIsland,
    api,
    addToCart,
    lighthouse,
    memoryCost,
    modes,
  });
  console.log(`\n(the bench took ${((performance.now() - started) / 60_000).toFixed(1)} min, build included)`);
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
