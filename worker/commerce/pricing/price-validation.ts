/**
 * Google automated discounts (spec §5, §7; docs/decisions/003-price-validation.md): a Shopping ad lands
 * with `?pv2=<jwt>`, a token Google signs with ES256 that names a discounted price for one offer:
 *
 *   header  { "alg": "ES256", "typ": "JWT" }            (anything else: refused)
 *   payload { "exp": 1571673600, "m": "140301646", "o": "<offer id>", "c": "SEK", "p": 21.99, "pp": 25.00 }
 *
 * `m` is our Merchant Center id, `o` the offer id of our product feed (the product id, or its article
 * number), `c` the currency and `p` the price including VAT in major units (`pp`, the prior price, is not
 * used). This module checks a token's structure, verifies it with jose against the configured public keys,
 * and decides whether a validated price applies to a product in a market. No HTTP in here.
 */
import { decodeProtectedHeader, importJWK, jwtVerify, type CryptoKey } from 'jose';
import * as v from 'valibot';
import type { GadPublicJwk } from '../../config';

/** Longest token looked at; Google's are a few hundred characters. */
const MAX_TOKEN_LENGTH = 4096;
const PART = /^[A-Za-z0-9_-]+$/;

export type StructureProblem = 'format' | 'structure' | 'encoding';

/** The log line of each structure problem (spec §5, exact texts). */
export const STRUCTURE_MESSAGES: Readonly<Record<StructureProblem, string>> = {
  format: 'Invalid JWT token format attempted',
  structure: 'Invalid JWT token structure',
  encoding: 'Invalid JWT token encoding',
};

function decodesToJsonObject(part: string): boolean {
  try {
    const padded = part.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (part.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function decodesAsBase64Url(part: string): boolean {
  if (part.length % 4 === 1) return false;
  try {
    atob(part.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (part.length % 4)) % 4));
    return true;
  } catch {
    return false;
  }
}

/**
 * What is wrong with the shape of `token`, or null when it is a well-formed JWT: a string of at most 4 KB
 * (`format`), of exactly three non-empty dot-separated parts of letters, digits, `_` and `-`
 * (`structure`), each base64url-decodable with a JSON object as header and payload (`encoding`).
 */
export function tokenStructureProblem(token: unknown): StructureProblem | null {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return 'format';
  if (!/^[A-Za-z0-9_.-]+$/.test(token)) return 'format';
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => PART.test(part))) return 'structure';
  const [header, payload, signature] = parts as [string, string, string];
  if (!decodesToJsonObject(header) || !decodesToJsonObject(payload) || !decodesAsBase64Url(signature))
    return 'encoding';
  return null;
}

/** Whether `token` is a well-formed JWT; when not, logs why with the spec's message (console.warn). */
export function isWellFormedJwt(token: unknown): token is string {
  const problem = tokenStructureProblem(token);
  if (problem) console.warn(STRUCTURE_MESSAGES[problem]);
  return problem === null;
}

/** A price Google vouches for, from a verified token. */
export interface ValidatedPrice {
  /** The token's `o`: our product id or article number. */
  offerId: string;
  /** ISO 4217, the token's `c`. */
  currency: string;
  /** The token's `p` in minor units, including VAT. */
  priceIncVat: number;
  /** The token's `p` as sent (major units), for the /api/gad-prices answer. */
  price: number;
  /** The token's `exp`. */
  expiresAt: Date;
}

/** A validated price as the API honours it: for one offer and currency, until `expiresAt`. */
export interface PriceOverride {
  offerId: string;
  currency: string;
  priceIncVat: number;
  expiresAt: Date;
}

/** How long after the token's `exp` a price validated before it is still honoured (Google's minimums). */
export const PRODUCT_PAGE_GRACE_MS = 30 * 60 * 1000;
export const CART_GRACE_MS = 48 * 60 * 60 * 1000;

const Claims = v.object({
  exp: v.pipe(v.number(), v.integer()),
  m: v.union([v.string(), v.pipe(v.number(), v.integer())]),
  o: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  c: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  p: v.pipe(v.number(), v.finite(), v.minValue(0.01), v.maxValue(10_000_000)),
});

const importedKeys = new WeakMap<GadPublicJwk, Promise<CryptoKey | undefined>>();

/** The configured key as a CryptoKey (imported once per isolate), or undefined when it does not import. */
function publicKeyOf(jwk: GadPublicJwk): Promise<CryptoKey | undefined> {
  let key = importedKeys.get(jwk);
  if (!key) {
    key = importJWK({ ...jwk, alg: 'ES256' }, 'ES256').then(
      (imported) => imported as CryptoKey,
      (error) => {
        console.error('GAD_PUBLIC_KEYS holds a key that does not import', jwk.kid, error);
        return undefined;
      },
    );
    importedKeys.set(jwk, key);
  }
  return key;
}

export interface VerifyOptions {
  publicKeys: readonly GadPublicJwk[];
  merchantId: string;
  now: Date;
  /** How long after `exp` the token still verifies: 0 when a token is first accepted. */
  graceMs?: number;
}

/**
 * The price a well-formed `token` vouches for, or undefined: the signature must verify with one of the
 * configured keys (ES256 only; the header holds exactly `alg` and `typ: JWT`, plus a `kid` naming a
 * configured key), `exp` must not have passed (by more than `graceMs`), and `m` must be our merchant id.
 */
export async function verifyPriceToken(token: string, options: VerifyOptions): Promise<ValidatedPrice | undefined> {
  if (!options.merchantId || options.publicKeys.length === 0) return undefined;
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return undefined;
  }
  const extraFields = Object.keys(header).filter((name) => !['alg', 'typ', 'kid'].includes(name));
  if (header.alg !== 'ES256' || header.typ !== 'JWT' || extraFields.length > 0) return undefined;
  const candidates = options.publicKeys.filter((jwk) => header.kid === undefined || jwk.kid === header.kid);
  for (const jwk of candidates) {
    const key = await publicKeyOf(jwk);
    if (!key) continue;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['ES256'],
        typ: 'JWT',
        requiredClaims: ['exp'],
        currentDate: options.now,
        clockTolerance: Math.floor((options.graceMs ?? 0) / 1000),
      });
      const claims = v.safeParse(Claims, payload);
      if (!claims.success || String(claims.output.m) !== options.merchantId) return undefined;
      const { o, c, p, exp } = claims.output;
      return { offerId: o, currency: c, priceIncVat: Math.round(p * 100), price: p, expiresAt: new Date(exp * 1000) };
    } catch {
      // Not this key's signature (or expired): try the next key.
    }
  }
  return undefined;
}

/** Where a validated price is shown: the product page honours it 30 minutes past `exp`, the cart 48 hours. */
export type OverrideUse = 'productPage' | 'cart';

/**
 * The override of `validated` in a market of `currency` for one use, with the time it is honoured
 * until; undefined when there is none or the token's currency is not the market's.
 */
export function overrideInMarket(
  validated: ValidatedPrice | undefined,
  currency: string,
  use: OverrideUse,
): PriceOverride | undefined {
  if (!validated || validated.currency !== currency) return undefined;
  const grace = use === 'cart' ? CART_GRACE_MS : PRODUCT_PAGE_GRACE_MS;
  return {
    offerId: validated.offerId,
    currency: validated.currency,
    priceIncVat: validated.priceIncVat,
    expiresAt: new Date(validated.expiresAt.getTime() + grace),
  };
}

/** Whether a token's offer id names the product: its id, or its article number. */
export function offerNamesProduct(offerId: string, product: { productId: number; articleNumber: string }): boolean {
  return offerId === String(product.productId) || offerId === product.articleNumber;
}

/**
 * The unit price including VAT that `override` (already narrowed to the market by `overrideInMarket`)
 * sets for the product, or undefined when it does not apply: another product, expired, or not below
 * `sellingIncVat` (a validated price never raises a price).
 */
export function overriddenPriceIncVat(
  override: PriceOverride | undefined,
  product: { productId: number; articleNumber: string },
  sellingIncVat: number,
  now: Date,
): number | undefined {
  if (!override || now.getTime() >= override.expiresAt.getTime()) return undefined;
  if (!offerNamesProduct(override.offerId, product)) return undefined;
  return override.priceIncVat < sellingIncVat ? override.priceIncVat : undefined;
}

/**
 * The price a token sent with API calls (`x-prices`, or the `ralph-gad` cookie for the storefront's own
 * calls) vouches for: structure check (logged), then verification allowing the cart's 48 hours past
 * `exp`; `overrideInMarket` narrows that to the product page's 30 minutes. Undefined without a good token.
 */
export async function readValidatedPrice(
  token: string | undefined,
  gad: { publicKeys: readonly GadPublicJwk[]; merchantId: string },
  now: Date,
): Promise<ValidatedPrice | undefined> {
  if (!token || !isWellFormedJwt(token)) return undefined;
  return verifyPriceToken(token, { ...gad, now, graceMs: CART_GRACE_MS });
}
