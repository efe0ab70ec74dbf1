import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';

const SE = '1|se';

interface SkuRow {
  productId: number;
  skuId: number;
  stock: number;
  name: string;
  price: number;
}

/** Active single-sku products priced in Sweden with plain stock (no campaign), cheapest last. */
async function plainProducts(limit: number, where = 's.stock >= 20'): Promise<SkuRow[]> {
  const rows = await env.DB.prepare(
    `SELECT p.id AS productId, s.id AS skuId, s.stock AS stock, t.name AS name, pr.regular_inc_vat AS price
     FROM products p JOIN skus s ON s.product_id = p.id
     JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE'
     JOIN prices pr ON pr.product_id = p.id AND pr.market_id = ?
     WHERE p.is_active = 1 AND s.oversellable = 0 AND s.static_stock IS NULL AND ${where}
       AND (SELECT COUNT(*) FROM skus x WHERE x.product_id = p.id) = 1
     ORDER BY p.id LIMIT ?`,
  )
    .bind(SE, limit)
    .all<SkuRow>();
  if (rows.results.length < limit) throw new Error(`not enough products where ${where}`);
  return rows.results;
}

async function cartLines(cartId: string | undefined): Promise<{ sku_id: number; quantity: number }[]> {
  const rows = await env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ? ORDER BY sku_id')
    .bind(cartId ?? '')
    .all<{ sku_id: number; quantity: number }>();
  return rows.results;
}

async function cartRow(cartId: string | undefined) {
  return env.DB.prepare('SELECT market_id, promo_code, completed_at FROM carts WHERE id = ?')
    .bind(cartId ?? '')
    .first<{ market_id: string; promo_code: string | null; completed_at: string | null }>();
}

/** A visitor whose cart holds `quantity` of `product`. */
async function visitorWith(product: SkuRow, quantity = 1): Promise<CookieJar> {
  const jar = new CookieJar();
  await postForm(
    '/api/cart/add',
    { productId: String(product.productId), skuId: String(product.skuId), quantity: String(quantity), redirect: '/' },
    jar,
  );
  await getPage('/', jar);
  expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product.skuId, quantity }]);
  return jar;
}

describe('changing the cart without JavaScript', () => {
  test('a new quantity is stored and the page says so, by the product name', async () => {
    const [product] = await plainProducts(1);
    const jar = await visitorWith(product!);
    const response = await postForm(
      '/api/cart/update',
      { skuId: String(product!.skuId), quantity: '3', redirect: '/kassan' },
      jar,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/kassan');
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product!.skuId, quantity: 3 }]);
    expect(flashNotice(await getPage('/', jar))).toMatchObject({
      role: 'status',
      text: `Antalet av ${product!.name} är nu 3`,
    });
  });

  test('a quantity beyond the stock is refused with the message of spec §5 and the cart is unchanged', async () => {
    const [product] = await plainProducts(1, 's.stock BETWEEN 2 AND 50');
    const jar = await visitorWith(product!);
    await postForm(
      '/api/cart/update',
      { skuId: String(product!.skuId), quantity: String(product!.stock + 1), redirect: '/en' },
      jar,
    );
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product!.skuId, quantity: 1 }]);
    expect(flashNotice(await getPage('/en', jar))).toMatchObject({
      role: 'alert',
      text: `Sorry, you cannot add more to the cart. Only ${product!.stock} left in stock`,
    });
  });

  test('remove takes the line out, and so does a quantity of 0', async () => {
    const [first, second] = await plainProducts(2);
    const jar = await visitorWith(first!);
    await postForm(
      '/api/cart/add',
      { productId: String(second!.productId), skuId: String(second!.skuId), redirect: '/' },
      jar,
    );
    await getPage('/', jar);

    await postForm('/api/cart/remove', { skuId: String(first!.skuId), redirect: '/' }, jar);
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: second!.skuId, quantity: 1 }]);
    expect(flashNotice(await getPage('/', jar))?.text).toBe(`${first!.name} har tagits bort ur varukorgen`);

    await postForm('/api/cart/update', { skuId: String(second!.skuId), quantity: '0', redirect: '/' }, jar);
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([]);
  });

  test('a quantity that is not a whole number from 0 to 999 changes nothing', async () => {
    const [product] = await plainProducts(1);
    const jar = await visitorWith(product!, 2);
    for (const quantity of ['-1', '1000', 'två', '']) {
      await postForm('/api/cart/update', { skuId: String(product!.skuId), quantity, redirect: '/' }, jar);
      expect(flashNotice(await getPage('/', jar))?.text).toBe('Ange ett antal mellan 1 och 999');
    }
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product!.skuId, quantity: 2 }]);
  });

  test('a change from the checkout page keeps the cart in the checkout market', async () => {
    const [product] = await plainProducts(1);
    const jar = await visitorWith(product!);
    jar.cookies.set('ralph-checkout-market', 'se');
    jar.cookies.set('ralph-selected-market', 'fi');
    await postForm('/api/cart/update', { skuId: String(product!.skuId), quantity: '2', redirect: '/kassan' }, jar);
    expect((await cartRow(jar.get('ralph-cart')))?.market_id).toBe(SE);
    await postForm('/api/cart/update', { skuId: String(product!.skuId), quantity: '1', redirect: '/fi' }, jar);
    expect((await cartRow(jar.get('ralph-cart')))?.market_id).toBe('1|fi');
  });

  test('a post from another site is refused and changes nothing', async () => {
    const [product] = await plainProducts(1);
    const jar = await visitorWith(product!);
    const response = await postForm('/api/cart/remove', { skuId: String(product!.skuId), redirect: '/' }, jar, {
      Origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(await cartLines(jar.get('ralph-cart'))).toEqual([{ sku_id: product!.skuId, quantity: 1 }]);
  });
});

describe('the promo code without JavaScript', () => {
  test('VALKOMMEN10 becomes the active code and can be removed again', async () => {
    const [product] = await plainProducts(1);
    const jar = await visitorWith(product!);
    await postForm('/api/cart/promo-code', { code: ' valkommen10 ', redirect: '/' }, jar);
    expect((await cartRow(jar.get('ralph-cart')))?.promo_code).toBe('VALKOMMEN10');
    expect(flashNotice(await getPage('/', jar))).toMatchObject({
      role: 'status',
      text: 'Rabattkoden VALKOMMEN10 är aktiv',
    });

    await postForm('/api/cart/promo-code', { remove: '1', redirect: '/' }, jar);
    expect((await cartRow(jar.get('ralph-cart')))?.promo_code).toBeNull();
    expect(flashNotice(await getPage('/', jar))?.text).toBe('Rabattkoden har tagits bort');
  });

  test("an unknown code is refused with 'Koden är ej giltig' (spec §8), in English on an English page", async () => {
    const [product] = await plainProducts(1);
    const jar = await visitorWith(product!);
    await postForm('/api/cart/promo-code', { code: 'FINNSINTE', redirect: '/' }, jar);
    expect(flashNotice(await getPage('/', jar))).toMatchObject({ role: 'alert', text: 'Koden är ej giltig' });
    await postForm('/api/cart/promo-code', { code: 'SOMMAR2024', redirect: '/en' }, jar);
    expect(flashNotice(await getPage('/en', jar))?.text).toBe('The code is not valid');
    expect((await cartRow(jar.get('ralph-cart')))?.promo_code).toBeNull();
  });

  test("a code whose requirements are not met gives 'Du har inte uppfyllt kraven för denna kod' (spec §8)", async () => {
    const [product] = await plainProducts(1, 's.stock >= 20 AND pr.regular_inc_vat < 30000');
    const jar = await visitorWith(product!);
    await postForm('/api/cart/promo-code', { code: 'SPARA100', redirect: '/' }, jar);
    expect(flashNotice(await getPage('/', jar))).toMatchObject({
      role: 'alert',
      text: 'Du har inte uppfyllt kraven för denna kod',
    });
    expect((await cartRow(jar.get('ralph-cart')))?.promo_code).toBeNull();
  });

  test('an empty code asks for one', async () => {
    const [product] = await plainProducts(1);
    const jar = await visitorWith(product!);
    await postForm('/api/cart/promo-code', { code: '  ', redirect: '/' }, jar);
    expect(flashNotice(await getPage('/', jar))?.text).toBe('Ange en rabattkod');
  });
});
