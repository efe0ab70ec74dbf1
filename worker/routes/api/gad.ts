/**
 * The shop's price-validation endpoints (spec §7, issue 4), same origin only:
 *
 * - `POST /api/gad-prices` with `{ product: { productId, skus } }` verifies the `ralph-gad` cookie's token
 *   (price-validation.ts) for that product in the visitor's market and answers
 *   `{ success: true, jwtToken, prices: [{ skuId, productId, price }] }`, one price per sku of the product.
 *   The shop then sends the token as `x-prices` with its GraphQL calls.
 * - `DELETE /api/gad-clear` forgets the token and answers `{ success: true }`.
 *
 * Without a token, or with any bad one, the answer is `{ success: false }`: status 400 for a malformed
 * token or body (logged), 403 for another origin, else 200. Never a 500.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { isWellFormedJwt, offerNamesProduct, verifyPriceToken } from '../../commerce/pricing/price-validation';
import { GAD_COOKIE } from '../../session/cookies';
import { graphql } from '../../../core/graphql/tada';
import { requestClientOf } from '../../session/request-client';

const NO_STORE = { 'Cache-Control': 'no-store' };

const SkuRef = v.union([
  v.pipe(v.number(), v.integer()),
  v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)),
  v.pipe(
    v.looseObject({ skuId: v.union([v.number(), v.string()]) }),
    v.transform((sku) => Number(sku.skuId)),
  ),
]);

const PricesRequest = v.object({
  product: v.object({
    productId: v.union([
      v.pipe(v.number(), v.integer(), v.minValue(1)),
      v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/), v.transform(Number)),
    ]),
    skus: v.optional(v.pipe(v.array(SkuRef), v.maxLength(500)), []),
  }),
});

/** One sku's validated price, as the shop's client reads it. */
export interface GadPrice {
  skuId: number;
  productId: number;
  /** The token's price, including VAT, in major units of the market's currency. */
  price: number;
}

/**
 * Whether the request comes from one of our own pages: `Origin`, when sent, is ours, and
 * `Sec-Fetch-Site`, when sent, says same-origin. Browsers send both with a fetch POST or DELETE.
 */
function isSameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('Origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin) return false;
  const site = c.req.header('Sec-Fetch-Site');
  return site === undefined || site === 'same-origin';
}

const refused = (c: Context<AppEnv>, status: 200 | 400 | 403) => c.json({ success: false }, status, NO_STORE);

const PRODUCT_SKUS = graphql(/* GraphQL */ `
  query gadProduct($productId: Int, $channelId: String, $languageId: String, $marketId: String) {
    product(productId: $productId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      productId
      articleNumber
      skus {
        skuId
      }
    }
  }
`);

interface ProductSkus {
  articleNumber: string;
  skuIds: number[];
}

/**
 * The product's article number and sku ids as the API answers them in the visitor's market (issue 26: the
 * configured API, built-in or remote), or null when it does not sell the product there.
 */
async function productInMarket(c: Context<AppEnv>, productId: number): Promise<ProductSkus | null> {
  // The API routes answer before the pages' client is built (worker/app.ts): this one builds its own.
  const data = await (await requestClientOf(c)).query(PRODUCT_SKUS, { productId, marketId: c.get('market').id });
  const product = data.product;
  if (!product || product.productId !== productId || !product.articleNumber) return null;
  const skuIds = (product.skus ?? []).flatMap((sku) => (sku?.skuId ? [sku.skuId] : []));
  return skuIds.length > 0 ? { articleNumber: product.articleNumber, skuIds: skuIds.sort((a, b) => a - b) } : null;
}

async function gadPrices(c: Context<AppEnv>): Promise<Response> {
  if (!isSameOrigin(c)) return refused(c, 403);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return refused(c, 400);
  }
  const request = v.safeParse(PricesRequest, body);
  if (!request.success) return refused(c, 400);
  const token = getCookie(c, GAD_COOKIE);
  if (token === undefined) return refused(c, 200);
  if (!isWellFormedJwt(token)) return refused(c, 400);

  const { productId, skus } = request.output.product;
  const validated = await verifyPriceToken(token, { ...c.get('config').gad, now: new Date() });
  if (!validated || validated.currency !== c.get('market').currency.code) return refused(c, 200);
  const product = await productInMarket(c, productId);
  if (!product || !offerNamesProduct(validated.offerId, { productId, articleNumber: product.articleNumber })) {
    return refused(c, 200);
  }
  const asked = new Set(skus);
  const prices: GadPrice[] = product.skuIds
    .filter((skuId) => skuId > 0 && (asked.size === 0 || asked.has(skuId)))
    .map((skuId) => ({ skuId, productId, price: validated.price }));
  if (prices.length === 0) return refused(c, 200);
  return c.json({ success: true, jwtToken: token, prices }, 200, NO_STORE);
}

export function gadRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post('/gad-prices', async function gadPricesEndpoint(c) {
    try {
      return await gadPrices(c);
    } catch (error) {
      console.error('gad-prices failed', error);
      return refused(c, 200);
    }
  });
  routes.delete('/gad-clear', function gadClear(c) {
    if (!isSameOrigin(c)) return refused(c, 403);
    deleteCookie(c, GAD_COOKIE, {
      path: '/',
      httpOnly: true,
      secure: new URL(c.req.url).protocol === 'https:',
      sameSite: 'Lax',
    });
    return c.json({ success: true }, 200, NO_STORE);
  });
  return routes;
}
