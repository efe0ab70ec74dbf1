/**
 * The merchant's own system moves orders on (issue 14; spec §4's statuses Behandlas, Slutförd, Avbruten,
 * docs/decisions/002-order-status.md), and each move is mailed to the shopper through the outbox:
 *
 *   POST /api/merchant/orders/{orderNumber}/status
 *   X-ApiKey: MERCHANT_API_KEY
 *   { "status": "PROCESSING" | "COMPLETED" | "CANCELLED", "trackingLink"?: "https://…" }
 *
 * Answers 200 `{ orderNumber, status, trackingLink }`; 401 without the key (no key configured: nobody),
 * 400 for a body that is not that, 404 for an unknown order, 409 for a move the statuses do not allow
 * (a repeated move too). Errors are `{ error: { code, message } }` in the request's language. The tracking
 * link is kept in the move's own batch: it is set exactly when the move is made. A cancellation returns
 * stock, gift cards, balance and the code's use (transitionOrderStatus).
 *
 * It also sets an article's stock count and its product's regular prices (incl. VAT, minor units, per
 * market id), at once on every kept page that shows the product (docs/decisions/015):
 *
 *   POST /api/merchant/articles/{articleNumber}
 *   X-ApiKey: MERCHANT_API_KEY
 *   { "stock"?: 12, "prices"?: { "1|se": 11900 } }
 *
 * Answers 200 `{ articleNumber, changed: true }`; 401, 400 (also for a market the product has no price
 * in), 404 for an unknown article.
 *
 * Held credit orders (issue 24, docs/decisions/019-invoice-limits.md): a guest's large order on the shop's
 * own invoice or instalments waits for the merchant, who lists and releases them (or cancels one with the
 * status call). A held order cannot move to PROCESSING or COMPLETED before it is released.
 *
 *   GET  /api/merchant/orders/held            -> { orders: [{ orderNumber, status, heldAt, createdAt, email,
 *                                                 totalIncVat, currency, paymentMethod, marketId }] }
 *   POST /api/merchant/orders/{orderNumber}/release -> { orderNumber, releasedAt }; 404; 409 when not held
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../app-env';
import type { MessageKey } from '../../../locales';
import { isMerchantKey } from '../../commerce/crypto';
import { transitionOrderStatus } from '../../commerce/orders/orders';
import { changeArticle } from '../../commerce/catalog/article-changes';
import { orderMailSetupOf } from '../../mail/order-events';

const StatusChange = v.strictObject({
  status: v.picklist(['PROCESSING', 'COMPLETED', 'CANCELLED']),
  trackingLink: v.optional(v.pipe(v.string(), v.maxLength(500), v.url(), v.startsWith('https://'))),
});

const Units = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000));
const ArticleChange = v.pipe(
  v.strictObject({
    stock: v.optional(Units),
    prices: v.optional(v.pipe(v.record(v.pipe(v.string(), v.maxLength(40)), Units), v.maxEntries(50))),
  }),
  v.check((change) => change.stock !== undefined || Object.keys(change.prices ?? {}).length > 0),
);

/** The merchant API's error answer: `{ error: { code, message } }`, the message in the request's language. */
function merchantError(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  code: string,
  key: MessageKey,
  params?: Record<string, string>,
) {
  return c.json({ error: { code, message: c.get('t')(key, params) } }, status);
}

/** The request's JSON body as `schema` reads it, or undefined when it is not JSON or not that. */
async function bodyAs<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S> | undefined> {
  const parsed = v.safeParse(schema, await c.req.json().catch(() => null));
  return parsed.success ? parsed.output : undefined;
}

/** The order a merchant call names by its number, or null (also for a malformed number). */
async function orderByNumber(c: Context<AppEnv>, number: string) {
  return /^\d{1,12}$/.test(number)
    ? c.env.DB.prepare('SELECT id, status, held_at FROM orders WHERE order_number = ?')
        .bind(number)
        .first<{ id: number; status: string; held_at: string | null }>()
    : null;
}

export function merchantRoutes() {
  const routes = new Hono<AppEnv>();

  // Every merchant call: never kept by a cache, and only with the merchant's key (none configured: nobody).
  routes.use('/merchant/*', async function merchantOnly(c, next) {
    // Version 1 (./merchant-v1.ts) has keys of its own, with scopes.
    if (c.req.path.startsWith('/api/merchant/v1/')) return next();
    c.header('Cache-Control', 'no-store');
    if (!(await isMerchantKey(c.req.header('X-ApiKey'), c.get('config').merchantApiKey)))
      return merchantError(c, 401, 'UNAUTHENTICATED', 'api.merchant.unauthorized');
    await next();
  });

  routes.post('/merchant/articles/:article', async function changeArticleFigures(c) {
    const change = await bodyAs(c, ArticleChange);
    if (!change) return merchantError(c, 400, 'BAD_REQUEST', 'api.merchant.invalidArticle');
    const article = c.req.param('article');
    const result = await changeArticle(c.env.DB, article, change);
    if (result === 'NOT_FOUND') return merchantError(c, 404, 'NOT_FOUND', 'api.merchant.articleNotFound', { article });
    if (typeof result === 'object')
      return merchantError(c, 400, 'BAD_REQUEST', 'api.merchant.unknownMarket', { market: result.unknownMarket });
    return c.json({ articleNumber: article, changed: true });
  });

  routes.get('/merchant/orders/held', async function heldOrders(c) {
    const { results } = await c.env.DB.prepare(
      `SELECT order_number, status, held_at, created_at, email, total_inc_vat, currency_code, payment_method, market_id
       FROM orders WHERE held_at IS NOT NULL AND status <> 'CANCELLED' ORDER BY held_at LIMIT 500`,
    ).all<{
      order_number: string;
      status: string;
      held_at: string;
      created_at: string;
      email: string;
      total_inc_vat: number;
      currency_code: string;
      payment_method: string;
      market_id: string;
    }>();
    return c.json({
      orders: results.map((row) => ({
        orderNumber: row.order_number,
        status: row.status,
        heldAt: row.held_at,
        createdAt: row.created_at,
        email: row.email,
        totalIncVat: row.total_inc_vat,
        currency: row.currency_code,
        paymentMethod: row.payment_method,
        marketId: row.market_id,
      })),
    });
  });

  routes.post('/merchant/orders/:number/release', async function releaseOrder(c) {
    const number = c.req.param('number');
    const order = await orderByNumber(c, number);
    if (!order) return merchantError(c, 404, 'NOT_FOUND', 'api.checkout.orderNotFound');
    const releasedAt = new Date().toISOString();
    const released = await c.env.DB.prepare(
      "UPDATE orders SET held_at = NULL, released_at = ? WHERE id = ? AND held_at IS NOT NULL AND status <> 'CANCELLED'",
    )
      .bind(releasedAt, order.id)
      .run();
    if (released.meta.changes !== 1)
      return merchantError(c, 409, 'CONFLICT', 'api.merchant.notHeld', { order: number });
    return c.json({ orderNumber: number, releasedAt });
  });

  routes.post('/merchant/orders/:number/status', async function changeOrderStatus(c) {
    const change = await bodyAs(c, StatusChange);
    if (!change) return merchantError(c, 400, 'BAD_REQUEST', 'api.merchant.invalidStatus');
    const number = c.req.param('number');
    const order = await orderByNumber(c, number);
    if (!order) return merchantError(c, 404, 'NOT_FOUND', 'api.checkout.orderNotFound');
    const now = new Date();
    const { status, trackingLink } = change;
    // A held order is released (or cancelled) first: it is not sent before the merchant has looked.
    if (order.held_at !== null && status !== 'CANCELLED')
      return merchantError(c, 409, 'CONFLICT', 'api.merchant.held', { order: number });
    const result = await transitionOrderStatus(c.env.DB, order.id, status, now, {
      alongside: trackingLink
        ? [c.env.DB.prepare('UPDATE orders SET tracking_link = ? WHERE id = ?').bind(trackingLink, order.id)]
        : [],
      mail: (await orderMailSetupOf(c, now)) ?? undefined,
    });
    if (result !== 'CHANGED')
      return merchantError(c, 409, 'CONFLICT', 'api.merchant.notAllowed', { from: order.status, to: status });
    return c.json({ orderNumber: number, status, trackingLink: trackingLink ?? null });
  });

  return routes;
}
