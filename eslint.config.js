// ESLint (flat config): typescript-eslint's recommended rules, and the import rules that keep the house
// (docs/decisions/006-one-house.md). Imports flow down the request: worker/ may use core/ and client/
// views; client/ and core/ never import worker/; core/ imports neither client/ nor worker/, nor anything
// of the DOM, D1 or Hono; the domain (worker/commerce/) imports no client, no GraphQL and no Hono.
// Formatting is Prettier's (.prettierrc.json), checked by `npm run lint` too.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/** A zone of import-x/no-restricted-paths: files under `target` may not import files under `from`. */
const zone = (target, from, message) => ({ target, from, message });

const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'HTMLElement',
].map((name) => ({ name, message: 'core/ is isomorphic: no DOM. Browser code belongs in client/.' }));

const HOUSE_ZONES = [
  zone(
    ['./worker/pages', './worker/routes', './worker/render', './client/islands', './client/browser', './client/store'],
    ['./worker/admin', './client/views/admin', './locales/admin'],
    'The back office (worker/admin, client/views/admin) never reaches a shopper’s page: nothing of the shop imports it.',
  ),
  zone(
    ['./client/views/pages', './client/views/components'],
    ['./client/views/admin', './locales/admin'],
    'Shop views never use the back office’s.',
  ),
  zone('./client', './worker', 'client/ runs in the browser and renders views: it never imports the worker.'),
  zone('./core', './worker', 'core/ is isomorphic: it never imports the worker.'),
  zone('./core', './client', 'core/ is isomorphic: it never imports client/.'),
  zone('./worker/commerce', './client', 'The domain (worker/commerce) never imports client/.'),
  zone('./worker/commerce', './worker/graphql', 'The domain (worker/commerce) never imports the GraphQL layer.'),
  zone(
    './worker/commerce',
    [
      './worker/routes',
      './worker/pages',
      './worker/middleware',
      './worker/render',
      './worker/session',
      './worker/urls',
    ],
    'The domain (worker/commerce) knows no HTTP.',
  ),
  zone(
    './worker/pages',
    ['./worker/routes', './worker/middleware'],
    'Pages sit below routes and middleware: move what they share down (session/, urls/, render/, payments/).',
  ),
  zone(
    ['./worker/render', './worker/session', './worker/urls'],
    ['./worker/routes', './worker/pages', './worker/middleware'],
    'render/, session/ and urls/ sit below middleware, routes and pages.',
  ),
  zone(
    './worker/routes',
    './worker/middleware',
    'Routes use what middleware set on the context (c.var), never middleware modules: shared helpers live in session/ or urls/.',
  ),
  zone(
    './worker/graphql',
    ['./worker/routes', './worker/pages', './worker/middleware', './worker/render'],
    'The GraphQL layer sits below the HTTP layer.',
  ),
  zone(
    './worker/payments',
    ['./worker/routes', './worker/pages', './worker/middleware', './worker/render'],
    'Payment adapters sit below the HTTP layer.',
  ),
  zone(
    './worker/mail',
    ['./worker/routes', './worker/pages', './worker/middleware', './worker/render', './worker/graphql'],
    'Mail adapters and the outbox consumer sit below the HTTP and GraphQL layers.',
  ),
];

/** The storefront: the HTTP layer that renders pages and takes forms (issue 26, docs/decisions/021). */
const STOREFRONT = [
  './worker/pages',
  './worker/routes',
  './worker/render',
  './worker/middleware',
  './worker/session',
  './worker/urls',
  // The identity client: only the built-in API's side of it answers in process (./built-in*.ts).
  './worker/identity/index.ts',
  './worker/identity/off.ts',
  './worker/identity/remote.ts',
  './worker/identity/remote-auth.ts',
];

/**
 * One data path (issue 26, docs/decisions/021-one-data-path.md): the storefront reads and writes commerce
 * data only through its GraphQL client (c.get('graphql')), built-in API or remote. It may import from the
 * domain only pure helpers and its own data (rate limits, passkeys, the withdrawal function, kept pages).
 */
const COMMERCE_DATA_ZONE = {
  target: STOREFRONT,
  from: './worker/commerce',
  except: [
    // Pure: no D1, no KV. (channel/channel.ts also holds loadChannel: to be split off.)
    './crypto.ts',
    './shop-time.ts',
    './pricing/money.ts',
    './pricing/price-validation.ts',
    './channel/channel.ts',
    './catalog/filter.ts',
    './cart/share.ts',
    './orders/order-tokens.ts',
    './orders/withdrawal-link.ts',
    './customers/mailbox.ts',
    './orders/withdrawal-period.ts',
    './mail/order-templates.ts',
    // The storefront's own data.
    './customers/throttle.ts',
    './customers/passkeys.ts',
    './customers/favorites.ts',
    './orders/withdrawal.ts',
    './orders/api-withdrawals.ts',
    './mail/outbox.ts',
    './catalog/product-changes.ts',
  ],
  message:
    "Commerce data goes through the GraphQL client (c.get('graphql')), built-in or remote: docs/decisions/021-one-data-path.md.",
};

/**
 * Storefront files that reach commerce data directly: the built-in API's own HTTP endpoints, by design,
 * since they are that API (its auth endpoint, merchant API, payment step, hosted checkout link and the
 * newsletter confirmation link of its mails). Every other storefront file asks the configured API through
 * its clients, which sit outside the zone: worker/graphql (the GraphQL client), worker/identity (log in and
 * out), worker/channel-client.ts (the channel) and worker/order-extras.ts (what the built-in API knows of an
 * order beyond the Geins contract); each answers in process for the built-in API and over HTTP, or not at
 * all, for a remote one.
 */
const BUILT_IN_API_ENDPOINTS = [
  'worker/routes/api/auth.ts',
  'worker/routes/api/merchant.ts',
  'worker/routes/api/merchant-v1.ts',
  'worker/routes/api/merchant-v1-schemas.ts',
  'worker/routes/api/merchant-v1-openapi.ts',
  'worker/routes/api/hosted-checkout.ts',
  'worker/routes/api/newsletter-confirm.ts',
  'worker/routes/payments/index.ts',
  'worker/routes/payments/hosted.tsx',
  'worker/routes/payments/snippet.tsx',
];

/** One home per decision (docs/decisions/006): selectors for no-restricted-syntax. */
const ONE_HOME_RULES = [
  {
    selector:
      'Literal[value=/^ralph-(auth|user|cart|selected-market|checkout-market|persisted-states|locale|flash|notify-email|gad|checkout-form|payment|consent|d1-bookmark)/]',
    message: 'Cookie names live in worker/session/cookies.ts (core/cookies.ts for the ones the browser shares).',
  },
  {
    selector:
      "TSUnionType:has(TSLiteralType > Literal[value='PERSON']):has(TSLiteralType > Literal[value='ORGANIZATION'])",
    message: 'Use CustomerType from core/customer-type.ts.',
  },
  {
    selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^(c|b|sk|dc|d|p)_$/]',
    message: 'Facet ids are built by core/facet-ids.ts (categoryFacetId, brandFacetId, ...).',
  },
  {
    selector: "CallExpression[callee.property.name='includes'][arguments.0.value='checkout']",
    message: "Use isCheckoutRoute(route) from locales/routes.ts, not the route's name.",
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'worker/generated/',
      'worker/graphql/schema.generated.ts',
      'test-results/',
      '.wrangler/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...HOUSE_ZONES, COMMERCE_DATA_ZONE],
        },
      ],
    },
  },
  {
    // The built-in API's endpoints, and the data path's remaining debt (above): every zone but the data path's.
    files: BUILT_IN_API_ENDPOINTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: HOUSE_ZONES }] },
  },
  {
    files: ['client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // One home per decision (docs/decisions/006): no cookie name, customer-type union or route-name test
    // spelled out where it would become a second source.
    files: ['worker/**', 'core/**', 'client/**'],
    ignores: ['worker/session/cookies.ts', 'core/cookies.ts', 'core/customer-type.ts', 'core/facet-ids.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...ONE_HOME_RULES],
    },
  },
  {
    // The page shell also draws error pages, which can come before any middleware ran: it reads the
    // request's variables through shellVariables(c), typed as possibly missing (worker/app-env.ts).
    files: ['worker/render/**', 'worker/urls/links.ts', 'worker/pages/not-found/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ONE_HOME_RULES,
        {
          selector: "MemberExpression[object.name='c'][property.name='var']",
          message: 'The shell reads variables through shellVariables(c): on an early error page they may be missing.',
        },
      ],
    },
  },
  {
    files: ['worker/commerce/**', 'core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['hono', 'hono/*'], message: 'No Hono here: this code knows no HTTP framework.' },
            { group: ['cloudflare:*'], message: 'No Workers runtime modules here.' },
          ],
        },
      ],
    },
  },
  {
    files: ['core/**'],
    rules: { 'no-restricted-globals': ['error', ...BROWSER_GLOBALS] },
  },
  {
    // e2e specs run on one kept page per worker, reset between tests (tests/e2e/fixtures.ts): Playwright's
    // own `test` would give a spec a new context per test and none of the reset.
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from tests/e2e/fixtures.ts: each test's reset lives there.",
            },
          ],
        },
      ],
    },
  },
  {
    // Node scripts and configs.
    files: ['scripts/**', '*.config.{js,ts}', '.ci/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
      },
    },
  },
);
