// Runs once in Node before the workers pool starts: the worker imports the client build's manifest.
import { spawnSync } from 'node:child_process';

export default function buildClient(): void {
  const result = spawnSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('client build failed');
}
