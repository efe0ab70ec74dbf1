// Issue 14, first step: the customer's orders on my pages (spec §2 /mina-sidor/ordrar, §4 in progress and
// history), guarded, grouped, statuses in the shopper's language, totals in the order's currency.
import { describe, expect, test } from 'vitest';
import { env, eventually, fetchWorker } from '../helpers';
import { addToCart, graphqlAs, loggedInCustomer } from './cart-helpers';
import { CookieJar, getPage, postForm } from './forms-helpers';
import {
  cartWith,
  CREATE_OR_UPDATE_CHECKOUT,
  PLACE_ORDER,
  placeInvoiceOrderAs,
  swedishInvoiceCheckout,
} from './checkout-helpers';
import { createProduct } from './factories';

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Places an invoice order of `quantity` × `skuId` and answers its row id and number (100001…). */
async function placeInvoiceOrder(token: string, skuId: number, quantity: number) {
  return placeInvoiceOrderAs(token, await cartWith(skuId, quantity));
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
    await env.DB.prepare("UPDATE orders SET status = 'PROCESSING' WHERE id = ?").bind(first.id).run();
    await env.DB.prepare("UPDATE orders SET status = 'COMPLETED' WHERE id = ?").bind(first.id).run();

    const answer = await ordersPage('/mina-sidor/ordrar', customer.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const html = await answer.text();
    const text = textOf(html);
    const inProgress = text.slice(text.indexOf('Pågående'), text.indexOf('Historik'));
    const history = text.slice(text.indexOf('Historik'));
    // 139 kr × 2 = 278 kr + 49 kr shipping (under 499 kr) = 327 kr; 49 kr + 49 kr shipping = 98 kr.
    expect(inProgress).toContain(`Order ${second.number}`);
    expect(inProgress).toContain('Mottagen');
    expect(inProgress).toContain('Totalt 98 kr');
    expect(inProgress).toContain('Anteckningsblock Orderrutat');
    expect(history).toContain(`Order ${first.number}`);
    expect(history).toContain('Slutförd');
    expect(history).toContain('Totalt 327 kr');
    expect(history).toContain('Kulspetspenna Orderblå');
    expect(html).toContain('aria-current="page"');
    // The newest first within the page.
    expect(text.indexOf(`Order ${second.number}`)).toBeLessThan(text.indexOf(`Order ${first.number}`));
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
    expect(text).toContain('Total 249 kr');
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

describe('buy again (issue 14)', () => {
  test('the order’s items go into the cart at today’s prices; what is no longer sold is named', async () => {
    const customer = await loggedInCustomer(`again-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const kept = await createProduct({ name: 'Gem Köpigen', prices: { '1|se': 2500 } });
    const gone = await createProduct({ name: 'Tejp Utgången', prices: { '1|se': 3500 } });
    const cartId = await cartWith(kept.skuId, 3);
    const { errors } = await addToCart(cartId, gone.skuId, 1);
    expect(errors).toBeUndefined();
    const { number } = await placeInvoiceOrderAs(customer.token, cartId);
    await env.DB.prepare('UPDATE products SET is_active = 0 WHERE id = ?').bind(gone.id).run();

    const jar = new CookieJar({ 'ralph-auth': customer.token });
    const answer = await postForm('/api/account/orders/buy-again', { order: number, page: '/mina-sidor/ordrar' }, jar);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/kassan');
    const checkout = await getPage('/kassan', jar);
    expect(textOf(checkout)).toContain(
      `Varorna från order ${number} ligger nu i varukorgen, till dagens priser, utom Tejp Utgången som inte längre går att köpa.`,
    );
    const lines = await env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ?')
      .bind(jar.get('ralph-cart'))
      .all<{ sku_id: number; quantity: number }>();
    expect(lines.results).toEqual([{ sku_id: kept.skuId, quantity: 3 }]);
  });

  test('another customer’s order number buys nothing', async () => {
    const owner = await loggedInCustomer(`again-owner-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const other = await loggedInCustomer(`again-other-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const product = await createProduct({ prices: { '1|se': 2500 } });
    const { number } = await placeInvoiceOrder(owner.token, product.skuId, 1);
    const jar = new CookieJar({ 'ralph-auth': other.token });
    const answer = await postForm('/api/account/orders/buy-again', { order: number, page: '/mina-sidor/ordrar' }, jar);
    expect(answer.headers.get('location')).toBe('/mina-sidor/ordrar');
    expect(textOf(await getPage('/mina-sidor/ordrar', jar))).toContain('Ordern kunde inte hittas.');
    expect(jar.get('ralph-cart')).toBeUndefined();
  });
});

describe('my balance (issue 14)', () => {
  test('what is left in the market currency, and what was used on which order', async () => {
    const customer = await loggedInCustomer(`saldo-page-${crypto.randomUUID().slice(0, 8)}@example.se`);
    await env.DB.prepare(
      "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'SEK', 5000, 'refund', ?)",
    )
      .bind(customer.id, new Date().toISOString())
      .run();
    const product = await createProduct({ prices: { '1|se': 20000 } });
    const cartId = await cartWith(product.skuId, 1);
    const scope = { cartId, channelId: '1|se', languageId: 'sv-SE', checkoutMarketId: 'se' };
    // The checkout shows the balance, and the order takes it (spec §4).
    expect(
      (await graphqlAs(customer.token, CREATE_OR_UPDATE_CHECKOUT, { ...scope, checkout: swedishInvoiceCheckout() }))
        .errors,
    ).toBeUndefined();
    const placed = await graphqlAs(customer.token, PLACE_ORDER, { ...scope, checkout: swedishInvoiceCheckout() });
    const number = (placed.data?.placeOrder as { orderId: string }).orderId;

    // The confirmation mail: the sale's total and VAT, then what the balance paid and what was left to pay.
    const mail = await eventually(
      () =>
        env.DB.prepare('SELECT body FROM outgoing_emails WHERE subject = ?')
          .bind(`Orderbekräftelse – order ${number}`)
          .first<{ body: string }>(),
      (row) => row !== null,
    );
    const body = mail!.body.replace(/\u00a0/g, ' ');
    // 200 kr + 49 kr shipping = 249 kr, of which VAT 49,80 kr; 50 kr of balance leaves 199 kr to pay.
    expect(body).toMatch(
      /Totalt inkl\. moms: 249 kr\s+varav moms: 49,80 kr\s+Saldo och presentkort: −50 kr\s+Att betala: 199 kr/,
    );

    const spent = textOf(await (await ordersPage('/mina-sidor/saldo', customer.token)).text());
    expect(spent).toContain('Ditt saldo 0 kr');
    expect(spent).toMatch(new RegExp(`Order ${number}, \\d+ [a-z]+ \\d{4}: 50 kr`));

    await env.DB.prepare(
      "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'SEK', 3000, 'refund', ?)",
    )
      .bind(customer.id, new Date().toISOString())
      .run();
    const english = textOf(await (await ordersPage('/en/my-account/balance', customer.token)).text());
    expect(english).toContain('Your balance 30 kr');
    expect(english).toContain('How the balance is used');
  });
});
