// Two projects (issue 11 "tests first"):
// - unit: pure functions and views in Node, no D1, no workerd (tests/unit);
// - integration: the worker in workerd (the Workers runtime) with real D1 and KV bindings from miniflare,
//   configured from wrangler.toml (tests/integration). The catalog is generated once per run in Node
//   (tests/global-setup.ts) and each test file's D1, emptied first, gets it in one `exec` (tests/setup.ts).
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('worker/db/migrations');
  return {
    test: {
      globalSetup: ['tests/global-setup.ts'],
      projects: [
        {
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'node',
            sequence: { groupOrder: 0 },
          },
        },
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  TEST_SEED_SQL: inject<string>('seedSql'),
                  AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123',
                  PAYMENT_TEST_MODE: 'true',
                  MERCHANT_API_KEY: 'test-merchant-api-key-long-enough-0123456789',
                },
              },
            })),
          ],
          test: {
            name: 'integration',
            include: ['tests/integration/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/setup.ts'],
            testTimeout: 20_000,
            hookTimeout: 60_000,
            // Four workers, each one workerd that runs its files one after another (`isolate: false`):
            // starting the runtime and loading the worker for every file took about 5 s a file, most of
            // the project's time (220 s, now under 90 s). Each file still gets a database of its own,
            // emptied and built again by tests/setup.ts, and a catalog version no earlier file used.
            maxWorkers: 4,
            isolate: false,
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  };
});
