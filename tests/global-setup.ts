// Runs once in Node before the workers pool starts: the worker imports the client build's manifest.
// `npm test` builds it in its typecheck step; a bare `vitest run` builds it when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export default function buildClient(): void {
  if (existsSync('worker/generated/assets.ts') && existsSync('dist/client/_headers')) return;
  const result = spawnSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('client build failed');
}
