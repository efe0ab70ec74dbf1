// Issue 14, first step: the customer's orders on my pages (spec §2 /mina-sidor/ordrar, §4 in progress and
// history), guarded, grouped, statuses in the shopper's language, totals in the order's currency.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { graphqlAs, loggedInCustomer } from './cart-helpers';
import { cartWith, PLACE_ORDER, swedishInvoiceCheckout } from './checkout-helpers';
import { createProduct } from './factories';

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

async function placeInvoiceOrder(token: string, skuId: number, quantity: number): Promise<number> {
  const cartId = await cartWith(skuId, quantity);
  const placed = await graphqlAs(token, PLACE_ORDER, {
    cartId,
    checkout: swedishInvoiceCheckout(),
    channelId: '1|se',
    languageId: 'sv-SE',
    checkoutMarketId: 'se',
  });
  if (placed.errors) throw new Error(placed.errors[0]!.message);
  const row = await env.DB.prepare('SELECT id FROM orders WHERE cart_id = ?').bind(cartId).first<{ id: number }>();
  return row!.id;
}

function ordersPage(path: string, token?: string) {
  return fetchWorker(path, { headers: token ? { Cookie: `ralph-auth=${token}` } : {}, redirect: 'manual' });
}

describe('my orders', () => {
  test('a guest is sent to the start page of the language', async () => {
    const answer = await ordersPage('/en/my-account/orders');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/en');
  });

  test('orders in progress and history, with status, number, total and the lines', async () => {
    const customer = await loggedInCustomer(`orders-page-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const pen = await createProduct({ name: 'Kulspetspenna Orderblå', prices: { '1|se': 13900 } });
    const block = await createProduct({ name: 'Anteckningsblock Orderrutat', prices: { '1|se': 4900 } });
    const first = await placeInvoiceOrder(customer.token, pen.skuId, 2);
    const second = await placeInvoiceOrder(customer.token, block.skuId, 1);
    await env.DB.prepare("UPDATE orders SET status = 'PROCESSING' WHERE id = ?").bind(first).run();
    await env.DB.prepare("UPDATE orders SET status = 'COMPLETED' WHERE id = ?").bind(first).run();

    const answer = await ordersPage('/mina-sidor/ordrar', customer.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const html = await answer.text();
    const text = textOf(html);
    const inProgress = text.slice(text.indexOf('Pågående'), text.indexOf('Historik'));
    const history = text.slice(text.indexOf('Historik'));
    // 139 kr × 2 = 278 kr + 49 kr shipping (under 499 kr) = 327 kr; 49 kr + 49 kr shipping = 98 kr.
    expect(inProgress).toContain(`Order ${second}`);
    expect(inProgress).toContain('Mottagen');
    expect(inProgress).toContain('Totalt 98 kr');
    expect(inProgress).toContain('Anteckningsblock Orderrutat');
    expect(history).toContain(`Order ${first}`);
    expect(history).toContain('Slutförd');
    expect(history).toContain('Totalt 327 kr');
    expect(history).toContain('Kulspetspenna Orderblå');
    expect(html).toContain('aria-current="page"');
    // The newest first within the page.
    expect(text.indexOf(`Order ${second}`)).toBeLessThan(text.indexOf(`Order ${first}`));
  });

  test('in English the statuses and labels are English; a customer without orders is told so', async () => {
    const customer = await loggedInCustomer(`orders-en-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const empty = textOf(await (await ordersPage('/en/my-account/orders', customer.token)).text());
    expect(empty).toContain('You have no orders yet.');
    const product = await createProduct({ prices: { '1|se': 20000 } });
    await placeInvoiceOrder(customer.token, product.skuId, 1);
    const text = textOf(await (await ordersPage('/en/my-account/orders', customer.token)).text());
    expect(text).toContain('In progress');
    expect(text).toContain('Received');
    expect(text).toContain('Total kr 249');
  });

  test('another customer’s orders are not shown', async () => {
    const owner = await loggedInCustomer(`orders-owner-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const other = await loggedInCustomer(`orders-other-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const product = await createProduct({ name: 'Häftapparat Privat', prices: { '1|se': 9900 } });
    await placeInvoiceOrder(owner.token, product.skuId, 1);
    const text = textOf(await (await ordersPage('/mina-sidor/ordrar', other.token)).text());
    expect(text).not.toContain('Häftapparat Privat');
    expect(text).toContain('Du har inga ordrar ännu.');
  });
});
