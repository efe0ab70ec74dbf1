// Runs once in Node before the test projects start:
// - the worker imports the client build's manifest: `npm test` builds it in its typecheck step, a bare
//   `vitest run` builds it here when it is missing;
// - the deterministic catalog is generated once per run and handed to every integration test file
//   (`inject('seedSql')`), which loads it into its own fresh D1 (tests/setup.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { generateSeedStatements } from '../worker/db/seed/generate';

declare module 'vitest' {
  export interface ProvidedContext {
    seedSql: string;
  }
}

export default function setup(project: TestProject): void {
  if (!existsSync('worker/generated/assets.ts') || !existsSync('dist/client/_headers')) {
    const result = spawnSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('client build failed');
  }
  project.provide('seedSql', generateSeedStatements().join('\n'));
}
