// Issue 14: the merchant's own system moves an order on (Behandlas, Slutförd with a tracking link,
// Avbruten), each move mailed to the shopper once and shown on my pages; only with the merchant's key.
import { describe, expect, test } from 'vitest';
import { env, eventually, fetchWorker } from '../helpers';
import { loggedInCustomer } from './cart-helpers';
import { cartWith, placeInvoiceOrderAs } from './checkout-helpers';
import { createProduct } from './factories';
import { MERCHANT_API_KEY } from './security-helpers';

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

function move(number: string, body: unknown, key: string | null = MERCHANT_API_KEY) {
  return fetchWorker(`/api/merchant/orders/${number}/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'X-ApiKey': key } : {}) },
    body: JSON.stringify(body),
  });
}

async function statusMails(number: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT subject FROM outgoing_emails WHERE kind = 'ORDER_STATUS' AND subject LIKE ? ORDER BY id",
  )
    .bind(`%${number}%`)
    .all<{ subject: string }>();
  return results.map((row) => row.subject);
}

describe('the merchant moves an order on', () => {
  test('Behandlas, then Slutförd with its tracking link: mailed once each, shown on my pages', async () => {
    const customer = await loggedInCustomer(`merchant-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const product = await createProduct({ name: 'Häftapparat Lagret', prices: { '1|se': 19900 } });
    const order = await placeInvoiceOrderAs(customer.token, await cartWith(product.skuId, 1));

    const processing = await move(order.number, { status: 'PROCESSING' });
    expect(processing.status).toBe(200);
    expect(await processing.json()).toEqual({ orderNumber: order.number, status: 'PROCESSING', trackingLink: null });
    const shipped = await move(order.number, {
      status: 'COMPLETED',
      trackingLink: 'https://tracking.postnord.com/se/?id=00370712345678901234',
    });
    expect(shipped.status).toBe(200);
    // A repeated move is refused and mails nothing more.
    const again = await move(order.number, { status: 'COMPLETED' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Ordern kan inte gå från COMPLETED till COMPLETED',
    );

    const mails = await eventually(
      () => statusMails(order.number),
      (subjects) => subjects.length >= 2,
    );
    expect(mails).toHaveLength(2);
    const page = await fetchWorker('/mina-sidor/ordrar', { headers: { Cookie: `ralph-auth=${customer.token}` } });
    const html = await page.text();
    expect(textOf(html)).toContain('Slutförd');
    expect(html).toContain('href="https://tracking.postnord.com/se/?id=00370712345678901234"');
  });

  test('the Slutförd mail carries the tracking link the merchant set, in its text part and as a link in HTML', async () => {
    const customer = await loggedInCustomer(`merchant-track-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const product = await createProduct({ name: 'Pärmregister Spåra', prices: { '1|se': 4900 } });
    const order = await placeInvoiceOrderAs(customer.token, await cartWith(product.skuId, 1));
    const link = 'https://tracking.postnord.com/se/?id=00370712345678905555&lang=sv';
    expect((await move(order.number, { status: 'PROCESSING' })).status).toBe(200);
    expect((await move(order.number, { status: 'COMPLETED', trackingLink: link })).status).toBe(200);

    const mail = await eventually(
      () =>
        env.DB.prepare('SELECT body, html FROM outgoing_emails WHERE event_key = ?')
          .bind(`order-${order.id}-completed`)
          .first<{ body: string; html: string }>(),
      (row) => row !== null,
    );
    expect(mail!.body).toContain('Spåra paketet: https://tracking.postnord.com/se/?id=00370712345678905555&lang=sv');
    // A real link (the merchant's own), its query escaped once as HTML asks.
    expect(mail!.html).toContain(
      '<a href="https://tracking.postnord.com/se/?id=00370712345678905555&#38;lang=sv" style="color:#16181d;font-weight:700;">Spåra paketet</a>',
    );
  });

  test('without the key, with a bad body or an unknown order nothing moves', async () => {
    const customer = await loggedInCustomer(`merchant-bad-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const product = await createProduct({ prices: { '1|se': 9900 } });
    const order = await placeInvoiceOrderAs(customer.token, await cartWith(product.skuId, 1));
    expect((await move(order.number, { status: 'PROCESSING' }, null)).status).toBe(401);
    expect((await move(order.number, { status: 'PROCESSING' }, 'x'.repeat(40))).status).toBe(401);
    const bad = await move(order.number, { status: 'PROCESSING', trackingLink: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect((await move(order.number, { status: 'RECEIVED' })).status).toBe(400);
    expect((await move('999999999', { status: 'PROCESSING' })).status).toBe(404);
    const row = await env.DB.prepare('SELECT status, tracking_link FROM orders WHERE id = ?').bind(order.id).first();
    expect(row).toEqual({ status: 'RECEIVED', tracking_link: null });
  });

  test("every merchant call needs the key and is never kept: an article's stock does not change without it", async () => {
    const product = await createProduct({ stock: 7 });
    const articleNumber = `T-${product.id}-1`;
    const change = (key: string | null) =>
      fetchWorker(`/api/merchant/articles/${articleNumber}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key ? { 'X-ApiKey': key } : {}) },
        body: JSON.stringify({ stock: 0 }),
      });
    for (const key of [null, 'x'.repeat(40)]) {
      const refused = await change(key);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('Cache-Control')).toBe('no-store');
      expect(await refused.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: expect.any(String) },
      });
    }
    const stock = () => env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(product.skuId).first('stock');
    expect(await stock()).toBe(7);
    const made = await change(MERCHANT_API_KEY);
    expect(made.status).toBe(200);
    expect(made.headers.get('Cache-Control')).toBe('no-store');
    expect(await stock()).toBe(0);
  });
});
