import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      /** Test-only binding: the migrations vitest.config.ts read from worker/db/migrations. */
      TEST_MIGRATIONS: D1Migration[];
      /** Test-only binding: the deterministic catalog as SQL, generated once per run (tests/global-setup.ts). */
      TEST_SEED_SQL: string;
    }
  }
}
