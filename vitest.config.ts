// Unit and integration tests run inside workerd (the Workers runtime) with real D1 and KV bindings from
// miniflare, configured from wrangler.toml. Migrations are read here and applied in tests/setup.ts.
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('worker/db/migrations');
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123' },
        },
      }),
    ],
    test: {
      include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
      globalSetup: ['tests/global-setup.ts'],
      setupFiles: ['tests/setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  };
});
