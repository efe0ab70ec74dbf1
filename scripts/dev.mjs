#!/usr/bin/env node
// npm run dev [-- <wrangler dev arguments>]
// Builds the client (and rebuilds it on change), migrates and, on first start, seeds the local D1, then
// runs `wrangler dev` on 127.0.0.1:$PORT (default 8787). Needs no account, key or network. With
// GRAPHQL_ENDPOINT (and GRAPHQL_API_KEY) it fronts that API instead, with no local catalog (issue 26).
// Flags for tests: --fresh (start from an empty database), --no-watch (no client rebuilds), --no-build (serve
// dist/client as it is: the bench builds it once with the worker it serves), --no-inspector (no DevTools
// connection to the worker: see below), --production-react (render with React's production build, as
// deployed: see below).
import { spawn, spawnSync } from 'node:child_process';
import { devAuthSecret, ensureDatabase, stateDir, wipe } from './lib/local-db.mjs';

const args = process.argv.slice(2);
const own = new Set(['--fresh', '--no-watch', '--no-build', '--no-inspector', '--production-react']);
const wranglerArgs = args.filter((arg) => !own.has(arg));
const port = process.env.PORT || '8787';
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' };
// `wrangler dev` keeps a DevTools connection to the worker (its `d` key) and passes every event of it on to
// its own process and debug log, a network event with its body for each D1 query: in the e2e run that was
// 50 CPU-s (a 14 MB log) and 30 s of the run on two cores. Its CLI has no switch for it; the one condition
// under which it does not connect is a VS Code debug terminal, recognised by this variable (wrangler's
// ProxyController.inspectorEnabled). The shop is served the same; only DevTools cannot attach.
if (args.includes('--no-inspector')) env.VSCODE_INSPECTOR_OPTIONS = '{}';

// `wrangler dev` bundles the worker for development, React's development build included: its checks and
// warnings help while writing a page, and cost about 28 % of the shop's CPU per page rendered (120 product
// pages: 7.6 CPU-s, 5.5 with the production build). The e2e shop renders as deployed instead.
const productionReact = args.includes('--production-react') ? ['--define', 'process.env.NODE_ENV:"production"'] : [];

if (args.includes('--fresh')) wipe();

if (!args.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// GRAPHQL_ENDPOINT=… npm run dev: a storefront in front of that API (issue 26), its own database migrated
// (sessions, consents, kept pages) and holding no catalog; GRAPHQL_API_KEY is sent as X-ApiKey.
const remoteApi = process.env.GRAPHQL_ENDPOINT || '';
if (remoteApi) console.log(`storefront in front of ${remoteApi}: no local catalog`);
await ensureDatabase({ seed: !remoteApi });

const authSecret = devAuthSecret();

const children = [];
if (!args.includes('--no-watch')) {
  children.push(spawn(process.execPath, ['scripts/build-client.mjs', '--watch'], { stdio: 'inherit', env }));
}
const dev = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    port,
    '--persist-to',
    stateDir(),
    '--show-interactive-dev-session=false',
    '--var',
    `AUTH_SECRET:${authSecret}`,
    // A local run: links follow the request (PUBLIC_ORIGIN stays empty here; a deployment must set it).
    '--var',
    'LOCAL_RUN:true',
    // Schema tools (GraphiQL, codegen) may introspect the local API; production keeps it off.
    '--var',
    'GRAPHQL_INTROSPECTION:true',
    // Card and Swish through the built-in test provider, announced on the checkout (issue 12).
    '--var',
    'PAYMENT_TEST_MODE:true',
    // The reference storefront (Geins' Ralph) on its own dev server may call the API from the browser and
    // send card and Swish shoppers to our checkout (issue 25); CORS_ORIGINS overrides.
    '--var',
    `CORS_ORIGINS:${process.env.CORS_ORIGINS ?? 'http://localhost:3000'}`,
    ...(remoteApi ? ['--var', `GRAPHQL_ENDPOINT:${remoteApi}`] : []),
    ...(remoteApi && process.env.GRAPHQL_API_KEY ? ['--var', `GRAPHQL_API_KEY:${process.env.GRAPHQL_API_KEY}`] : []),
    // Accounts through that API's auth endpoint, its challenges signed by its sign endpoint (issue 26).
    ...(remoteApi && process.env.AUTH_ENDPOINT ? ['--var', `AUTH_ENDPOINT:${process.env.AUTH_ENDPOINT}`] : []),
    ...(remoteApi && process.env.SIGN_ENDPOINT ? ['--var', `SIGN_ENDPOINT:${process.env.SIGN_ENDPOINT}`] : []),
    // Withdrawals made in front of that API are told to this address (issue 26).
    ...(remoteApi && process.env.WITHDRAWAL_NOTICE_TO
      ? ['--var', `WITHDRAWAL_NOTICE_TO:${process.env.WITHDRAWAL_NOTICE_TO}`]
      : []),
    // The merchant's system says "the catalog changed" with this secret (issue 26: POST /api/catalog/changed).
    ...(process.env.CATALOG_SIGNAL_SECRET
      ? ['--var', `CATALOG_SIGNAL_SECRET:${process.env.CATALOG_SIGNAL_SECRET}`]
      : []),
    // Every mail the shop queues is shown at /_dev/mailbox; nothing leaves the machine (issue 13).
    '--var',
    'DEV_MAILBOX:true',
    // The e2e run buys on invoice more often from one address than a shopper may (issue 24's limits).
    ...(process.env.INVOICE_LIMITS ? ['--var', `INVOICE_LIMITS:${process.env.INVOICE_LIMITS}`] : []),
    ...productionReact,
    ...wranglerArgs,
  ],
  { stdio: 'inherit', env },
);
children.push(dev);

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
dev.on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});
