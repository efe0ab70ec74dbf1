// End-to-end tests: Debian's Chromium driving the shop in three projects.
// - http: the shop as `npm run dev` serves it, on its own port and freshly seeded local database.
// - remote: a storefront in front of the http shop's API (issue 26), with no catalog of its own
//   (tests/e2e/remote/).
// - https: the production build (`npm run preview -- --https`: the minified bundle `wrangler deploy` uploads)
//   over TLS, as production is always served, on a database of its own: what only HTTPS and the production
//   build do (Secure cookies, kept pages sent precompressed) is tried there (tests/e2e/https/).
// The servers: scripts/lib/e2e-servers.mjs.
import { defineConfig } from '@playwright/test';
import { BASE_URL, HTTPS_BASE_URL, REMOTE_BASE_URL, e2eServers } from './scripts/lib/e2e-servers.mjs';

export { BASE_URL, HTTPS_BASE_URL, REMOTE_BASE_URL };

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};
// Pages open as for a shopper who asked for reduced motion: no page transitions, no shimmer. Without a GPU
// Chromium draws every animation frame on the CPU, and the suite's two cores are its limit (a sample of
// the suite ran 18 % faster). Motion is decoration here: no behaviour depends on it.
// The shop's service worker (issue 28) is blocked but where a journey is about it (tests/e2e/offline.spec.ts):
// a page's requests stay the page's, so routes that fail a chunk or count requests see them all.
const shared = { reducedMotion: 'reduce' as const, launchOptions: chromium, serviceWorkers: 'block' as const };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Room for a slow machine, not for slow pages: on the CI's virtual machines a page's first touch of new
  // memory can cost 10-100 µs (the host hands every page back and forth), and a fresh Chromium context,
  // which every test opens, touches 100-200 MB. Journeys of 10-20 s on a quiet machine took 30 s there, and
  // an island waking at 4× CPU slowdown took more than an expectation's 5 s. What a test expects is
  // unchanged: a failure only takes longer to show.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  projects: [
    { name: 'http', testIgnore: ['https/**', 'remote/**'], use: { ...shared, baseURL: BASE_URL } },
    {
      name: 'https',
      testMatch: 'https/**/*.spec.ts',
      use: { ...shared, baseURL: HTTPS_BASE_URL, ignoreHTTPSErrors: true },
    },
    // Issue 26: a storefront in front of the http shop's API, on another site (localhost).
    { name: 'remote', testMatch: 'remote/**/*.spec.ts', use: { ...shared, baseURL: REMOTE_BASE_URL } },
  ],
  // Started in this order, each once the one before answers. `npm test` has started them already
  // (E2E_SERVERS_STARTED): they are used as they are.
  webServer: e2eServers().map((server) => ({
    command: [server.command, ...server.args].join(' '),
    url: server.url,
    ignoreHTTPSErrors: true,
    env: server.env,
    reuseExistingServer: process.env.E2E_SERVERS_STARTED === '1',
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
