// Issue 27, the merchant REST API for an ERP: keys made by the owner in the back office, each limited to
// its scopes; stock, prices, product upsert, order export since a time and the order move, all logged
// under the key's name; an OpenAPI document generated from the same schemas. Attacks: no key, a made-up
// key, a revoked key, a key without the scope, a body that is not the operation's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { loggedInCustomer } from './cart-helpers';
import { cartWith, placeInvoiceOrderAs } from './checkout-helpers';
import { createProduct } from './factories';
import { accessShop, accessToken, admin, serveTeamCerts, textOf, OWNER } from './admin-helpers';
import { createApp } from '../../worker/app';

let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
});
afterAll(() => stop());

const app = createApp();

/** The owner makes a key with `scopes` in the back office (the form's repeated fields): the key the page shows once. */
async function makeKey(name: string, scopes: string[]): Promise<string> {
  const form = new URLSearchParams({ name });
  for (const scope of scopes) form.append('scope', scope);
  const response = await app.request(
    'http://127.0.0.1/admin/api-keys',
    {
      method: 'POST',
      headers: {
        'Cf-Access-Jwt-Assertion': await accessToken(OWNER),
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://127.0.0.1',
      },
      body: form.toString(),
    },
    accessShop,
  );
  const page = await response.text();
  const key = /mk_\d+_[0-9a-f]{48}/.exec(page)?.[0];
  if (!key) throw new Error(`no key on the page: ${textOf(page).slice(0, 300)}`);
  return key;
}

function call(path: string, key: string | null, init: { method?: string; body?: unknown } = {}) {
  return fetchWorker(`/api/merchant/v1${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'Content-Type': 'application/json',
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('the merchant REST API', () => {
  test('a stock key sets stock and nothing else; no key, a made-up or a revoked key opens nothing', async () => {
    const key = await makeKey('Lagret', ['stock:write']);
    const product = await createProduct({ stock: 3, prices: { '1|se': 10000 } });
    const sku = `T-${product.id}-1`;
    const set = await call(`/articles/${sku}/stock`, key, { method: 'PUT', body: { stock: 0 } });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ sku, stock: 0 });
    expect(textOf(await (await fetchWorker(`/p/${product.alias}`)).text())).toContain('Slut i lager');
    const prices = await call(`/products/T-${product.id}/prices`, key, {
      method: 'PUT',
      body: { prices: { SEK: 9900 } },
    });
    expect(prices.status).toBe(403);
    expect(await prices.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Nyckeln får inte prices:write.' } });
    for (const wrong of [null, 'mk_1_' + '0'.repeat(48), 'X-ApiKey-style-secret']) {
      const refused = await call(`/articles/${sku}/stock`, wrong, { method: 'PUT', body: { stock: 9 } });
      expect(refused.status).toBe(401);
    }
    const bad = await call(`/articles/${sku}/stock`, key, { method: 'PUT', body: { stock: -1 } });
    expect(bad.status).toBe(400);
    const audit = await env.DB.prepare(
      "SELECT staff_email, after_json FROM staff_audit WHERE action = 'product.stock' AND subject = ?",
    )
      .bind(`product:${product.id}`)
      .all();
    expect(audit.results).toEqual([{ staff_email: 'api-key:Lagret', after_json: `{"${sku}":0}` }]);
    const id = Number(/^mk_(\d+)_/.exec(key)![1]);
    await admin(`/admin/api-keys/${id}/revoke`, { as: OWNER, form: {} });
    expect((await call(`/articles/${sku}/stock`, key, { method: 'PUT', body: { stock: 5 } })).status).toBe(401);
    expect((await env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(product.skuId).first())!.stock).toBe(0);
  });

  test('prices per currency, and a product upsert that the shop shows', async () => {
    const key = await makeKey('Affärssystemet', ['prices:write', 'products:write']);
    const product = await createProduct({ prices: { '1|se': 13900, '1|fi': 1500 } });
    const set = await call(`/products/T-${product.id}/prices`, key, {
      method: 'PUT',
      body: { prices: { SEK: 11900, EUR: 1290 } },
    });
    expect(await set.json()).toEqual({ product: `T-${product.id}`, prices: { '1|se': 11900, '1|fi': 1290 } });
    expect(textOf(await (await fetchWorker(`/p/${product.alias}`)).text())).toContain('Pris 119 kr inkl. moms');
    const suffix = String(Date.now()).slice(-6);
    const upsert = await call('/products', key, {
      body: {
        products: [
          {
            product: `API-${suffix}`,
            sku: `API-${suffix}-1`,
            gtin: '7350000001037',
            name: `API-penna ${suffix}`,
            brand: 'Pilot',
            category: 'kulspetspennor',
            stock: 7,
            price_SEK: 4990,
            published: true,
          },
        ],
      },
    });
    expect(upsert.status).toBe(200);
    expect(await upsert.json()).toEqual({ applied: 1, products: 1, newProducts: 1, articles: 1, newArticles: 1 });
    expect(textOf(await (await fetchWorker(`/s/api-penna%20${suffix}`)).text())).toContain(`API-penna ${suffix}`);
    const refused = await call('/products', key, { body: { products: [{ product: 'X', sku: 'X-1', gtin: '123' }] } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { problems: { line: number; key: string }[] }).problems[0]).toMatchObject({
      line: 1,
      key: 'invalidGtin',
    });
  });

  test('orders since a time, and the move with its mail', async () => {
    const key = await makeKey('Ordrar', ['orders:read', 'orders:write']);
    const since = new Date(Date.now() - 1000).toISOString();
    const customer = await loggedInCustomer(`api-order-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const product = await createProduct({ prices: { '1|se': 19900 } });
    const order = await placeInvoiceOrderAs(customer.token, await cartWith(product.skuId, 1));
    const page = (await (await call(`/orders?since=${encodeURIComponent(since)}`, key)).json()) as {
      orders: { orderNumber: string; status: string; lines: { articleNumber: string; quantity: number }[] }[];
    };
    const exported = page.orders.find((candidate) => candidate.orderNumber === order.number);
    expect(exported).toMatchObject({
      status: 'RECEIVED',
      lines: [{ articleNumber: `T-${product.id}-1`, quantity: 1 }],
    });
    const moved = await call(`/orders/${order.number}/status`, key, { body: { status: 'PROCESSING' } });
    expect(await moved.json()).toEqual({ orderNumber: order.number, status: 'PROCESSING', trackingLink: null });
    expect((await call('/orders?since=yesterday', key)).status).toBe(400);
  });

  test('the OpenAPI document describes the operations from their schemas', async () => {
    const response = await fetchWorker('/api/merchant/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as any;
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual([
      '/articles/{sku}/stock',
      '/products/{product}/prices',
      '/products',
      '/orders',
      '/orders/{number}/status',
    ]);
    expect(document.paths['/articles/{sku}/stock'].put.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { stock: { type: 'integer', minimum: 0, maximum: 1000000 } },
      required: ['stock'],
    });
    expect(
      document.paths['/orders/{number}/status'].post.requestBody.content['application/json'].schema.properties.status,
    ).toEqual({
      type: 'string',
      enum: ['PROCESSING', 'COMPLETED', 'CANCELLED'],
    });
  });
});
