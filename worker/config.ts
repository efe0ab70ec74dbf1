/**
 * The worker's configuration, read from `Env` (wrangler.toml vars and secrets) and validated once per
 * isolate with valibot. Misconfiguration throws a plain Error at the first request, naming the variable.
 */
import * as v from 'valibot';
import { LIST_SORTS, type ListSort } from '../core/list-selection';
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderId, type PaymentProviderName } from './payments/types';
import { KLARNA_API_URL_REMOVED, KUSTOM_ENV, kustomConfig } from './payments/kustom-config';
import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from '../core/checkout/payment-methods';
import { MAIL_PROVIDERS } from './mail/types';
import { InvoiceLimitsSchema } from './commerce/checkout/invoice-limits';

/** The sorts shoppers can choose (spec §9), as the API names them. */
const LIST_SORT_VALUES = Object.values(LIST_SORTS) as ListSort[];

const Flag = v.pipe(
  v.optional(v.picklist(['true', 'false', '1', '0', '']), 'false'),
  v.transform((value) => value === 'true' || value === '1'),
);

/** A variable holding JSON text, parsed; `message` when it is not JSON. */
function JsonText(message: string) {
  return v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message });
        return NEVER;
      }
    }),
  );
}

/** One public key of Google's automated-discount tokens: an EC P-256 JWK (ES256, spec §5). */
const GadPublicKey = v.looseObject(
  {
    kty: v.literal('EC', 'GAD_PUBLIC_KEYS: every key must be an EC key'),
    crv: v.literal('P-256', 'GAD_PUBLIC_KEYS: every key must be on P-256 (ES256)'),
    x: v.string(),
    y: v.string(),
    kid: v.optional(v.string()),
  },
  'GAD_PUBLIC_KEYS: every key must be a JWK object',
);

/** A public key of the price tokens, as configured. */
export type GadPublicJwk = v.InferOutput<typeof GadPublicKey>;

const PROVIDER_NAMES = Object.keys(PAYMENT_PROVIDER_NAMES) as PaymentProviderName[];

/**
 * Payment method -> provider (issue 6), each name read as its adapter ('kustom' and its old name
 * 'klarna' are one); a method not named goes through the built-in provider.
 */
const PaymentProviderMap = v.pipe(
  JsonText('PAYMENT_PROVIDERS must be a JSON object like {"INVOICE":"kustom"}'),
  v.record(
    v.picklist(PAYMENT_METHOD_CODES, 'PAYMENT_PROVIDERS: keys are CARD, SWISH, INVOICE or INSTALMENT'),
    v.pipe(
      v.picklist(PROVIDER_NAMES, 'PAYMENT_PROVIDERS: providers are built-in, kustom (or its old name klarna), avarda'),
      v.transform((name): PaymentProviderId => PAYMENT_PROVIDER_NAMES[name]),
    ),
  ),
);

const EnvSchema = v.object({
  CHANNEL_ID: v.pipe(v.string(), v.regex(/^\d+\|[a-z]{2}$/, 'CHANNEL_ID must look like "1|se"')),
  FALLBACK_MARKET_ALIAS: v.pipe(v.string(), v.regex(/^[a-z]{2,8}$/, 'FALLBACK_MARKET_ALIAS must be a market alias')),
  GRAPHQL_ENDPOINT: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.url('GRAPHQL_ENDPOINT must be empty or an absolute URL'))]),
    '',
  ),
  GRAPHQL_API_KEY: v.optional(v.string(), ''),
  GRAPHQL_SUBSCRIPTIONS_ENDPOINT: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.url('GRAPHQL_SUBSCRIPTIONS_ENDPOINT must be empty or a wss:// URL'),
        v.regex(/^wss?:\/\//, 'GRAPHQL_SUBSCRIPTIONS_ENDPOINT must be empty or a wss:// URL'),
      ),
    ]),
    '',
  ),
  AUTH_ENDPOINT: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.url('AUTH_ENDPOINT must be empty or an absolute URL'))]),
    '',
  ),
  SIGN_ENDPOINT: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.url('SIGN_ENDPOINT must be empty or an absolute URL'))]),
    '',
  ),
  ROOT_REDIRECT_PATH: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\/[^/]/, 'ROOT_REDIRECT_PATH must be a path like /kampanj'))]),
    '',
  ),
  ROOT_REDIRECT_STATUS: v.optional(v.picklist(['301', '302', '303', '307', '308']), '302'),
  MARKET_IN_PATH: Flag,
  GRAPHQL_INTROSPECTION: Flag,
  BENCH_ROUTES: Flag,
  DEV_MAILBOX: Flag,
  LOCAL_RUN: Flag,
  MAIL_PROVIDER: v.optional(
    v.picklist(['', ...MAIL_PROVIDERS], `MAIL_PROVIDER must be empty or one of ${MAIL_PROVIDERS.join(', ')}`),
    '',
  ),
  MAIL_FROM: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        // "Name <address>" or a bare address; no line breaks (they would open new mail headers).
        v.regex(
          /^(?:[^<>\r\n]+ <[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/,
          'MAIL_FROM must be a sender like "Kontorsgiganten <order@kontorsgiganten.se>"',
        ),
      ),
    ]),
    '',
  ),
  RESEND_API_KEY: v.optional(v.string(), ''),
  AUTH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'AUTH_SECRET must be at least 32 characters')), undefined),
  PUBLIC_ORIGIN: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.url('PUBLIC_ORIGIN must be an origin like https://www.example.se'),
        v.check((value) => {
          try {
            return new URL(value).origin === value;
          } catch {
            return false;
          }
        }, 'PUBLIC_ORIGIN must be an origin like https://www.example.se (no path, no trailing slash)'),
      ),
    ]),
    '',
  ),
  MERCHANT_API_KEY: v.optional(
    v.pipe(v.string(), v.minLength(32, 'MERCHANT_API_KEY must be at least 32 characters')),
    undefined,
  ),
  CATALOG_SIGNAL_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'CATALOG_SIGNAL_SECRET must be at least 32 characters')),
    undefined,
  ),
  /** Issue 27: the Cloudflare Access team domain (`<team>.cloudflareaccess.com`) in front of /admin. */
  ACCESS_TEAM_DOMAIN: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.regex(
          /^[a-z0-9-]+\.cloudflareaccess\.com$/,
          'ACCESS_TEAM_DOMAIN must be a team domain like kontorsgiganten.cloudflareaccess.com',
        ),
      ),
    ]),
    '',
  ),
  /** Issue 27: the Access application's audience tag (AUD) for /admin. */
  ACCESS_AUD: v.optional(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'ACCESS_AUD must be the application audience tag (64 hex digits)')),
    ]),
    '',
  ),
  /** Issue 27: the shop owner's e-mail address: always the back office's owner (staff.ts). */
  ADMIN_OWNER: v.optional(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.maxLength(254), v.email('ADMIN_OWNER must be an email address'), v.toLowerCase()),
    ]),
    '',
  ),
  WITHDRAWAL_NOTICE_TO: v.optional(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.maxLength(254), v.email('WITHDRAWAL_NOTICE_TO must be an email address')),
    ]),
    '',
  ),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
      v.check(
        (origins) =>
          origins.every((origin) => {
            try {
              return new URL(origin).origin === origin && /^https?:$/.test(new URL(origin).protocol);
            } catch {
              return false;
            }
          }),
        'CORS_ORIGINS must be origins like https://storefront.example.se, separated by commas (no paths, no *)',
      ),
    ),
    '',
  ),
  INVOICE_LIMITS: v.optional(
    v.pipe(JsonText('INVOICE_LIMITS must be JSON like {"maxUnits":50,"perClient":3}'), InvoiceLimitsSchema),
    '{}',
  ),
  GAD_PUBLIC_KEYS: v.optional(
    v.pipe(
      JsonText('GAD_PUBLIC_KEYS must be a JWKS JSON string like {"keys":[...]}'),
      v.object({ keys: v.array(GadPublicKey) }, 'GAD_PUBLIC_KEYS must be a JWKS JSON string like {"keys":[...]}'),
    ),
    '{"keys":[]}',
  ),
  GAD_MERCHANT_ID: v.optional(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.regex(/^\d+$/, 'GAD_MERCHANT_ID must be a Merchant Center id (digits)')),
    ]),
    '',
  ),
  GTM_ID: v.optional(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.regex(/^GTM-[A-Z0-9]{4,12}$/, 'GTM_ID must be empty or a container id like GTM-AB12CD3')),
    ]),
    '',
  ),
  PRODUCT_LIST_DEFAULT_SORT: v.optional(
    v.picklist(LIST_SORT_VALUES, `PRODUCT_LIST_DEFAULT_SORT must be one of ${LIST_SORT_VALUES.join(', ')}`),
    'LATEST',
  ),
  PAYMENT_PROVIDERS: v.optional(PaymentProviderMap, '{}'),
  PAYMENT_TEST_MODE: Flag,
  PAYMENT_PENDING_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,4}$/, 'PAYMENT_PENDING_MINUTES must be a whole number of minutes'),
      v.transform(Number),
    ),
    '30',
  ),
  BUILT_IN_PAYMENT_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'BUILT_IN_PAYMENT_SECRET must be at least 32 characters')),
    undefined,
  ),
  ...KUSTOM_ENV,
  AVARDA_API_URL: v.optional(
    v.pipe(v.string(), v.url('AVARDA_API_URL must be an absolute URL')),
    'https://stage.checkout-api.avarda.com',
  ),
  AVARDA_CHECKOUT_SCRIPT: v.optional(
    v.pipe(v.string(), v.url('AVARDA_CHECKOUT_SCRIPT must be an absolute URL')),
    'https://stage.checkout-cdn.avarda.com/cdn/static/js/main.js',
  ),
  AVARDA_CLIENT_ID: v.optional(v.string(), ''),
  AVARDA_CLIENT_SECRET: v.optional(v.string(), ''),
  CUSTOM_SORT_ROUTES: v.optional(
    v.pipe(
      JsonText('CUSTOM_SORT_ROUTES must be a JSON array like [{"name":"news","sort":"LATEST"}]'),
      v.array(
        v.object({ name: v.pipe(v.string(), v.minLength(1)), sort: v.picklist(LIST_SORT_VALUES) }),
        'CUSTOM_SORT_ROUTES must be a JSON array like [{"name":"news","sort":"LATEST"}]',
      ),
    ),
    '[]',
  ),
});

/**
 * Which provider takes each method of spec §1: PAYMENT_PROVIDERS, then the shop's own invoice and
 * instalments (paid later, no payment step); card and Swish go to the built-in test provider only in
 * test mode (issue 12: anyone can approve a payment there), else they have no provider and are not offered.
 */
function paymentProviders(
  named: Partial<Record<PaymentMethodCode, PaymentProviderId>>,
  testMode: boolean,
): Partial<Record<PaymentMethodCode, PaymentProviderId>> {
  const test: Partial<Record<PaymentMethodCode, PaymentProviderId>> = testMode
    ? { CARD: 'built-in', SWISH: 'built-in' }
    : {};
  return { INVOICE: 'built-in', INSTALMENT: 'built-in', ...test, ...named };
}

/** The configuration as the worker reads it: `Env` validated, then shaped (its output type is `Config`). */
const ConfigSchema = v.pipe(
  EnvSchema,
  v.check(
    (env) => !Object.values(env.PAYMENT_PROVIDERS).includes('klarna') || Boolean(kustomConfig(env).kustom.username),
    'PAYMENT_PROVIDERS routes a method to kustom, so KUSTOM_USERNAME and KUSTOM_PASSWORD must be set',
  ),
  v.check(
    (env) => !Object.values(env.PAYMENT_PROVIDERS).includes('klarna') || !env.KLARNA_API_URL,
    KLARNA_API_URL_REMOVED,
  ),
  v.check(
    (env) =>
      !Object.values(env.PAYMENT_PROVIDERS).includes('avarda') ||
      Boolean(env.AVARDA_CLIENT_ID && env.AVARDA_CLIENT_SECRET),
    'PAYMENT_PROVIDERS routes a method to avarda, so AVARDA_CLIENT_ID and AVARDA_CLIENT_SECRET must be set',
  ),
  v.check(
    (env) =>
      env.PAYMENT_TEST_MODE ||
      (env.PAYMENT_PROVIDERS.CARD !== 'built-in' && env.PAYMENT_PROVIDERS.SWISH !== 'built-in'),
    'PAYMENT_PROVIDERS sends CARD or SWISH to the built-in test provider, which approves anything: set PAYMENT_TEST_MODE=true (never in production) or route them to kustom or avarda',
  ),
  // Issue 24: without it, mail and page links would follow the request's Host header, which anyone sets.
  v.check(
    (env) => env.LOCAL_RUN || Boolean(env.PUBLIC_ORIGIN),
    "PUBLIC_ORIGIN must be set in a deployment: the shop's own origin, like https://www.kontorsgiganten.se (mail and page links must not follow the request's Host header). Only a local run (LOCAL_RUN=true: npm run dev, npm run preview, the tests) may leave it empty",
  ),
  v.check(
    (env) => env.MAIL_PROVIDER !== 'resend' || Boolean(env.RESEND_API_KEY && env.MAIL_FROM),
    'MAIL_PROVIDER is resend, so the secret RESEND_API_KEY and MAIL_FROM must be set',
  ),
  v.transform((env) => ({
    channelId: env.CHANNEL_ID,
    fallbackMarketAlias: env.FALLBACK_MARKET_ALIAS,
    /** null: the built-in commerce API over D1. */
    graphqlEndpoint: env.GRAPHQL_ENDPOINT || null,
    graphqlApiKey: env.GRAPHQL_API_KEY,
    /**
     * Where open pages subscribe to live changes (issue 28): 'built-in' (this worker's live rooms), a remote
     * API's graphql-ws endpoint, or null (nothing is live: a remote API without one).
     */
    liveEndpoint: env.GRAPHQL_ENDPOINT ? env.GRAPHQL_SUBSCRIPTIONS_ENDPOINT || null : ('built-in' as const),
    /**
     * Issue 26, in front of a remote API: its auth endpoint (spec §7, e.g. `https://…/api/auth/`), and the
     * endpoint that signs its challenges (a Geins sign endpoint carries the merchant's key in its path:
     * `{API_KEY}` is replaced with GRAPHQL_API_KEY). Both are the storefront server's: the browser talks
     * to the storefront's own /api/auth. null: accounts are off in front of that API.
     */
    remoteAuth:
      env.GRAPHQL_ENDPOINT && env.AUTH_ENDPOINT && env.SIGN_ENDPOINT
        ? {
            authEndpoint: env.AUTH_ENDPOINT.endsWith('/') ? env.AUTH_ENDPOINT : `${env.AUTH_ENDPOINT}/`,
            signEndpoint: env.SIGN_ENDPOINT.replace('{API_KEY}', encodeURIComponent(env.GRAPHQL_API_KEY)),
          }
        : null,
    /** The key the merchant's own servers send as X-ApiKey to /graphql for merchant-only mutations (issue 12). */
    merchantApiKey: env.MERCHANT_API_KEY,
    /**
     * Issue 26: the secret the merchant's system signs "the catalog (or these products) changed" with
     * (POST /api/catalog/changed); unset: that endpoint is off.
     */
    catalogSignalSecret: env.CATALOG_SIGNAL_SECRET,
    /**
     * Issue 26: where each withdrawal made in front of a remote API is told (the merchant's customer
     * service); unset: in front of a remote API withdrawals go through customer service by hand.
     */
    withdrawalNoticeTo: env.WITHDRAWAL_NOTICE_TO || null,
    /**
     * Issue 27: who may reach /admin. `access`: Cloudflare Access in front of it (both vars set), whose
     * JWT the worker verifies on every request; `devOwner`: `npm run dev` (DEV_MAILBOX, as the dev
     * mailbox), where /admin signs you in as the local owner. Neither: /admin is the 404 page.
     */
    staffAccess: {
      access:
        env.ACCESS_TEAM_DOMAIN && env.ACCESS_AUD
          ? { teamDomain: env.ACCESS_TEAM_DOMAIN, audience: env.ACCESS_AUD }
          : null,
      devOwner: env.DEV_MAILBOX && env.LOCAL_RUN,
      owner: env.ADMIN_OWNER || null,
    },
    /** PUBLIC_ORIGIN: where absolute links point (canonical, hreflang, sitemaps, share links, payment URLs); null: the request's own origin (development). */
    publicOrigin: env.PUBLIC_ORIGIN || null,
    rootRedirect: env.ROOT_REDIRECT_PATH
      ? { path: env.ROOT_REDIRECT_PATH, status: Number(env.ROOT_REDIRECT_STATUS) as 301 | 302 | 303 | 307 | 308 }
      : null,
    marketInPath: env.MARKET_IN_PATH,
    /** Whether the built-in API answers introspection (`__schema`, `__type`): off in production. */
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION,
    /** `npm run bench` only: the snapshot route that serves a pre-rendered copy of a page (worker/routes/api/bench.ts). */
    benchRoutes: env.BENCH_ROUTES,
    /** DEV_MAILBOX (npm run dev only): `/_dev/mailbox` shows every queued mail; nothing leaves the machine. */
    devMailbox: env.DEV_MAILBOX,
    /**
     * Issue 13: who delivers the outbox (null: nobody, mails wait; DEV_MAILBOX wins over it), the sender,
     * and Resend's API key (a secret).
     */
    mail: { provider: env.MAIL_PROVIDER || null, from: env.MAIL_FROM, resendApiKey: env.RESEND_API_KEY },
    /** HMAC secret of the `ralph-auth` JWT; without it nobody can log in. */
    authSecret: env.AUTH_SECRET,
    /** Google automated discounts: the ES256 public keys and our merchant id; empty: every price token is refused. */
    gad: { publicKeys: env.GAD_PUBLIC_KEYS.keys, merchantId: env.GAD_MERCHANT_ID },
    /** Issue 24: the limits on the shop's own invoice and instalments (docs/decisions/019-invoice-limits.md). */
    invoiceLimits: env.INVOICE_LIMITS,
    /**
     * Issue 25: the origins of other storefronts (the reference Ralph storefront on its own origin) that may
     * call /graphql and the auth endpoint from a browser, with credentials; none: same origin only.
     */
    corsOrigins: env.CORS_ORIGINS,
    /**
     * Where a redirect and a form's answer may lead off this origin: the storefronts the merchant runs
     * (CORS_ORIGINS: a payment step ends on their confirmation page) and the remote API this storefront
     * fronts (issue 26: its payment step runs there).
     */
    offsiteOrigins: [...env.CORS_ORIGINS, ...(env.GRAPHQL_ENDPOINT ? [new URL(env.GRAPHQL_ENDPOINT).origin] : [])],
    /** Google Tag Manager container (spec §7 tag-manager script); null: no tag manager is loaded. */
    gtmId: env.GTM_ID || null,
    /** Sort of product lists when neither the URL nor a custom route sort names one (spec §4; search: RELEVANCE). */
    productListDefaultSort: env.PRODUCT_LIST_DEFAULT_SORT,
    /** Sorts for routes by name (`news` for every locale's route, or one route: `news___en`), spec §3 customSortRoutes. */
    customSortRoutes: env.CUSTOM_SORT_ROUTES,
    /** Issue 6: which provider takes each payment method, and the providers' endpoints and credentials. */
    payments: {
      providers: paymentProviders(env.PAYMENT_PROVIDERS, env.PAYMENT_TEST_MODE),
      /** PAYMENT_TEST_MODE: the built-in test provider takes card and Swish, and pages say so (issue 12). */
      testMode: env.PAYMENT_TEST_MODE,
      /** HMAC key of the built-in provider's notifications; undefined: derived from AUTH_SECRET. */
      builtInSecret: env.BUILT_IN_PAYMENT_SECRET,
      /** Kustom Checkout (PAYMENT_PROVIDERS 'kustom', adapter key 'klarna'): its API and credentials. */
      kustom: kustomConfig(env).kustom,
      avarda: {
        apiUrl: env.AVARDA_API_URL,
        checkoutScript: env.AVARDA_CHECKOUT_SCRIPT,
        clientId: env.AVARDA_CLIENT_ID,
        clientSecret: env.AVARDA_CLIENT_SECRET,
      },
      /** Minutes an order may wait for its payment before the sweep cancels it (worker/index.ts `scheduled`). */
      pendingMinutes: env.PAYMENT_PENDING_MINUTES,
    },
    /** Variables to rename, logged once when the configuration is read (old names still honoured). */
    warnings: kustomConfig(env).warnings,
  })),
);

/** The worker's configuration: exactly what ConfigSchema produces. */
export type Config = v.InferOutput<typeof ConfigSchema>;
export type PaymentsConfig = Config['payments'];

const parsed = new WeakMap<object, Config>();

/**
 * The validated configuration of `env`, parsed on first use and remembered for the isolate's life.
 * Throws a plain Error naming every wrong variable (the config middleware turns it into the error page).
 */
export function readConfig(env: Env): Config {
  const known = parsed.get(env);
  if (known) return known;
  const result = v.safeParse(ConfigSchema, env);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const path = v.getDotPath(issue);
      return path ? `${path}: ${issue.message}` : issue.message;
    });
    throw new Error(`Invalid worker configuration: ${problems.join('; ')}`);
  }
  for (const warning of result.output.warnings) console.warn(`worker configuration: ${warning}`);
  parsed.set(env, result.output);
  return result.output;
}
