// Issue 26, the withdrawal function in front of a remote API: the function read and wrote the built-in
// API's orders, so in front of a merchant's Geins API it was off ("contact customer service"). Now it is
// keyed by what the API gives: the order is the API's (getOrderPublic with the customer's token), the
// withdrawals the storefront's own (migration 0029), the acknowledgement mailed to the customer and the
// withdrawal told to the merchant's address (WITHDRAWAL_NOTICE_TO), since the API never reads them.
//
// The stand-in for the merchant's API is another instance of our worker at its own origin.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { CookieJar, flashNotice, SAME_ORIGIN } from './forms-helpers';
import { addToCart, findSkus, newCart, PLAIN_SKU } from './cart-helpers';
import { PAYMENT, swedishPerson } from './checkout-page-helpers';
import { standInApi, storefrontEnvFor, storefrontRequest } from './stand-in';

const API = 'https://withdrawal.stand-in.test';
const MERCHANT = 'kundtjanst@example.se';

const remoteShop = storefrontEnvFor(API, { WITHDRAWAL_NOTICE_TO: MERCHANT });

const PLAIN = 'hemligt123';
let serial = 0;
let clients = 0;
let shopperAddress = '';
let api: ReturnType<typeof standInApi>;

beforeEach(() => {
  shopperAddress = `10.27.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}`;
  api = standInApi(API);
});
afterEach(() => api.stop());

const shop = (path: string, jar: CookieJar, init: RequestInit = {}) =>
  storefrontRequest(remoteShop, path, jar, init, shopperAddress);

const form = (path: string, fields: Record<string, string>, jar: CookieJar) =>
  shop(path, jar, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SAME_ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\u00a0/g, ' ');

/** A customer registered at the API through the storefront, with an invoice order of `quantity` units. */
async function customerWithOrder(quantity: number, offset: number) {
  const email = `angra-${Date.now()}-${serial++}@example.com`;
  const jar = new CookieJar();
  await form(
    '/api/account/register',
    { page: '/account', email, password: PLAIN, passwordConfirm: PLAIN, customerType: 'PERSON', remember: 'on' },
    jar,
  );
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  const cartId = await newCart('se');
  expect((await addToCart(cartId, sku!.id, quantity)).errors).toBeUndefined();
  jar.cookies.set('ralph-cart', cartId);
  const placed = await form('/api/checkout', swedishPerson({ email, paymentId: PAYMENT.INVOICE }), jar);
  expect(placed.status).toBe(303);
  const order = (await env.DB.prepare(
    `SELECT o.order_number AS number, o.public_id AS publicId, r.name AS name
     FROM orders o JOIN order_rows r ON r.order_id = o.id WHERE o.cart_id = ?`,
  )
    .bind(cartId)
    .first<{ number: string; publicId: string; name: string }>())!;
  return { jar, email, order };
}

/** The withdrawal link my pages give for the order. */
async function linkOf(jar: CookieJar): Promise<string> {
  const orders = await (await shop('/mina-sidor/ordrar', jar)).text();
  const link = /href="(\/angra-kop\?t=[\w.-]+)"/.exec(orders)?.[1];
  expect(link).toBeDefined();
  return link!;
}

const mailsTo = (recipient: string) =>
  env.DB.prepare(
    `SELECT kind, subject, body FROM outgoing_emails WHERE recipient = ? AND kind = 'WITHDRAWAL_RECEIPT' ORDER BY id`,
  )
    .bind(recipient)
    .all<{ kind: string; subject: string; body: string }>()
    .then((rows) => rows.results);

describe('withdrawing from a remote API’s order', () => {
  test('my pages link it; the storefront records it, acknowledges it to the customer and tells the merchant, once', async () => {
    const { jar, email, order } = await customerWithOrder(2, 12);
    const link = await linkOf(jar);
    const token = new URL(link, SAME_ORIGIN).searchParams.get('t')!;

    const page = await shop(link, jar);
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain(`Här kan du ångra hela eller delar av order ${order.number}`);
    expect(text).toContain(order.name);

    const review = await (await shop(`${link}&step=review&q1=1`, jar)).text();
    const key = /name="key" value="([0-9a-f]{32})"/.exec(review)![1]!;
    const answer = await form('/api/orders/withdraw', { t: token, key, q1: '1', page: '/angra-kop' }, jar);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/angra-kop?t=${token}`);
    const receipt = await (await shop(answer.headers.get('location')!, jar)).text();
    expect(flashNotice(receipt)?.text).toBe(
      'Ditt ångerköp är registrerat. Vi har skickat en bekräftelse till din e-post.',
    );
    expect(textOf(receipt)).toContain('2 köpta, 1 kvar att ångra');
    // A Geins market states no return fee: the page says how to return without one.
    expect(textOf(receipt)).toContain(
      'Kontakta vår kundtjänst så bokar vi returen åt dig och berättar vad returfrakten kostar.',
    );

    // The same form again (a double click): one withdrawal, one mail each.
    await form('/api/orders/withdraw', { t: token, key, q1: '1', page: '/angra-kop' }, jar);
    const rows = await env.DB.prepare(
      `SELECT r.position, r.quantity FROM storefront_withdrawals w
       JOIN storefront_withdrawal_rows r ON r.withdrawal_id = w.id WHERE w.api_order = ?`,
    )
      .bind(order.publicId)
      .all();
    expect(rows.results).toEqual([{ position: 1, quantity: 1 }]);
    const acknowledged = await mailsTo(email);
    expect(acknowledged).toHaveLength(1);
    expect(acknowledged[0]!.subject).toBe(`Bekräftelse på ditt ångerköp – order ${order.number}`);
    expect(acknowledged[0]!.body).toContain(`1 × ${order.name}`);
    const told = await mailsTo(MERCHANT);
    const notice = told.filter((mail) => mail.subject === `Ångerköp av order ${order.number}`);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.body).toContain(email);
    expect(notice[0]!.body).toContain(`1 × ${order.name}`);

    // More than is left: refused with the message, nothing recorded.
    const again = await (await shop(`${link}&step=review&q1=1`, jar)).text();
    const second = /name="key" value="([0-9a-f]{32})"/.exec(again)![1]!;
    const refused = await form('/api/orders/withdraw', { t: token, key: second, q1: '2', page: '/angra-kop' }, jar);
    expect(refused.status).toBe(303);
    expect(flashNotice(await (await shop(refused.headers.get('location')!, jar)).text())?.role).toBe('alert');
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM storefront_withdrawals WHERE api_order = ?')
      .bind(order.publicId)
      .first<{ n: number }>();
    expect(after!.n).toBe(1);
  });

  test('the link is the customer’s own: another customer or a guest with it reaches nothing, and writes nothing', async () => {
    const { jar, order } = await customerWithOrder(1, 13);
    const link = await linkOf(jar);
    const token = new URL(link, SAME_ORIGIN).searchParams.get('t')!;
    const { jar: other } = await customerWithOrder(1, 14);
    for (const visitor of [other, new CookieJar()]) {
      const page = await shop(link, visitor);
      expect(page.status).toBe(403);
      const posted = await form(
        '/api/orders/withdraw',
        { t: token, key: 'a'.repeat(32), q1: '1', page: '/angra-kop' },
        visitor,
      );
      expect(posted.status).toBe(303);
    }
    const recorded = await env.DB.prepare('SELECT COUNT(*) AS n FROM storefront_withdrawals WHERE api_order = ?')
      .bind(order.publicId)
      .first<{ n: number }>();
    expect(recorded!.n).toBe(0);
  });
});
