// End-to-end tests: Debian's Chromium driving the shop as `npm run dev` serves it, on its own port and
// with its own freshly seeded local database.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8790);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    command: 'node scripts/dev.mjs --fresh --no-watch',
    url: `${BASE_URL}/api/health`,
    env: { PORT: String(PORT), STOREFRONT_STATE_DIR: `.wrangler/e2e-state-${PORT}` },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
