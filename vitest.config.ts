// Two projects (issue 11 "tests first"):
// - unit: pure functions and views in Node, no D1, no workerd (tests/unit);
// - integration: the worker in workerd (the Workers runtime) with real D1 and KV bindings from miniflare,
//   configured from wrangler.toml (tests/integration). The catalog is generated once per run in Node
//   (tests/global-setup.ts); each test file starts from the database as the migrations and that catalog
//   leave it (tests/setup.ts).
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { installPoolProxyFix } from './tests/pool-proxy-fix';

installPoolProxyFix();

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
            // One process for all files: a new one for each file cost about 0.6 s, and the 49 files ran
            // one after another (vitest's default on two cores is one worker): 32 s, now about 8.
            isolate: false,
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
                  LOCAL_RUN: 'true',
                  // Each test file's shoppers buy from one address with a few addresses and identity
                  // numbers: the credit limits (issue 24) have their own tests, with the defaults.
                  INVOICE_LIMITS: '{"perClient":10000,"perEmail":10000,"perIdentity":10000}',
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
            // Two workers (one per core), each one workerd that runs its files one after another
            // (`isolate: false`): starting the runtime and loading the worker's modules costs about 10 s of
            // CPU, which every file paid when each had its own. Each file still gets a database as after the
            // seed (tests/setup.ts) and a catalog version no earlier file used. More workers than cores
            // only helped while the pool slowed every request a little more than the one before
            // (tests/pool-proxy-fix.ts): with that fixed, the project runs in about 70 s instead of 160.
            maxWorkers: 2,
            isolate: false,
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  };
});
