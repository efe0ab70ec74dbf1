#!/usr/bin/env node
// npm run bench: one bounded run on 127.0.0.1 that prints the figures the issues name.
//  1. production build (client + worker bundle as deployed), the worker's gzip size
//  2. the shop served by `wrangler dev` on its own seeded database
//  3. load: home page and a static route of the same worker (/api/health), fixed concurrency, fixed time
//  4. server CPU per render of the home page, in process, production React, data in memory
//  5. JS bytes (gzip) the home page loads in Chromium, everything included
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

  const line = (name, r) =>
    `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.count} requests, ${r.errors} errors)`;
  console.log(`\n──────── bench (127.0.0.1, concurrency ${CONCURRENCY}, ${SECONDS} s each) ────────`);
  console.log(line('home page /', home));
  console.log(line('static /api/health', statik));
  console.log(`home / static           ${(home.rps / statik.rps).toFixed(2)} of the static route's throughput, p50 ${(home.p50 / statik.p50).toFixed(1)}× its latency`);
  console.log(`server CPU per render   ${cpu.ms.toFixed(2)} ms (home page, ${kb(cpu.bytes)} HTML, production React in Node, data in memory, ${RENDERS} renders)`);
  console.log(`worker size             ${kb(workerGzip)} gzip (dist/worker/index.js, minified)`);
  console.log(`home page JS            ${kb(js.gzip)} gzip: ${js.files.join(', ')}`);
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
}
