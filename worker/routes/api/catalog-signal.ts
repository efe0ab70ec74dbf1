/**
 * "The catalog changed", from the merchant's system (issue 26): a storefront in front of a remote commerce
 * API caches its answers in KV and keeps whole pages (docs/decisions/015), and only the merchant knows
 * when a product was renamed, repriced or restocked over there. They say so here:
 *
 *   POST /api/catalog/changed
 *   X-Catalog-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under CATALOG_SIGNAL_SECRET>
 *   {}                          the whole catalog
 *   { "products": [717, 42] }   these products (the API's product ids)
 *
 * Every cached answer of the API becomes unreachable at once (the catalog version in every key, for the
 * built-in API as for a remote one), and so does every kept page (their keys carry it too); the products
 * named also move on in the kept pages' product versions. Answers 200 `{ catalogVersion, products }`.
 *
 * The signature is checked in constant time (WebCrypto's HMAC verify) over the exact body, and its time
 * must be within five minutes: a recorded call replayed later changes nothing. 401 for a missing, wrong or
 * old signature, 400 for a body that is not the above, 404 when CATALOG_SIGNAL_SECRET is not configured.
 * Like a webhook from a payment provider, it is the same message in every language: `{ error }`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { bumpCatalogVersion } from '../../graphql/catalog-version';
import { announceProductChanges } from '../../commerce/catalog/product-changes';

/** How far a signature's time may be from ours, either way. */
export const SIGNAL_TOLERANCE_S = 300;
/** A signal names at most this many products; more is "the whole catalog". */
const MAX_PRODUCTS = 1000;

const SignalBody = v.strictObject({
  products: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.maxLength(MAX_PRODUCTS))),
});

const SIGNATURE = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Whether `header` signs `body` under `secret` at a time within SIGNAL_TOLERANCE_S of `nowS`. */
export async function validSignal(secret: string, header: string, body: string, nowS: number): Promise<boolean> {
  const match = SIGNATURE.exec(header);
  if (!match) return false;
  const [, time, signature] = match;
  if (Math.abs(nowS - Number(time)) > SIGNAL_TOLERANCE_S) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify('HMAC', key, hexBytes(signature!), encoder.encode(`${time}.${body}`));
}

export function catalogSignalRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post('/', async function catalogChanged(c) {
    const secret = c.get('config').catalogSignalSecret;
    if (!secret) {
      console.warn('POST /api/catalog/changed: CATALOG_SIGNAL_SECRET is not configured, so nobody may call it');
      return c.json({ error: 'not found' }, 404);
    }
    const body = await c.req.text();
    const signed = await validSignal(
      secret,
      c.req.header('X-Catalog-Signature') ?? '',
      body,
      Math.floor(Date.now() / 1000),
    );
    if (!signed) return c.json({ error: 'the signature is missing, wrong or too old' }, 401);
    let parsed: v.SafeParseResult<typeof SignalBody>;
    try {
      parsed = v.safeParse(SignalBody, body.trim() === '' ? {} : JSON.parse(body));
    } catch {
      return c.json({ error: 'the body is not JSON' }, 400);
    }
    if (!parsed.success) return c.json({ error: 'the body must be {} or { "products": [product ids] }' }, 400);
    const products = parsed.output.products ?? [];
    if (products.length > 0) await c.env.DB.batch([announceProductChanges(c.env.DB, products)]);
    const catalogVersion = await bumpCatalogVersion(c.env.DB);
    return c.json({ catalogVersion, products });
  });
  return routes;
}
