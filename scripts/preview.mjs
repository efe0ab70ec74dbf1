#!/usr/bin/env node
// npm run preview [-- --https] [--fresh] [--no-build]
// The production build (`npm run build`: the minified worker bundle `wrangler deploy` uploads, and the
// client) served locally by Miniflare on 127.0.0.1:$PORT (default 8788), on its own local database
// (STOREFRONT_STATE_DIR, default .wrangler/preview-state), with `npm run dev`'s local switches: test-mode
// payments and the dev mailbox. --https serves it over TLS with a self-signed certificate, as production
// is served: the e2e HTTPS project runs against it (tests/e2e/https/).
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const port = process.env.PORT || '8788';
const state = process.env.STOREFRONT_STATE_DIR || '.wrangler/preview-state';
const env = {
  ...process.env,
  STOREFRONT_STATE_DIR: state,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};

if (args.includes('--fresh')) rmSync(state, { recursive: true, force: true });
if (!args.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawn(
  process.execPath,
  [
    'scripts/lib/production-server.mjs',
    port,
    ...(args.includes('--https') ? ['--https'] : []),
    'PAYMENT_TEST_MODE=true',
    'DEV_MAILBOX=true',
    ...(process.env.INVOICE_LIMITS ? [`INVOICE_LIMITS=${process.env.INVOICE_LIMITS}`] : []),
  ],
  { stdio: ['ignore', 'inherit', 'pipe'], env },
);
// A client that does not trust the self-signed certificate (a browser's first try, before it is told to
// ignore it) makes workerd log an error and a stack for that connection: noise, not the shop's errors.
let refused = false;
createInterface({ input: server.stderr }).on('line', (line) => {
  if (line.includes('error accepting tls connection')) refused = true;
  else if (!(refused && line.startsWith('stack:'))) console.error(line);
  else refused = false;
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
