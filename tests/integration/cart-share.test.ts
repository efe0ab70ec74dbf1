import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { findSkus } from './cart-helpers';
import { PERSONNUMMER, postCheckout, swedishPerson } from './checkout-page-helpers';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';
import { cartShareKey, signCartShare } from '../../worker/commerce/cart/share';
import { AUTH_SECRET } from './payments-helpers';

/** Active, priced skus with plenty in stock, one per product; `offset` picks different ones per test. */
async function plentifulSkus(count: number, offset: number) {
  return findSkus(
    `s.oversellable = 0 AND s.static_stock IS NULL AND s.stock >= 20 AND (SELECT COUNT(*) FROM skus x WHERE x.product_id = s.product_id) = 1`,
    { limit: count, offset },
  );
}

/** A jar whose cart holds `quantity` of each sku, filled through the no-JS add form. */
async function shopperWith(
  skus: { id: number; productId: number }[],
  quantity: number,
  jar = new CookieJar(),
): Promise<CookieJar> {
  for (const sku of skus) {
    await postForm(
      '/api/cart/add',
      { productId: String(sku.productId), skuId: String(sku.id), quantity: String(quantity), redirect: '/' },
      jar,
    );
  }
  return jar;
}

/** The share link the shopper's checkout page shows, as a path; it must never hold the cart id. */
async function linkOf(jar: CookieJar): Promise<string> {
  const page = await getPage('/kassan', jar);
  const url =
    /id="cart-share-url"[^>]*value="([^"]+)"/.exec(page)?.[1] ??
    /value="([^"]+)"[^>]*id="cart-share-url"/.exec(page)?.[1];
  expect(url).toBeDefined();
  const path = new URL(url!.replaceAll('&amp;', '&')).pathname;
  expect(path).toMatch(/^\/api\/cart\/share\/[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(path).not.toContain(jar.get('ralph-cart')!);
  return path;
}

async function openLink(path: string, jar: CookieJar): Promise<Response> {
  const response = await fetchWorker(path, {
    headers: jar.cookies.size ? { Cookie: jar.header() } : {},
    redirect: 'manual',
  });
  jar.take(response);
  return response;
}

/** A cart's lines (sku → quantity), promo code and revision, straight from D1. */
async function cartRow(cartId: string) {
  const [lines, cart] = await env.DB.batch([
    env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ? ORDER BY sku_id').bind(cartId),
    env.DB.prepare('SELECT promo_code, revision, market_id, customer_id, checkout FROM carts WHERE id = ?').bind(
      cartId,
    ),
  ]);
  const row = cart!.results[0] as {
    promo_code: string | null;
    revision: number;
    market_id: string;
    customer_id: number | null;
    checkout: string | null;
  };
  const items = Object.fromEntries(
    (lines!.results as { sku_id: number; quantity: number }[]).map((line) => [line.sku_id, line.quantity]),
  );
  return { ...row, items };
}

describe('the shareable cart link', () => {
  test("gives the visitor a copy of the items in a cart of their own, never the sharer's cart or details", async () => {
    const skus = await plentifulSkus(2, 0);
    const sharer = await shopperWith(skus, 2);
    const sharedId = sharer.get('ralph-cart')!;
    // The sharer has saved their details at the checkout.
    await postCheckout(sharer, swedishPerson({ intent: 'save' }));
    const link = await linkOf(sharer);
    const before = await cartRow(sharedId);
    expect(before.checkout).toContain('anna.svensson@example.com');

    const visitor = new CookieJar();
    const response = await openLink(link, visitor);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/kassan');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const copyId = visitor.get('ralph-cart')!;
    expect(copyId).toMatch(/^[0-9a-f]{32}$/);
    expect(copyId).not.toBe(sharedId);

    const copy = await cartRow(copyId);
    expect(copy.items).toEqual(before.items);
    expect(copy.checkout).toBeNull();
    expect(await cartRow(sharedId)).toEqual(before);

    const page = await getPage('/kassan', visitor);
    expect(flashNotice(page)).toMatchObject({
      role: 'status',
      text: 'Varorna i den delade varukorgen har lagts i din varukorg',
    });
    for (const detail of ['anna.svensson@example.com', 'Storgatan 1', PERSONNUMMER, 'Svensson'])
      expect(page).not.toContain(detail);
  });

  test('a visitor with a cart of their own keeps its items; the same item adds up', async () => {
    const [shared, mine, both] = await plentifulSkus(3, 2);
    const sharer = await shopperWith([shared!, both!], 1);
    const visitor = await shopperWith([mine!, both!], 2);
    const ownId = visitor.get('ralph-cart')!;

    await openLink(await linkOf(sharer), visitor);
    expect(visitor.get('ralph-cart')).toBe(ownId);
    expect((await cartRow(ownId)).items).toEqual({ [shared!.id]: 1, [mine!.id]: 2, [both!.id]: 3 });
  });

  test('items the visitor cannot have are named; the others are added', async () => {
    const [scarce, plenty] = await plentifulSkus(2, 5);
    const sharer = await shopperWith([scarce!, plenty!], 3);
    const link = await linkOf(sharer);
    const stock = (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?')
      .bind(scarce!.id)
      .first<number>('stock'))!;
    const name = (await env.DB.prepare(`SELECT name FROM product_texts WHERE product_id = ? AND language_id = 'sv-SE'`)
      .bind(scarce!.productId)
      .first<string>('name'))!;
    await env.DB.prepare('UPDATE skus SET stock = 2 WHERE id = ?').bind(scarce!.id).run();
    try {
      const visitor = new CookieJar();
      await openLink(link, visitor);
      expect((await cartRow(visitor.get('ralph-cart')!)).items).toEqual({ [plenty!.id]: 3 });
      expect(flashNotice(await getPage('/kassan', visitor))).toMatchObject({
        role: 'status',
        text: `Varorna i den delade varukorgen har lagts i din varukorg, utom ${name} som inte kunde läggas till`,
      });

      // Nothing fits: the visitor is told, as an error.
      await env.DB.prepare('UPDATE skus SET stock = 0 WHERE id IN (?, ?)').bind(scarce!.id, plenty!.id).run();
      const other = new CookieJar();
      await openLink(link, other);
      expect(flashNotice(await getPage('/kassan', other))?.role).toBe('alert');
    } finally {
      await env.DB.prepare('UPDATE skus SET stock = ? WHERE id = ?').bind(stock, scarce!.id).run();
      await env.DB.prepare('UPDATE skus SET stock = ? WHERE id = ?').bind(plenty!.stock, plenty!.id).run();
    }
  });

  test('the promo code comes along when the visitor has none', async () => {
    const [sku] = await plentifulSkus(1, 7);
    const sharer = await shopperWith([sku!], 2);
    await postForm('/api/cart/promo-code', { code: 'VALKOMMEN10', redirect: '/kassan' }, sharer);
    const sharedId = sharer.get('ralph-cart')!;
    expect((await cartRow(sharedId)).promo_code).toBe('VALKOMMEN10');

    const visitor = new CookieJar();
    await openLink(await linkOf(sharer), visitor);
    expect((await cartRow(visitor.get('ralph-cart')!)).promo_code).toBe('VALKOMMEN10');
  });

  test("goes to the checkout in the visitor's own language", async () => {
    const sharer = await shopperWith(await plentifulSkus(1, 8), 1);
    const visitor = new CookieJar({ 'ralph-locale': 'en' });
    const response = await openLink(await linkOf(sharer), visitor);
    expect(response.headers.get('Location')).toBe('/en/checkout');
    expect(flashNotice(await getPage('/en/checkout', visitor))?.text).toBe(
      "The shared cart's items were added to your cart",
    );
  });

  test('the sharer opening their own link just sees their cart', async () => {
    const sharer = await shopperWith(await plentifulSkus(1, 9), 1);
    const cartId = sharer.get('ralph-cart')!;
    const link = await linkOf(sharer);
    const before = await cartRow(cartId);
    const response = await openLink(link, sharer);
    expect(response.headers.get('Location')).toBe('/kassan');
    expect(sharer.get('ralph-cart')).toBe(cartId);
    expect(await cartRow(cartId)).toEqual(before);
  });

  test("the cart's own id in a link opens nothing: it is the cart's credential, and a link never grants the cart", async () => {
    const [sku] = await plentifulSkus(1, 10);
    const sharer = await shopperWith([sku!], 2);
    const sharedId = sharer.get('ralph-cart')!;
    await postCheckout(sharer, swedishPerson({ intent: 'save' }));
    const before = await cartRow(sharedId);

    const visitor = new CookieJar();
    const response = await openLink(`/api/cart/share/${sharedId}`, visitor);
    expect(response.status).toBe(303);
    expect(visitor.get('ralph-cart')).toBeUndefined();
    const page = await getPage('/kassan', visitor);
    expect(flashNotice(page)).toMatchObject({
      role: 'alert',
      text: 'Länken till varukorgen är ogiltig eller för gammal',
    });
    expect(page).not.toContain('anna.svensson@example.com');
    expect(await cartRow(sharedId)).toEqual(before);
  });

  test('the cart panel gets the same kind of link from GET /api/cart/share; a visitor without a cart gets none', async () => {
    const sharer = await shopperWith(await plentifulSkus(1, 11), 1);
    const answer = await fetchWorker('/api/cart/share', { headers: { Cookie: sharer.header() } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const { url } = (await answer.json()) as { url: string };
    expect(new URL(url).pathname).toMatch(/^\/api\/cart\/share\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(url).not.toContain(sharer.get('ralph-cart')!);

    const none = await fetchWorker('/api/cart/share');
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ url: null });
  });

  test('an altered, expired or foreign token opens nothing', async () => {
    const [sku, other] = await plentifulSkus(2, 12);
    const key = await cartShareKey(AUTH_SECRET);
    const cart = { id: '0123456789abcdef0123456789abcdef', items: [{ skuId: sku!.id, quantity: 1 }], promoCode: null };
    const valid = await signCartShare(key, cart, new Date());
    const [header, , signature] = valid.split('.');
    const forgedBody = btoa(JSON.stringify({ i: [[other!.id, 999]], s: '0123456789abcdef', aud: 'cart-share' }))
      .replace(/=+$/, '')
      .replaceAll('+', '-')
      .replaceAll('/', '_');
    const tokens = [
      `${header}.${forgedBody}.${signature}`,
      await signCartShare(key, cart, new Date(Date.now() - 91 * 24 * 3600 * 1000)),
      await signCartShare(new TextEncoder().encode('another-shops-secret-that-is-long-enough'), cart, new Date()),
      'not-a-token',
    ];
    for (const token of tokens) {
      const visitor = new CookieJar();
      const response = await openLink(`/api/cart/share/${token}`, visitor);
      expect(response.status).toBe(303);
      expect(visitor.get('ralph-cart')).toBeUndefined();
      expect(flashNotice(await getPage('/kassan', visitor))?.role).toBe('alert');
    }
    // The valid one does open.
    const visitor = new CookieJar();
    await openLink(`/api/cart/share/${valid}`, visitor);
    expect((await cartRow(visitor.get('ralph-cart')!)).items).toEqual({ [sku!.id]: 1 });
  });
});
