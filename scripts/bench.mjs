#!/usr/bin/env node
// npm run bench: one bounded run on 127.0.0.1 that prints the figures the issues name.
//  1. production build (client + worker bundle as deployed), the worker's gzip size
//  2. the shop served by `wrangler dev` on its own seeded database
//  3. load: home page and a static route of the same worker (/api/health), fixed concurrency, fixed time;
//     a product page (warm cache) beside a pre-rendered copy of its HTML served by the same worker; a list page
//  4. server CPU per render of the home, a 48-product list and a product page, in process, production React,
//     data in memory (issue 5 targets: list <= 2 ms, product <= 1.5 ms)
//  5. JS bytes (gzip) the home, list and product pages load in Chromium, everything included (issue 5:
//     <= 80 KB), and each island's own chunk (<= 10 KB)
//  6. the GraphQL API's targets (issue 3), measured side by side: server time of `products` for a
//     48-item category page uncached and from a KV hit, and of `product` uncached
//  7. Lighthouse 12.8 (mobile preset, Debian Chromium, median of 3) of the home, list and product pages
//     (issue 5: performance >= 95, accessibility, best practices and SEO 100); BENCH_LIGHTHOUSE=0 skips it
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RENDERS = 300;
const ROUNDS = 5;

function medianOf(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
}
const API_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 200);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

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
    for (let i = 0; i < 50; i++) await renderPage(data); // warm up the JIT
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

/** Each island's own chunk, gzip, from the production client build. */
function islandChunks() {
  const dir = 'dist/client/assets';
  return readdirSync(dir)
    .filter((name) => /^chunk-[A-Z]\w+-[A-Z0-9]+\.js$/.test(name))
    .map((name) => ({
      name: name.replace(/^chunk-|-[A-Z0-9]+\.js$/g, ''),
      gzip: gzipSync(readFileSync(`${dir}/${name}`), { level: 9 }).length,
    }));
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

/** Lighthouse scores of each [name, path], one after another (they share the machine's two cores). */
async function lighthouseRuns(pages) {
  const { lighthouseScores } = await import('./lib/lighthouse.mjs');
  const results = [];
  for (const [name, path] of pages) results.push({ name, path, ...(await lighthouseScores(BASE + path, 3)) });
  return results;
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

// 1. Production build
sh('node', ['scripts/build.mjs']);
const workerGzip = gzipSync(readFileSync('dist/worker/index.js'), { level: 9 }).length;

// 2. Serve it
// `wrangler dev` would bundle React's development build; the bench serves what production runs.
const server = spawn(
  process.execPath,
  [
    'scripts/dev.mjs',
    '--no-watch',
    '--minify',
    '--define',
    'process.env.NODE_ENV:"production"',
    '--var',
    'BENCH_ROUTES:true',
  ],
  {
    env: { ...process.env, PORT: String(PORT), STOREFRONT_STATE_DIR: '.wrangler/bench-state' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  },
);
try {
  await waitFor(`${BASE}/api/health`, 240);

  // The smallest category that fills a 48-item page, and its best seller for the product page.
  const category = benchDatabaseRow(
    "SELECT t.alias AS alias, COUNT(*) AS n FROM product_categories pc JOIN category_texts t ON t.category_id = pc.category_id AND t.language_id = 'sv-SE' GROUP BY pc.category_id HAVING n >= 48 ORDER BY n, t.alias LIMIT 1",
  );
  const listed = await (
    await fetch(`${BASE}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ products(take: 1, categoryAlias: "' +
          category.alias +
          '", filter: { sort: MOST_SOLD }) { products { alias } } }',
      }),
    })
  ).json();
  const productAlias = listed.data?.products?.products?.[0]?.alias;
  const listPath = `/c/${category.alias}`;
  const productPath = `/p/${productAlias}`;

  await load('/'); // warm-up round (JIT, KV cache), not reported
  const home = await load('/');
  const statik = await load('/api/health');
  await load(productPath);
  const product = await load(productPath);
  const productHtml = await (await fetch(BASE + productPath)).text();
  const stored = await fetch(`${BASE}/__bench/snapshot`, { method: 'PUT', body: productHtml });
  if (stored.status !== 204) throw new Error(`storing the product page snapshot failed: ${stored.status}`);
  const snapshot = await load('/__bench/snapshot');
  await load(listPath);
  const list = await load(listPath);

  const cpu = await renderCpu(category.alias, productAlias);
  const js = { home: await pageJs('/'), list: await pageJs(listPath), product: await pageJs(productPath) };
  const islands = islandChunks();
  const cartIsland = islandOwnCode(['CartCounter', 'CartPanel', 'AddedNotice', 'add-to-cart-forms']);
  const checkoutIsland = islandOwnCode(['Checkout']);

  const scope = { channelId: '1|se', marketId: 'se', languageId: 'sv-SE' };
  const PRODUCTS = referenceOperation('productlist/products.graphql');
  const categoryPage = { ...scope, categoryAlias: category.alias, take: 48, skip: 0 };
  const api = await apiTargets([
    { name: 'products, 48, uncached', target: 15, query: PRODUCTS, variables: categoryPage, uncached: true },
    { name: 'products, 48, KV hit', target: 2, query: PRODUCTS, variables: categoryPage },
    {
      name: 'product, uncached',
      target: 5,
      query: referenceOperation('product/product.graphql'),
      variables: { ...scope, alias: productAlias },
      uncached: true,
    },
  ]);
  const addToCart = await addToCartRoundTrips(scope);
  const lighthouse =
    process.env.BENCH_LIGHTHOUSE === '0'
      ? null
      : await lighthouseRuns([
          ['home', '/'],
          ['list', listPath],
          ['product', productPath],
        ]);

  const line = (name, r) =>
    `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.count} requests, ${r.errors} errors)`;
  const verdict = (ok) => (ok ? 'meets' : 'MISSES');
  console.log(
    `\n──────── bench (127.0.0.1, concurrency ${CONCURRENCY}, ${SECONDS} s each; list ${listPath}, product ${productPath}) ────────`,
  );
  console.log(line('home page /', home));
  console.log(line('static /api/health', statik));
  console.log(
    `home / static           ${(home.rps / statik.rps).toFixed(2)} of the static route's throughput, p50 ${(home.p50 / statik.p50).toFixed(1)}× its latency`,
  );
  console.log(line('product page', product));
  console.log(line('pre-rendered copy', snapshot));
  console.log(
    `product / pre-rendered  ${(product.rps / snapshot.rps).toFixed(2)} of the pre-rendered copy's throughput (same HTML, ${kb(productHtml.length)}, same worker), p50 ${(product.p50 / snapshot.p50).toFixed(1)}× its latency`,
  );
  console.log(line('list page (48)', list));
  console.log(
    `server CPU per render   home ${cpu.home.ms.toFixed(2)} ms (${kb(cpu.home.bytes)})   list of ${cpu.listCount} ${cpu.list.ms.toFixed(2)} ms (${kb(cpu.list.bytes)}) target ≤ 2 ms: ${verdict(cpu.list.ms <= 2)}   product ${cpu.product.ms.toFixed(2)} ms (${kb(cpu.product.bytes)}) target ≤ 1.5 ms: ${verdict(cpu.product.ms <= 1.5)}`,
  );
  console.log(
    `                        (production React in Node, data in memory, median of ${ROUNDS} rounds of ${RENDERS / ROUNDS} renders each)`,
  );
  console.log(`worker size             ${kb(workerGzip)} gzip (dist/worker/index.js, minified)`);
  for (const [name, result] of Object.entries(js)) {
    console.log(
      `${`${name} page JS`.padEnd(24)}${kb(result.gzip)} gzip, target ≤ 80 KB: ${verdict(result.gzip <= 80 * 1024)} — ${result.files.join(', ')}`,
    );
  }
  const biggest = islands.reduce((a, b) => (b.gzip > a.gzip ? b : a), { gzip: 0 });
  console.log(
    `island chunks           ${islands.map((island) => `${island.name} ${kb(island.gzip)}`).join(', ')}; largest ≤ 10 KB: ${verdict(biggest.gzip <= 10 * 1024)}`,
  );
  console.log(
    `\n──────── GraphQL API targets (issue 3; category "${category.alias}" of ${category.n} products, product "${productAlias}", ${API_REQUESTS} requests each, one at a time) ────────`,
  );
  for (const r of api) {
    const verdict = r.server <= r.target ? 'meets' : 'MISSES';
    const caches = [...r.cache].map(([status, count]) => `${status} ${count}`).join(', ');
    console.log(
      `${r.name.padEnd(24)} server p50 ${r.server.toFixed(2).padStart(6)} ms (p90 ${r.serverP90.toFixed(2)})  target ≤ ${r.target} ms: ${verdict}   round trip p50 ${r.roundTrip.toFixed(1)} ms   X-Cache ${caches}, ${r.errors} errors`,
    );
  }
  console.log(
    "server = the handler's Server-Timing: request to its last D1/KV answer (workerd's clock moves only on I/O)",
  );
  console.log(
    `\n──────── Cart (issue 6; the reference addToCart mutation with the whole cart back, ${addToCart.count} adds one at a time, a fresh cart every 20) ────────`,
  );
  console.log(
    `cart island             ${kb(cartIsland.own)} gzip own code (counter, panel, added notice, add-to-cart forms; ${cartIsland.chunks} chunks), target ≤ 10 KB: ${verdict(cartIsland.own <= 10 * 1024)}; libraries on first use ${kb(cartIsland.libraries)}`,
  );
  console.log(
    `checkout island         ${kb(checkoutIsland.own)} gzip own code (${checkoutIsland.chunks} chunks), target ≤ 25 KB: ${verdict(checkoutIsland.own <= 25 * 1024)}; libraries on first use ${kb(checkoutIsland.libraries)}`,
  );
  console.log(
    `addToCart round trip    p50 ${addToCart.p50.toFixed(1)} ms   p95 ${addToCart.p95.toFixed(1)} ms   target p95 ≤ 50 ms: ${verdict(addToCart.p95 <= 50)}   ${addToCart.errors} errors`,
  );
  if (lighthouse) {
    console.log('\n──────── Lighthouse 12.8 (mobile preset, Debian Chromium, median of 3) ────────');
    for (const { name, path, scores, failing } of lighthouse) {
      const ok =
        scores.performance >= 95 &&
        scores.accessibility === 100 &&
        scores['best-practices'] === 100 &&
        scores.seo === 100;
      console.log(
        `${name.padEnd(8)} performance ${scores.performance}  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}  SEO ${scores.seo}   targets: ${verdict(ok)}   (${path})`,
      );
      if (failing.length) console.log(`         below 0.9: ${failing.join(', ')}`);
    }
  }
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
