import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';

async function plainProduct(): Promise<{ productId: number; skuId: number }> {
  const row = await env.DB.prepare(
    `SELECT p.id AS productId, s.id AS skuId FROM products p JOIN skus s ON s.product_id = p.id
     WHERE p.is_active = 1 AND s.oversellable = 0 AND s.static_stock IS NULL AND s.stock >= 20
       AND (SELECT COUNT(*) FROM skus x WHERE x.product_id = p.id) = 1
       AND EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.market_id = '1|se')
     ORDER BY p.id LIMIT 1`,
  ).first<{ productId: number; skuId: number }>();
  return row!;
}

/** Someone's cart with one item; returns its id. */
async function sharedCartId(): Promise<string> {
  const product = await plainProduct();
  const owner = new CookieJar();
  await postForm('/api/cart/add', { productId: String(product.productId), skuId: String(product.skuId), quantity: '2', redirect: '/' }, owner);
  return owner.get('ralph-cart')!;
}

async function openLink(path: string, jar: CookieJar): Promise<Response> {
  const response = await fetchWorker(path, { headers: jar.cookies.size ? { Cookie: jar.header() } : {}, redirect: 'manual' });
  jar.take(response);
  return response;
}

describe('the shareable cart link', () => {
  test('opens the same cart for someone else: the cookie names it and the checkout says so', async () => {
    const cartId = await sharedCartId();
    const visitor = new CookieJar();
    const response = await openLink(`/api/cart/share/${cartId}`, visitor);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/kassan');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(visitor.get('ralph-cart')).toBe(cartId);
    const page = await getPage('/kassan', visitor);
    expect(flashNotice(page)).toMatchObject({ role: 'status', text: 'Den delade varukorgen är öppnad' });
  });

  test("goes to the checkout in the visitor's own language", async () => {
    const cartId = await sharedCartId();
    const visitor = new CookieJar({ 'ralph-locale': 'en' });
    const response = await openLink(`/api/cart/share/${cartId}`, visitor);
    expect(response.headers.get('Location')).toBe('/en/checkout');
    expect(flashNotice(await getPage('/en/checkout', visitor))?.text).toBe('The shared cart is now your cart');
  });

  test('an ordered cart is not opened: the visitor keeps their own cart and is told why', async () => {
    const cartId = await sharedCartId();
    await env.DB.prepare('UPDATE carts SET completed_at = ? WHERE id = ?').bind(new Date().toISOString(), cartId).run();
    const mine = await sharedCartId();
    const visitor = new CookieJar({ 'ralph-cart': mine });
    await openLink(`/api/cart/share/${cartId}`, visitor);
    expect(visitor.get('ralph-cart')).toBe(mine);
    expect(flashNotice(await getPage('/kassan', visitor))).toMatchObject({
      role: 'alert',
      text: 'Varukorgen i länken finns inte längre eller är redan beställd',
    });
  });

  test('an unknown or malformed id opens nothing', async () => {
    for (const id of ['0123456789abcdef0123456789abcdef', 'not-a-cart']) {
      const visitor = new CookieJar();
      const response = await openLink(`/api/cart/share/${id}`, visitor);
      expect(response.status).toBe(303);
      expect(visitor.get('ralph-cart')).toBeUndefined();
      expect(flashNotice(await getPage('/kassan', visitor))?.role).toBe('alert');
    }
  });
});
