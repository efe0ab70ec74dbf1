// docs/decisions/015: a kept page is retired the moment a product it shows changes: an order buys its
// last units, a cancellation brings them back, the merchant sets a new price or stock count. A campaign
// link's tracking parameters do not make a page of its own.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker, settle } from '../helpers';
import { createProduct } from './factories';
import { cartWith, placeOrder, swedishInvoiceCheckout } from './checkout-helpers';
import { addToCart, newCart } from './cart-helpers';
import { MERCHANT_API_KEY } from './security-helpers';

async function view(path: string, cookie?: string) {
  const response = await fetchWorker(path, cookie ? { headers: { Cookie: cookie } } : undefined);
  return { status: response.status, cache: response.headers.get('x-page-cache'), html: await response.text() };
}

/** A page the cache has kept (the first view renders it, the second is served from it). */
async function keptPage(path: string, cookie?: string) {
  expect((await view(path, cookie)).cache).toBe('miss');
  await settle(200);
  const second = await view(path, cookie);
  expect(second.cache).toBe('hit');
  return second;
}

/** A page's text, tags dropped (and no-break spaces read as spaces). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Buys `quantity` of the sku by invoice: the order's number. */
async function buy(skuId: number, quantity: number): Promise<string> {
  const cartId = await cartWith(skuId, quantity);
  const placed = await placeOrder(cartId, swedishInvoiceCheckout());
  expect(placed.errors).toBeUndefined();
  const order = await env.DB.prepare('SELECT order_number FROM orders WHERE cart_id = ?')
    .bind(cartId)
    .first<{ order_number: string }>();
  return order!.order_number;
}

function setArticle(articleNumber: string, body: unknown) {
  return fetchWorker(`/api/merchant/articles/${articleNumber}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-ApiKey': MERCHANT_API_KEY },
    body: JSON.stringify(body),
  });
}

describe('kept pages show a product’s stock and price as they are now', () => {
  test('a kept product page says "Slut i lager" right after an order buys the last two units', async () => {
    const product = await createProduct({ name: 'Cachepenna Sista', stock: 2 });
    const path = `/p/${product.alias}`;
    expect(textOf((await keptPage(path)).html)).toContain('Endast 2 kvar i lager');
    // The same page in English and for a business buyer, kept beside it.
    const english = `/en/p/${product.alias}-en`;
    expect(textOf((await keptPage(english)).html)).toContain('Only 2 left in stock');
    const business = 'ralph-user-type=ORGANIZATION';
    expect(textOf((await keptPage(path, business)).html)).toContain('Endast 2 kvar i lager');

    await buy(product.skuId, 2);

    const after = await view(path);
    expect(after.cache).toBe('miss');
    expect(textOf(after.html)).toContain('Slut i lager');
    expect(textOf(after.html)).not.toContain('Endast 2 kvar i lager');
    expect(textOf((await view(english)).html)).toContain('Out of stock');
    const businessAfter = textOf((await view(path, business)).html);
    expect(businessAfter).toContain('Slut i lager');
    expect(businessAfter).not.toContain('Endast 2 kvar i lager');
    // The new page is kept in its turn.
    await settle(200);
    expect((await view(path)).cache).toBe('hit');
  });

  test('a kept list page shows the card as sold out right after the last units are bought', async () => {
    const product = await createProduct({
      name: 'Cachepenna Listad',
      stock: 2,
      campaign: { percent: 10, name: 'Sista chansen' },
    });
    const list = `/dc/${product.campaignAlias}`;
    const before = await keptPage(list);
    expect(textOf(before.html)).toContain('Cachepenna Listad');
    expect(textOf(before.html)).toContain('Endast 2 kvar i lager');

    await buy(product.skuId, 2);

    const after = await view(list);
    expect(after.cache).toBe('miss');
    expect(textOf(after.html)).toContain('Slut i lager');
    expect(textOf(after.html)).not.toContain('Endast 2 kvar i lager');
  });

  test('a cancelled order’s units show again at once on the kept page', async () => {
    const product = await createProduct({ name: 'Cachepenna Ångrad', stock: 2 });
    const path = `/p/${product.alias}`;
    const number = await buy(product.skuId, 2);
    expect(textOf((await keptPage(path)).html)).toContain('Slut i lager');

    const cancelled = await fetchWorker(`/api/merchant/orders/${number}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-ApiKey': MERCHANT_API_KEY },
      body: JSON.stringify({ status: 'CANCELLED' }),
    });
    expect(cancelled.status).toBe(200);

    const after = await view(path);
    expect(after.cache).toBe('miss');
    expect(textOf(after.html)).toContain('Endast 2 kvar i lager');
  });

  test('adding a sold-out product says it is sold out, never "only 0 left"', async () => {
    const product = await createProduct({ name: 'Cachepenna Slut', stock: 0 });
    const cartId = await newCart();
    const swedish = await addToCart(cartId, product.skuId, 1);
    expect(swedish.errors![0]!.message).toBe('Produkten är tyvärr slut i lager');
    const english = await addToCart(cartId, product.skuId, 1, { languageId: 'en-US' });
    expect(english.errors![0]!.message).toBe('Sorry, this product is sold out');
  });

  test('the merchant’s new price shows at once on the kept product page', async () => {
    const product = await createProduct({ name: 'Cachepenna Prisad', prices: { '1|se': 13900 } });
    const path = `/p/${product.alias}`;
    expect(textOf((await keptPage(path)).html)).toContain('Pris 139 kr inkl. moms');

    const changed = await setArticle(`T-${product.id}-1`, { prices: { '1|se': 11900 } });
    expect(changed.status).toBe(200);

    const after = await view(path);
    expect(after.cache).toBe('miss');
    expect(textOf(after.html)).toContain('Pris 119 kr inkl. moms');
    expect(textOf(after.html)).not.toContain('Pris 139 kr');
  });

  test('the merchant’s new stock count shows at once, and an unknown article or market changes nothing', async () => {
    const product = await createProduct({ name: 'Cachepenna Påfylld', stock: 0 });
    const path = `/p/${product.alias}`;
    expect(textOf((await keptPage(path)).html)).toContain('Slut i lager');

    expect((await setArticle('T-finns-inte', { stock: 5 })).status).toBe(404);
    const wrongMarket = await setArticle(`T-${product.id}-1`, { stock: 5, prices: { '1|xx': 100 } });
    expect(wrongMarket.status).toBe(400);
    expect(((await wrongMarket.json()) as { error: { message: string } }).error.message).toBe(
      'Produkten har inget pris i marknaden 1|xx',
    );
    expect((await view(path)).cache).toBe('hit');

    expect((await setArticle(`T-${product.id}-1`, { stock: 3 })).status).toBe(200);
    const after = await view(path);
    expect(after.cache).toBe('miss');
    expect(textOf(after.html)).toContain('Endast 3 kvar i lager');
  });

  test('a visitor cannot skip the check with the bench’s header (BENCH_ROUTES is off)', async () => {
    const product = await createProduct({ name: 'Cachepenna Bänk', stock: 2 });
    const path = `/p/${product.alias}`;
    await keptPage(path);
    await buy(product.skuId, 2);
    const response = await fetchWorker(path, { headers: { 'x-bench-no-version-check': '1' } });
    expect(response.headers.get('x-page-cache')).toBe('miss');
    expect(textOf(await response.text())).toContain('Slut i lager');
  });

  test('a campaign link to a kept page is served from the cache, its parameters left to the browser', async () => {
    const product = await createProduct({ name: 'Cachepenna Kampanj' });
    const path = `/p/${product.alias}`;
    await keptPage(path);
    const campaign = await view(`${path}?utm_source=nyhetsbrev&utm_medium=email&gclid=abc123&fbclid=xyz&msclkid=m1`);
    expect(campaign.status).toBe(200);
    expect(campaign.cache).toBe('hit');
    expect(textOf(campaign.html)).toContain('Cachepenna Kampanj');
    // Another parameter is another page.
    expect((await view(`${path}?farg=bla`)).cache).toBe('miss');
  });
});
