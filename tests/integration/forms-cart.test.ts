import { describe, expect, test } from 'vitest';
import { env, fetchWorker, graphql } from '../helpers';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';

const SE = '1|se';

interface SkuRow {
  productId: number;
  skuId: number;
  stock: number;
  name: string;
}

/** An active product priced in Sweden with one sku, chosen by the sku's stock rule. */
async function singleSkuProduct(where: string, ...binds: unknown[]): Promise<SkuRow> {
  const row = await env.DB.prepare(
    `SELECT p.id AS productId, s.id AS skuId, s.stock AS stock, t.name AS name
     FROM products p JOIN skus s ON s.product_id = p.id
     JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE'
     WHERE p.is_active = 1 AND (SELECT COUNT(*) FROM skus x WHERE x.product_id = p.id) = 1
       AND EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.market_id = ?) AND ${where}
     ORDER BY p.id LIMIT 1`,
  )
    .bind(SE, ...binds)
    .first<SkuRow>();
  if (!row) throw new Error(`no product where ${where}`);
  return row;
}

const inStock = () => singleSkuProduct('s.oversellable = 0 AND s.static_stock IS NULL AND s.stock >= 5');

async function productWithSizes(): Promise<{ productId: number; skuIds: number[] }> {
  const row = await env.DB.prepare(
    `SELECT s.product_id AS productId, group_concat(s.id) AS skuIds FROM skus s JOIN products p ON p.id = s.product_id
     WHERE p.is_active = 1 AND s.size IS NOT NULL GROUP BY s.product_id HAVING COUNT(*) > 1 ORDER BY s.product_id LIMIT 1`,
  ).first<{ productId: number; skuIds: string }>();
  return { productId: row!.productId, skuIds: row!.skuIds.split(',').map(Number) };
}

async function cartLines(cartId: string | undefined): Promise<{ sku_id: number; quantity: number }[]> {
  if (!cartId) return [];
  const rows = await env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ? ORDER BY sku_id')
    .bind(cartId)
    .all<{ sku_id: number; quantity: number }>();
  return rows.results;
}

/** The count the header's cart badge shows. */
function cartCounter(html: string): number {
  const match = /class="cart-counter" role="status" aria-label="[^"]*" data-count="(\d+)"/.exec(html);
  return Number(match![1]);
}

/** A visitor with a cart that already holds one unit of `skuId`. */
async function visitorWithCart(productId: number, skuId: number): Promise<CookieJar> {
  const jar = new CookieJar();
  await postForm('/api/cart/add', { productId: String(productId), skuId: String(skuId), redirect: '/' }, jar);
  await getPage('/', jar); // shows (and clears) the 'added' message
  expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: skuId, quantity: 1 }]);
  return jar;
}

describe('POST /api/cart/add without JavaScript', () => {
  test('a visitor without a cart gets one in ralph-cart, is sent back to the page and sees the units in the header', async () => {
    const product = await inStock();
    const jar = new CookieJar();
    const response = await postForm(
      '/api/cart/add',
      { productId: String(product.productId), quantity: '2', redirect: '/?sort=latest' },
      jar,
    );

    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/?sort=latest');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const cartCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('ralph-cart='));
    expect(cartCookie).toMatch(/^ralph-cart=[0-9a-f]{32}; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product.skuId, quantity: 2 }]);

    const page = await getPage('/?sort=latest', jar);
    expect(cartCounter(page)).toBe(2);
    expect(page).toContain('aria-label="Varukorg, 2 varor"');
  });

  test("the 'added' notice names the item, the quantity and its price, with a link to the checkout", async () => {
    const product = await inStock();
    const jar = new CookieJar();
    await postForm('/api/cart/add', { productId: String(product.productId), quantity: '3', redirect: '/' }, jar);
    const cart = await graphql<{ getCart: { items: { unitPrice: { sellingPriceIncVatFormatted: string } }[] } }>(
      'query($id: String) { getCart(id: $id) { items { unitPrice { sellingPriceIncVatFormatted } } } }',
      { id: jar.get('ralph-cart') },
    );
    const price = cart.data!.getCart.items[0]!.unitPrice.sellingPriceIncVatFormatted;

    const notice = flashNotice(await getPage('/', jar));
    expect(notice?.role).toBe('status');
    expect(notice?.text).toContain(`${product.name} (3 st, ${price}/st) har lagts i varukorgen`);
    expect(notice?.html).toContain('href="/kassan"');
  });

  test('a business customer on an English page sees the notice in English with the price excluding VAT and the campaign', async () => {
    const campaign = await env.DB.prepare(
      `SELECT cp.product_id AS productId, ct.name AS name FROM campaign_products cp
       JOIN campaigns c ON c.id = cp.campaign_id JOIN campaign_texts ct ON ct.campaign_id = c.id AND ct.language_id = 'en-US'
       JOIN products p ON p.id = cp.product_id
       WHERE c.kind = 'PRICE_CAMPAIGN' AND c.is_active = 1 AND c.hide_title = 0 AND c.starts_at <= ?1 AND (c.ends_at IS NULL OR c.ends_at > ?1)
         AND p.is_active = 1 AND (SELECT COUNT(*) FROM skus s WHERE s.product_id = p.id) = 1
         AND (SELECT MIN(s.stock) FROM skus s WHERE s.product_id = p.id) >= 2
         AND EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.market_id = '1|se')
       ORDER BY cp.product_id LIMIT 1`,
    )
      .bind(new Date().toISOString())
      .first<{ productId: number; name: string }>();
    expect(campaign).not.toBeNull();
    const jar = new CookieJar({ 'ralph-user-type': 'ORGANIZATION' });
    await postForm('/api/cart/add', { productId: String(campaign!.productId), redirect: '/en' }, jar);
    const cart = await graphql<{
      getCart: { items: { product: { name: string }; unitPrice: { sellingPriceExVatFormatted: string } }[] };
    }>(
      'query($id: String) { getCart(id: $id, languageId: "en-US") { items { product { name } unitPrice { sellingPriceExVatFormatted } } } }',
      { id: jar.get('ralph-cart') },
    );
    const item = cart.data!.getCart.items[0]!;

    const notice = flashNotice(await getPage('/en', jar));
    expect(notice?.text).toContain(
      `${item.product.name} (1 × ${item.unitPrice.sellingPriceExVatFormatted}) has been added to your cart`,
    );
    expect(notice?.text).toContain(`Campaign: ${campaign!.name}`);
    expect(notice?.html).toContain('href="/en/checkout"');
  });

  test("a product with sizes needs one first: 'Du måste välja storlek först', and nothing is added", async () => {
    const sized = await productWithSizes();
    const newcomer = new CookieJar();
    await postForm('/api/cart/add', { productId: String(sized.productId), redirect: '/' }, newcomer);
    expect(newcomer.get('ralph-cart')).toBeUndefined();
    expect(flashNotice(await getPage('/', newcomer))).toMatchObject({
      role: 'alert',
      text: 'Du måste välja storlek först',
    });

    const product = await inStock();
    const jar = await visitorWithCart(product.productId, product.skuId);
    await postForm('/api/cart/add', { productId: String(sized.productId), redirect: '/' }, jar);
    expect(flashNotice(await getPage('/', jar))?.text).toBe('Du måste välja storlek först');
    // A sku of another product is no choice of size either.
    await postForm(
      '/api/cart/add',
      { productId: String(sized.productId), skuId: String(product.skuId), redirect: '/' },
      jar,
    );
    expect(flashNotice(await getPage('/', jar))?.text).toBe('Du måste välja storlek först');
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product.skuId, quantity: 1 }]);

    await postForm(
      '/api/cart/add',
      { productId: String(sized.productId), skuId: String(sized.skuIds[1]), redirect: '/' },
      jar,
    );
    expect(flashNotice(await getPage('/', jar))?.role).toBe('status');
    expect(await cartLines(jar.get('ralph-cart'))).toContainEqual({ sku_id: sized.skuIds[1], quantity: 1 });
  });

  test('more than the stock gives the message of spec §5 with the number left, and nothing is added', async () => {
    const product = await singleSkuProduct(
      's.oversellable = 0 AND s.static_stock IS NULL AND s.stock BETWEEN 2 AND 50',
    );
    const jar = new CookieJar();
    await postForm(
      '/api/cart/add',
      { productId: String(product.productId), quantity: String(product.stock + 1), redirect: '/' },
      jar,
    );
    const notice = flashNotice(await getPage('/', jar));
    expect(notice).toEqual({
      role: 'alert',
      text: `Du kan tyvärr inte lägga fler i varukorgen. Endast ${product.stock} kvar på lager`,
      html: expect.any(String),
    });
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([]);

    await postForm(
      '/api/cart/add',
      { productId: String(product.productId), quantity: String(product.stock + 1), redirect: '/en' },
      jar,
    );
    expect(flashNotice(await getPage('/en', jar))?.text).toBe(
      `Sorry, you cannot add more to the cart. Only ${product.stock} left in stock`,
    );
  });

  test('a line holds at most 999 units: the threshold message of spec §5 names what the cart has', async () => {
    const product = await singleSkuProduct('(s.oversellable = 1 OR s.static_stock IS NOT NULL)');
    const jar = new CookieJar();
    await postForm('/api/cart/add', { productId: String(product.productId), quantity: '999', redirect: '/' }, jar);
    await getPage('/', jar);
    await postForm('/api/cart/add', { productId: String(product.productId), quantity: '1', redirect: '/' }, jar);
    expect(flashNotice(await getPage('/', jar))?.text).toBe(
      'Du kan inte addera flera då du redan har 999 i varukorgen',
    );
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product.skuId, quantity: 999 }]);
  });

  test("a bad product id or quantity changes nothing and is explained in the page's language", async () => {
    const product = await inStock();
    const jar = await visitorWithCart(product.productId, product.skuId);
    const cases: [Record<string, string>, string, string][] = [
      [{ productId: 'abc' }, '/', 'Produkten kunde inte hittas'],
      [{ productId: '99999999' }, '/', 'Produkten kunde inte hittas'],
      [{}, '/', 'Produkten kunde inte hittas'],
      [{ productId: String(product.productId), quantity: '0' }, '/', 'Ange ett antal mellan 1 och 999'],
      [{ productId: String(product.productId), quantity: '-2' }, '/', 'Ange ett antal mellan 1 och 999'],
      [{ productId: String(product.productId), quantity: '1.5' }, '/', 'Ange ett antal mellan 1 och 999'],
      [{ productId: String(product.productId), quantity: '1000' }, '/', 'Ange ett antal mellan 1 och 999'],
      [{ productId: String(product.productId), quantity: 'två' }, '/en', 'Enter a quantity between 1 and 999'],
      [{ productId: 'x' }, '/fi', 'Tuotetta ei löytynyt'],
    ];
    for (const [fields, page, message] of cases) {
      const response = await postForm('/api/cart/add', { ...fields, redirect: page }, jar);
      expect(response.status).toBe(303);
      expect(flashNotice(await getPage(page, jar)), `${JSON.stringify(fields)} on ${page}`).toMatchObject({
        role: 'alert',
        text: message,
      });
    }
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product.skuId, quantity: 1 }]);
  });

  test('a cart cookie naming no cart is replaced by a new cart', async () => {
    const product = await inStock();
    const jar = new CookieJar({ 'ralph-cart': '0'.repeat(32) });
    await postForm('/api/cart/add', { productId: String(product.productId), redirect: '/' }, jar);
    expect(jar.get('ralph-cart')).toMatch(/^[0-9a-f]{32}$/);
    expect(jar.get('ralph-cart')).not.toBe('0'.repeat(32));
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product.skuId, quantity: 1 }]);
  });

  test('a post from another site is refused and creates no cart', async () => {
    const product = await inStock();
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM carts').first<{ n: number }>();
    const jar = new CookieJar();
    const response = await postForm('/api/cart/add', { productId: String(product.productId), redirect: '/' }, jar, {
      Origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(jar.get('ralph-cart')).toBeUndefined();
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM carts').first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    const noOrigin = await fetchWorker('/api/cart/add', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' },
      body: `productId=${product.productId}`,
    });
    expect(noOrigin.status).toBe(403);
  });

  test('a redirect to another host is not followed: the answer goes to the start page', async () => {
    const product = await inStock();
    for (const redirect of ['https://evil.example/', '//evil.example/p', '/\\evil.example', 'evil', '/ space']) {
      const response = await postForm('/api/cart/add', { productId: String(product.productId), redirect });
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toBe('/');
    }
  });

  test('the message shows once: the next page has it no more', async () => {
    const product = await inStock();
    const jar = new CookieJar();
    const response = await postForm('/api/cart/add', { productId: String(product.productId), redirect: '/' }, jar);
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith('ralph-flash='))).toMatch(
      /; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const first = await fetchWorker('/', { headers: { Cookie: jar.header() } });
    expect(first.headers.get('Cache-Control')).toBe('private, no-store');
    jar.take(first);
    expect(flashNotice(await first.text())).not.toBeNull();
    expect(jar.get('ralph-flash')).toBeUndefined();
    expect(flashNotice(await getPage('/', jar))).toBeNull();
  });
});
