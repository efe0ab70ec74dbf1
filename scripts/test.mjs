#!/usr/bin/env node
// npm test: every test, in order: typecheck and lint side by side (the steps of package.json's `typecheck`
// and `lint` scripts: keep them in step; ESLint with the house's import rules, Prettier), vitest (the unit
// project in Node, the integration project in the workers pool), Playwright e2e in Debian's Chromium.
// Each step runs even if an earlier one failed; the last line is the pass/fail count.
//
// The e2e tests' two shops start in the background right after the build, while types, lint and vitest
// run (those leave a core idle about a fifth of the time; starting the shops took 20-25 s of the e2e step).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { e2eServers } from './lib/e2e-servers.mjs';

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' };
mkdirSync('test-results', { recursive: true });

function run(command, args) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env }).status === 0;
}

/**
 * Runs `commands` one after another, each only if the one before passed, with their output held back and
 * printed at once when they are done (two of these run side by side: their lines must not interleave).
 */
async function runQuietly(name, commands) {
  let output = '';
  let ok = true;
  for (const [command, args] of commands) {
    output += `\n▶ ${command} ${args.join(' ')}\n`;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    ok = (await new Promise((resolve) => child.on('close', resolve))) === 0;
    if (!ok) break;
  }
  process.stdout.write(`\n── ${name} ${ok ? 'passed' : 'FAILED'} ──${output}`);
  return ok;
}

/**
 * Runs a command like `run`, but stops it when it has printed nothing for `silentMs` and starts it again,
 * at most `attempts` times in all. The workers pool of vitest can stall mid-run, after a file finished,
 * with no error and no further output (cloudflare/workers-sdk#15498, open); vitest prints each file as it
 * finishes (the slowest takes about 10 s), so a long silence is that stall, never a slow test.
 */
async function runWatched(command, args, { silentMs, attempts }) {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    console.log(`\n▶ ${command} ${args.join(' ')}${attempt > 1 ? ` (attempt ${attempt} of ${attempts})` : ''}`);
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env, detached: true });
    let last = Date.now();
    const forward = (to) => (chunk) => {
      last = Date.now();
      to.write(chunk);
    };
    child.stdout.on('data', forward(process.stdout));
    child.stderr.on('data', forward(process.stderr));
    let stalled = false;
    const watch = setInterval(() => {
      if (Date.now() - last < silentMs) return;
      stalled = true;
      console.error(`\n${command} printed nothing for ${silentMs / 1000} s: stopped as stalled`);
      process.kill(-child.pid, 'SIGKILL');
    }, 1000);
    const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
    clearInterval(watch);
    if (!stalled) return status === 0;
  }
  return false;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Whether `url` answers 200 (a self-signed certificate is accepted: the https shop has Miniflare's). */
function answers(url) {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    const request = get(url, { rejectUnauthorized: false, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}

/**
 * Starts the e2e shops in the background, each with its output in .wrangler/e2e-<name>.log. `ready`
 * resolves to whether all answered within four minutes; `stop` ends them (they run in groups of their own).
 */
function startE2eServers() {
  const servers = e2eServers({ built: true });
  const children = servers.map((server) => {
    // The shop writes to its log file itself. Through pipes read by this script, its output would wait
    // while Playwright runs (spawnSync holds this script's event loop): once a pipe's 64 KB were full, the
    // shop would block on its next log line and stop answering mid-run.
    const log = openSync(`.wrangler/e2e-${server.name}.log`, 'w');
    const child = spawn(server.command, server.args, {
      env: { ...env, ...server.env },
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    return child;
  });
  /** Ends them; resolves once they have (or after 15 s): their ports are free again for Playwright's own. */
  const stop = () => {
    const ended = children
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already ended
      }
    }
    return Promise.race([Promise.all(ended), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  };
  process.on('exit', stop);
  const until = Date.now() + 240_000;
  const ready = Promise.all(
    servers.map(async (server, index) => {
      while (Date.now() < until && children[index].exitCode === null) {
        if (await answers(server.url)) return true;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      console.error(`\nthe e2e shop ${server.name} did not start: see .wrangler/e2e-${server.name}.log`);
      return false;
    }),
  ).then((all) => all.every(Boolean));
  /**
   * The shops that no longer answer (ended or stuck), each with the last lines of its log: a shop that
   * stops during the run fails every test after it, and its log says why.
   */
  const silent = async () => {
    const found = [];
    for (const [index, server] of servers.entries()) {
      if (await answers(server.url)) continue;
      let tail = '';
      try {
        tail = readFileSync(`.wrangler/e2e-${server.name}.log`, 'utf8').split('\n').slice(-40).join('\n');
      } catch {
        // no log
      }
      const child = children[index];
      found.push({ name: server.name, state: child.exitCode ?? child.signalCode ?? 'running', tail });
    }
    return found;
  };
  return { ready, stop, silent };
}

const steps = [];

// 1 and 2. Types and lint, side by side (tsc and ESLint each keep one core busy for about 25 and 15 s):
// the build first (the client, whose manifest the worker imports and ESLint reads, and the production
// bundle the https e2e shop serves), then the e2e shops start.
const built = run(process.execPath, ['scripts/build.mjs']);
mkdirSync('.wrangler', { recursive: true });
const shops = built ? startE2eServers() : null;
const [typesOk, lintOk] = await Promise.all([
  built &&
    runQuietly('types', [
      [process.execPath, ['scripts/schema.mjs', '--check']],
      ['npx', ['wrangler', 'types', '--include-runtime=false', '--check']],
      ['npx', ['tsc', '-p', 'tsconfig.json']],
    ]),
  runQuietly('lint', [
    ['npx', ['eslint', '.']],
    ['npx', ['prettier', '--check', '--log-level', 'warn', '**/*.{ts,tsx,js,mjs,css}']],
  ]),
]);
steps.push({ name: 'typecheck', passed: typesOk ? 1 : 0, failed: typesOk ? 0 : 1 });
steps.push({ name: 'lint', passed: lintOk ? 1 : 0, failed: lintOk ? 0 : 1 });

// 3. Unit tests in Node, integration tests in workerd.
rmSync('test-results/vitest.json', { force: true });
const vitestOk = await runWatched(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  { silentMs: 90_000, attempts: 2 },
);
const vitest = readJson('test-results/vitest.json');
steps.push({
  name: 'vitest (unit, integration)',
  passed: vitest?.numPassedTests ?? 0,
  failed: vitest ? vitest.numFailedTests + (vitestOk ? 0 : vitest.numFailedTests === 0 ? 1 : 0) : 1,
});

// 4. End to end in Chromium.
rmSync('test-results/e2e.json', { force: true });
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`\n${chromium} is missing: install Debian's chromium (apt-get install -y chromium) for e2e tests`);
  steps.push({ name: 'e2e (chromium)', passed: 0, failed: 1 });
} else {
  // Shops that did not start are stopped; Playwright then starts its own (playwright.config.ts).
  const started = shops !== null && (await shops.ready);
  if (!started) await shops?.stop();
  env.E2E_SERVERS_STARTED = started ? '1' : '0';
  const e2eOk = run('npx', ['playwright', 'test']);
  for (const shop of started && !e2eOk ? await shops.silent() : []) {
    console.error(`\nthe e2e shop ${shop.name} no longer answers (exit: ${shop.state}); its log ends:\n${shop.tail}`);
  }
  const stats = readJson('test-results/e2e.json')?.stats;
  const failed = stats ? stats.unexpected : 1;
  steps.push({
    name: 'e2e (chromium)',
    passed: stats ? stats.expected + stats.flaky : 0,
    failed: failed + (e2eOk || failed > 0 ? 0 : 1),
  });
}

await shops?.stop();

console.log('\n──────── test summary ────────');
for (const step of steps) console.log(`${step.name.padEnd(24)} ${step.passed} passed, ${step.failed} failed`);
const passed = steps.reduce((sum, step) => sum + step.passed, 0);
const failed = steps.reduce((sum, step) => sum + step.failed, 0);
console.log(`TOTAL                    ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
