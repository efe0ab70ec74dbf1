/**
 * Kustom Checkout's part of the configuration (docs/decisions/018-kustom-checkout.md). Klarna Checkout
 * became Kustom Checkout: the same API on Kustom's hosts, `https://api.kustom.co` (production) and
 * `https://api.playground.kustom.co` (the test environment), and `*.klarna.com` stopped answering its
 * merchants on 31 March 2026 (help.kustom.co, "Kustom API endpoint switch guide").
 *
 * Old names, for this release only: the secrets KLARNA_USERNAME and KLARNA_PASSWORD are still read when
 * KUSTOM_USERNAME and KUSTOM_PASSWORD are not set, with a warning in the log, since secrets outlive a
 * deploy and a missing one would stop every page at the configuration check. KLARNA_API_URL is not read:
 * it named a Klarna host, which no longer answers, and quietly using another environment instead would
 * hide that. With a method routed to Kustom it is a configuration error that says what to set.
 */
import * as v from 'valibot';

/** Kustom's test environment: the default, as `wrangler.toml` has it. */
export const KUSTOM_PLAYGROUND_URL = 'https://api.playground.kustom.co';

function isKlarnaHost(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'klarna.com' || host.endsWith('.klarna.com');
  } catch {
    return false;
  }
}

/** The variables of Kustom (and their old names), as `Env` entries of the configuration's schema. */
export const KUSTOM_ENV = {
  KUSTOM_API_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('KUSTOM_API_URL must be an absolute URL'),
      v.check(
        (url) => !isKlarnaHost(url),
        'KUSTOM_API_URL names a klarna.com host, which stopped answering on 31 March 2026: use https://api.kustom.co (test environment: https://api.playground.kustom.co)',
      ),
    ),
    KUSTOM_PLAYGROUND_URL,
  ),
  KUSTOM_USERNAME: v.optional(v.string(), ''),
  KUSTOM_PASSWORD: v.optional(v.string(), ''),
  KLARNA_API_URL: v.optional(v.string(), ''),
  KLARNA_USERNAME: v.optional(v.string(), ''),
  KLARNA_PASSWORD: v.optional(v.string(), ''),
};

type KustomEnv = { [K in keyof typeof KUSTOM_ENV]: v.InferOutput<(typeof KUSTOM_ENV)[K]> };

export interface KustomConfig {
  /** The API's origin; the adapter adds `/checkout/v3/orders` and `/ordermanagement/v1/…`. */
  apiUrl: string;
  username: string;
  password: string;
}

/** Said when a method is routed to Kustom and the old URL variable is still set. */
export const KLARNA_API_URL_REMOVED =
  'KLARNA_API_URL is no longer read: Klarna Checkout is now Kustom Checkout and *.klarna.com stopped answering on 31 March 2026. Remove it and set KUSTOM_API_URL (https://api.kustom.co; test environment https://api.playground.kustom.co)';

const OLD_SECRETS_WARNING =
  'KLARNA_USERNAME and KLARNA_PASSWORD are read as KUSTOM_USERNAME and KUSTOM_PASSWORD for this release only: `wrangler secret put KUSTOM_USERNAME` and `KUSTOM_PASSWORD` (Kustom credentials from portal.kustom.co), then `wrangler secret delete` the old ones';

/** Kustom's endpoint and credentials, and what the configuration should rename (logged once). */
export function kustomConfig(env: KustomEnv): { kustom: KustomConfig; warnings: string[] } {
  const apiUrl = env.KUSTOM_API_URL;
  if (env.KUSTOM_USERNAME && env.KUSTOM_PASSWORD)
    return { kustom: { apiUrl, username: env.KUSTOM_USERNAME, password: env.KUSTOM_PASSWORD }, warnings: [] };
  if (env.KLARNA_USERNAME && env.KLARNA_PASSWORD)
    return {
      kustom: { apiUrl, username: env.KLARNA_USERNAME, password: env.KLARNA_PASSWORD },
      warnings: [OLD_SECRETS_WARNING],
    };
  return { kustom: { apiUrl, username: '', password: '' }, warnings: [] };
}
