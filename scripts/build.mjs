#!/usr/bin/env node
// npm run build: the production build. The client into dist/client, then the worker bundle exactly as
// `wrangler deploy` would upload it, into dist/worker (nothing is uploaded).
import { spawnSync } from 'node:child_process';

for (const [command, args] of [
  [process.execPath, ['scripts/build-client.mjs']],
  ['npx', ['wrangler', 'deploy', '--dry-run', '--outdir', 'dist/worker', '--minify']],
]) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
