// End-to-end tests: Debian's Chromium driving the shop in two projects.
// - http: the shop as `npm run dev` serves it, on its own port and freshly seeded local database.
// - https: the production build (`npm run preview -- --https`: the minified bundle `wrangler deploy` uploads)
//   over TLS, as production is always served, on a database of its own: what only HTTPS and the production
//   build do (Secure cookies, kept pages sent precompressed) is tried there (tests/e2e/https/).
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8790);
const HTTPS_PORT = Number(process.env.E2E_HTTPS_PORT ?? PORT + 1);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const HTTPS_BASE_URL = `https://127.0.0.1:${HTTPS_PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};
// Pages open as for a shopper who asked for reduced motion: no page transitions, no shimmer. Without a GPU
// Chromium draws every animation frame on the CPU, and the suite's two cores are its limit (a sample of
// the suite ran 18 % faster). Motion is decoration here: no behaviour depends on it.
const shared = { reducedMotion: 'reduce' as const, launchOptions: chromium };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  projects: [
    { name: 'http', testIgnore: 'https/**', use: { ...shared, baseURL: BASE_URL } },
    {
      name: 'https',
      testMatch: 'https/**/*.spec.ts',
      use: { ...shared, baseURL: HTTPS_BASE_URL, ignoreHTTPSErrors: true },
    },
  ],
  // Started in this order, each once the one before answers: the production build first (it builds the
  // client too), then `npm run dev` serving that same client build.
  webServer: [
    {
      command: 'node scripts/preview.mjs --https --fresh',
      url: `${HTTPS_BASE_URL}/api/health`,
      ignoreHTTPSErrors: true,
      env: { PORT: String(HTTPS_PORT), STOREFRONT_STATE_DIR: `.wrangler/e2e-state-${HTTPS_PORT}` },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/dev.mjs --fresh --no-watch --no-build',
      url: `${BASE_URL}/api/health`,
      env: { PORT: String(PORT), STOREFRONT_STATE_DIR: `.wrangler/e2e-state-${PORT}` },
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
