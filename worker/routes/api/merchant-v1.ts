/**
 * The merchant REST API for an ERP (issue 27), version 1, with keys the owner makes in the back office,
 * each limited to its scopes (worker/commerce/merchant-keys.ts): `Authorization: Bearer mk_…`.
 *
 *   PUT  /api/merchant/v1/articles/{sku}/stock        stock:write     { stock }
 *   PUT  /api/merchant/v1/products/{product}/prices   prices:write    { prices: { SEK: 11900, … } }
 *   POST /api/merchant/v1/products                    products:write  { products: [ upsert, … ] } (≤ 100)
 *   GET  /api/merchant/v1/orders?since=…&limit=…      orders:read     orders changed after `since`, oldest first
 *   POST /api/merchant/v1/orders/{number}/status      orders:write    { status, trackingLink? }
 *   GET  /api/merchant/v1/openapi.json                the OpenAPI 3.1 document, from the same schemas
 *
 * Every write is the back office's own (stock, prices, the import's upsert, the order move with its mail)
 * and is in the audit log under the key's name. Errors are `{ error: { code, message } }` in the request's
 * language (Accept-Language through the locale middleware's cookie and path; Swedish by default).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../app-env';
import type { MessageKey } from '../../../locales';
import { merchantKeyOf, type MerchantScope } from '../../commerce/merchant-keys';
import { setProductPrices, setProductStock } from '../../commerce/catalog/product-admin';
import { applyImportRows, checkImport } from '../../commerce/catalog/import';
import { transitionOrderStatus, type OrderStatus } from '../../commerce/orders/orders';
import { bumpCatalogVersion } from '../../graphql/catalog-version';
import { orderMailSetupOf } from '../../mail/order-events';
import { merchantOpenApi } from './merchant-v1-openapi';
import { PricesBody, ProductsBody, StatusBody, StockBody } from './merchant-v1-schemas';

type Env = AppEnv & {
  Variables: AppEnv['Variables'] & { merchantKey: { id: number; name: string; scopes: MerchantScope[] } };
};

function fail(
  c: Context<Env>,
  status: ContentfulStatusCode,
  code: string,
  key: MessageKey,
  params?: Record<string, string>,
) {
  return c.json({ error: { code, message: c.get('t')(key, params) } }, status);
}

/** The body as `schema` reads it, or the first problem's words. */
async function bodyOf<S extends v.GenericSchema>(c: Context<Env>, schema: S) {
  const parsed = v.safeParse(schema, await c.req.json().catch(() => undefined));
  if (parsed.success) return { ok: true as const, value: parsed.output as v.InferOutput<S> };
  const issue = parsed.issues[0];
  return { ok: false as const, problem: `${v.getDotPath(issue) ?? 'body'}: ${issue.message}` };
}

/** The audit row of a key's write (the log names the key, as it names a staff member). */
function keyAudit(c: Context<Env>, action: string, subject: string, after: unknown, now: Date) {
  return c.env.DB.prepare(
    'INSERT INTO staff_audit (at, staff_email, action, subject, before_json, after_json) VALUES (?, ?, ?, ?, NULL, ?)',
  ).bind(now.toISOString(), `api-key:${c.get('merchantKey').name}`, action, subject, JSON.stringify(after));
}

export function merchantApiRoutes() {
  const routes = new Hono<Env>();
  routes.get('/openapi.json', (c) => c.json(merchantOpenApi(new URL(c.req.url).origin)));

  routes.use('*', async function merchantKey(c, next) {
    c.header('Cache-Control', 'no-store');
    const given = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const key = await merchantKeyOf(c.env.DB, given, new Date());
    if (!key) return fail(c, 401, 'UNAUTHENTICATED', 'api.merchant.unauthorized');
    c.set('merchantKey', key);
    await next();
  });
  const scoped = (scope: MerchantScope) =>
    async function scopeCheck(c: Context<Env>, next: () => Promise<void>) {
      if (!c.get('merchantKey').scopes.includes(scope))
        return fail(c, 403, 'FORBIDDEN', 'api.merchant.forbiddenScope', { scope });
      await next();
    };

  routes.put('/articles/:sku/stock', scoped('stock:write'), async function setStock(c) {
    const body = await bodyOf(c, StockBody);
    if (!body.ok) return fail(c, 400, 'BAD_REQUEST', 'api.merchant.invalidBody', { problem: body.problem });
    const sku = c.req.param('sku')!;
    const row = await c.env.DB.prepare('SELECT id, product_id FROM skus WHERE article_number = ?')
      .bind(sku)
      .first<{ id: number; product_id: number }>();
    if (!row) return fail(c, 404, 'NOT_FOUND', 'api.merchant.articleNotFound', { article: sku });
    const now = new Date();
    await setProductStock(c.env.DB, row.product_id, new Map([[row.id, { units: body.value.stock }]]), [
      keyAudit(c, 'product.stock', `product:${row.product_id}`, { [sku]: body.value.stock }, now),
    ]);
    return c.json({ sku, stock: body.value.stock });
  });

  routes.put('/products/:product/prices', scoped('prices:write'), async function setPrices(c) {
    const body = await bodyOf(c, PricesBody);
    if (!body.ok) return fail(c, 400, 'BAD_REQUEST', 'api.merchant.invalidBody', { problem: body.problem });
    const product = c.req.param('product')!;
    const { results } = await c.env.DB.prepare(
      `SELECT p.id, pr.market_id, m.currency_code FROM products p JOIN prices pr ON pr.product_id = p.id
       JOIN markets m ON m.id = pr.market_id WHERE p.article_number = ?`,
    )
      .bind(product)
      .all<{ id: number; market_id: string; currency_code: string }>();
    if (results.length === 0) return fail(c, 404, 'NOT_FOUND', 'api.merchant.productNotFound', { product });
    const prices = new Map<string, number>();
    for (const row of results) {
      const amount = body.value.prices[row.currency_code as keyof typeof body.value.prices];
      if (amount !== undefined) prices.set(row.market_id, amount);
    }
    const now = new Date();
    await setProductPrices(c.env.DB, results[0]!.id, prices, now, [
      keyAudit(c, 'product.prices', `product:${results[0]!.id}`, Object.fromEntries(prices), now),
    ]);
    return c.json({ product, prices: Object.fromEntries(prices) });
  });

  routes.post('/products', scoped('products:write'), async function upsertProducts(c) {
    const body = await bodyOf(c, ProductsBody);
    if (!body.ok) return fail(c, 400, 'BAD_REQUEST', 'api.merchant.invalidBody', { problem: body.problem });
    const records = body.value.products.map((product, index) => ({
      line: index + 1,
      fields: Object.fromEntries(
        Object.entries(product).map(([name, value]) => [
          name,
          typeof value === 'boolean'
            ? value
              ? 'yes'
              : 'no'
            : name.startsWith('price_')
              ? (Number(value) / 100).toFixed(2)
              : value,
        ]),
      ),
    }));
    const check = await checkImport(c.env.DB, records);
    if (check.problems.length > 0)
      return c.json(
        {
          error: { code: 'BAD_REQUEST', message: c.get('t')('api.merchant.invalidBody', { problem: 'products' }) },
          problems: check.problems,
        },
        400,
      );
    const now = new Date();
    await applyImportRows(c.env.DB, check.rows, now, [keyAudit(c, 'import.api', 'products', check.summary, now)]);
    await bumpCatalogVersion(c.env.DB);
    return c.json({ applied: check.rows.length, ...check.summary });
  });

  routes.get('/orders', scoped('orders:read'), async function exportOrders(c) {
    const since = c.req.query('since') ?? '1970-01-01T00:00:00.000Z';
    const time = Date.parse(since);
    if (Number.isNaN(time)) return fail(c, 400, 'BAD_REQUEST', 'api.merchant.invalidSince');
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 100) || 100, 1), 500);
    const { results } = await c.env.DB.prepare(
      `SELECT o.*, (SELECT json_group_array(json_object('position', position, 'articleNumber', article_number, 'name', name,
                    'quantity', quantity, 'totalIncVat', total_inc_vat, 'vatRateBp', vat_rate_bp))
                    FROM (SELECT * FROM order_rows WHERE order_id = o.id ORDER BY position)) AS lines
       FROM orders o WHERE o.updated_at > ? ORDER BY o.updated_at, o.id LIMIT ?`,
    )
      .bind(new Date(time).toISOString(), limit)
      .all<Record<string, any>>();
    const address = (json: string) => {
      const a = JSON.parse(json);
      return {
        firstName: a.firstName ?? '',
        lastName: a.lastName ?? '',
        company: a.company ?? '',
        addressLine1: a.addressLine1 ?? '',
        zip: a.zip ?? '',
        city: a.city ?? '',
        country: a.country ?? '',
      };
    };
    const orders = results.map((row) => ({
      orderNumber: row.order_number,
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      marketId: row.market_id,
      currency: row.currency_code,
      email: row.email,
      customerType: row.customer_type,
      paymentMethod: row.payment_method,
      shippingMethod: row.shipping_method,
      trackingLink: row.tracking_link ?? null,
      held: row.held_at !== null && row.status !== 'CANCELLED',
      totalIncVat: row.total_inc_vat,
      vat: row.vat,
      shippingFeeIncVat: row.shipping_fee_inc_vat,
      billingAddress: address(row.billing_address),
      shippingAddress: address(row.shipping_address),
      lines: JSON.parse(row.lines ?? '[]'),
    }));
    return c.json({ orders, next: orders.length === limit ? orders[orders.length - 1]!.updatedAt : null });
  });

  routes.post('/orders/:number/status', scoped('orders:write'), async function moveOrder(c) {
    const body = await bodyOf(c, StatusBody);
    if (!body.ok) return fail(c, 400, 'BAD_REQUEST', 'api.merchant.invalidBody', { problem: body.problem });
    const number = c.req.param('number')!;
    const order = /^\d{1,12}$/.test(number)
      ? await c.env.DB.prepare('SELECT id, status, held_at FROM orders WHERE order_number = ?')
          .bind(number)
          .first<{ id: number; status: OrderStatus; held_at: string | null }>()
      : null;
    if (!order) return fail(c, 404, 'NOT_FOUND', 'api.checkout.orderNotFound');
    const { status, trackingLink } = body.value;
    if (order.held_at !== null && status !== 'CANCELLED')
      return fail(c, 409, 'CONFLICT', 'api.merchant.held', { order: number });
    const now = new Date();
    const result = await transitionOrderStatus(c.env.DB, order.id, status, now, {
      alongside: [
        ...(trackingLink
          ? [c.env.DB.prepare('UPDATE orders SET tracking_link = ? WHERE id = ?').bind(trackingLink, order.id)]
          : []),
        keyAudit(c, 'order.status', `order:${number}`, { status, trackingLink: trackingLink ?? null }, now),
      ],
      mail: (await orderMailSetupOf(c as unknown as Context<AppEnv>, now)) ?? undefined,
    });
    if (result !== 'CHANGED')
      return fail(c, 409, 'CONFLICT', 'api.merchant.notAllowed', { from: order.status, to: status });
    return c.json({ orderNumber: number, status, trackingLink: trackingLink ?? null });
  });

  return routes;
}
