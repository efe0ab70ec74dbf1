// The two shops the e2e tests drive (playwright.config.ts), each on its own port and fresh database:
// - https: the production build (`npm run preview -- --https`: the minified bundle `wrangler deploy` uploads)
//   over TLS, as production is always served;
// - http: the shop as `npm run dev` serves it (rendering with React's production build, as deployed);
// - remote: a storefront in front of the http shop's API (issue 26: GRAPHQL_ENDPOINT, its auth and sign
//   endpoints), as a merchant with a Geins API runs it, with no catalog of its own. It is served as
//   `localhost`, another site than 127.0.0.1, so the two keep their cookies apart as two domains would.
// Playwright starts them when nothing answers on their ports yet. `npm test` starts them itself right after
// its build, while types, lint and vitest run (scripts/test.mjs), and Playwright then finds them answering:
// the same commands, with the production build made before (`built`).
const PORT = Number(process.env.E2E_PORT ?? 8790);
const HTTPS_PORT = Number(process.env.E2E_HTTPS_PORT ?? PORT + 1);
const REMOTE_PORT = Number(process.env.E2E_REMOTE_PORT ?? PORT + 2);

export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const HTTPS_BASE_URL = `https://127.0.0.1:${HTTPS_PORT}`;
export const REMOTE_BASE_URL = `http://localhost:${REMOTE_PORT}`;

/**
 * The servers, in the order Playwright starts them (the production build first: it builds the client that
 * `npm run dev --no-build` then serves). `built`: the production build exists already (`npm run build`).
 */
/**
 * The e2e shoppers all buy from 127.0.0.1, many of them on invoice, with a few test addresses: the limits
 * on the shop's own credit (issue 24) would stop the suite, not a fraud. Sizes stay as a shop's.
 */
const E2E_INVOICE_LIMITS = JSON.stringify({ perClient: 10_000, perEmail: 10_000, perIdentity: 10_000 });

/** What the merchant's system signs "the catalog changed" with (the remote storefront's secret). */
export const E2E_CATALOG_SIGNAL_SECRET = 'e2e-catalog-signal-secret-0123456789abcdef';

export function e2eServers({ built = false } = {}) {
  return [
    {
      name: 'https',
      command: 'node',
      args: ['scripts/preview.mjs', '--https', '--fresh', ...(built ? ['--no-build'] : [])],
      url: `${HTTPS_BASE_URL}/api/health`,
      env: {
        PORT: String(HTTPS_PORT),
        STOREFRONT_STATE_DIR: `.wrangler/e2e-state-${HTTPS_PORT}`,
        INVOICE_LIMITS: E2E_INVOICE_LIMITS,
      },
    },
    {
      name: 'http',
      command: 'node',
      args: ['scripts/dev.mjs', '--fresh', '--no-watch', '--no-build', '--no-inspector', '--production-react'],
      url: `${BASE_URL}/api/health`,
      env: {
        PORT: String(PORT),
        STOREFRONT_STATE_DIR: `.wrangler/e2e-state-${PORT}`,
        INVOICE_LIMITS: E2E_INVOICE_LIMITS,
        CATALOG_SIGNAL_SECRET: E2E_CATALOG_SIGNAL_SECRET,
        // The reference storefront's dev server (issue 25), and the remote storefront, whose card shoppers
        // this API's payment step sends back to its confirmation page.
        CORS_ORIGINS: `http://localhost:3000,${REMOTE_BASE_URL}`,
      },
    },
    {
      name: 'remote',
      command: 'node',
      args: ['scripts/dev.mjs', '--fresh', '--no-watch', '--no-build', '--no-inspector', '--production-react'],
      url: `http://127.0.0.1:${REMOTE_PORT}/api/health`,
      env: {
        PORT: String(REMOTE_PORT),
        STOREFRONT_STATE_DIR: `.wrangler/e2e-state-${REMOTE_PORT}`,
        INVOICE_LIMITS: E2E_INVOICE_LIMITS,
        GRAPHQL_ENDPOINT: `${BASE_URL}/graphql`,
        AUTH_ENDPOINT: `${BASE_URL}/api/auth/`,
        SIGN_ENDPOINT: `${BASE_URL}/api/auth/sign/`,
        CATALOG_SIGNAL_SECRET: E2E_CATALOG_SIGNAL_SECRET,
        // Withdrawals from the API's orders are the storefront's, told to the merchant here.
        WITHDRAWAL_NOTICE_TO: 'kundtjanst@example.se',
      },
    },
  ];
}
