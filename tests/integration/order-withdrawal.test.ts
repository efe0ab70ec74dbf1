// Issue 14: the withdrawal function ("Ångra köp"): its period's edges, the signed link a guest uses, the
// refusals that change nothing, and the order mails (confirmation, acknowledgement, status) queued once.
import { describe, expect, test } from 'vitest';
import { env, eventually, fetchWorker } from '../helpers';
import { loggedInCustomer } from './cart-helpers';
import { cartWith, placeInvoiceOrderAs, placeOrder, swedishInvoiceCheckout } from './checkout-helpers';
import { createProduct } from './factories';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';
import { recordingQueue } from './mail-helpers';
import { recordWithdrawal } from '../../worker/commerce/orders/withdrawal';
import { signWithdrawalLink, withdrawalLinkKey } from '../../worker/commerce/orders/withdrawal-link';
import { transitionOrderStatus } from '../../worker/commerce/orders/orders';
import { queueOrderMails } from '../../worker/commerce/mail/order-mails';
import { cartShareKey, signCartShare } from '../../worker/commerce/cart/share';

const SECRET = (env as unknown as { AUTH_SECRET: string }).AUTH_SECRET;
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** Intl puts a no-break space between amount and currency. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

interface PlacedOrder {
  id: number;
  publicId: string;
  number: string;
  email: string;
}

/** A guest's invoice order of `quantity` × a new product named `name` (139 kr); its row, ids and email. */
async function guestOrder(name: string, quantity = 1, languageId = 'sv-SE'): Promise<PlacedOrder> {
  const product = await createProduct({ name, prices: { '1|se': 13900 } });
  const cartId = await cartWith(product.skuId, quantity);
  const email = `angra-${crypto.randomUUID().slice(0, 8)}@example.se`;
  const placed = await placeOrder(cartId, swedishInvoiceCheckout({ email }), { languageId });
  if (placed.errors) throw new Error(placed.errors[0]!.message);
  const row = await env.DB.prepare('SELECT id, public_id, order_number FROM orders WHERE cart_id = ?')
    .bind(cartId)
    .first<{ id: number; public_id: string; order_number: string }>();
  return { id: row!.id, publicId: row!.public_id, number: row!.order_number, email };
}

/** Completes order `id` at `at` (RECEIVED → PROCESSING → COMPLETED), its delivery promised in `days` working days. */
async function completeAt(id: number, at: string, days: number) {
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE orders SET priced_cart = json_set(priced_cart, '$.shippingMethod.deliveryDays.max', ?) WHERE id = ?",
    ).bind(days, id),
    env.DB.prepare("UPDATE orders SET status = 'PROCESSING' WHERE id = ?").bind(id),
    env.DB.prepare("UPDATE orders SET status = 'COMPLETED' WHERE id = ?").bind(id),
    env.DB.prepare(
      "INSERT INTO order_status_history (order_id, from_status, to_status, created_at) VALUES (?, 'RECEIVED', 'PROCESSING', ?), (?, 'PROCESSING', 'COMPLETED', ?)",
    ).bind(id, at, id, at),
  ]);
}

async function tokenOf(publicId: string, now = new Date()): Promise<string> {
  return signWithdrawalLink(await withdrawalLinkKey(SECRET), publicId, now);
}

async function withdrawnUnits(orderId: number): Promise<number> {
  const row = await env.DB.prepare(
    'SELECT COALESCE(SUM(quantity), 0) AS units FROM order_withdrawal_rows WHERE order_id = ?',
  )
    .bind(orderId)
    .first<{ units: number }>();
  return row!.units;
}

async function mailsOf(email: string, kind?: string) {
  const { results } = await env.DB.prepare(
    `SELECT kind, subject, body, html, event_key FROM outgoing_emails WHERE recipient = ? ${kind ? 'AND kind = ?' : ''} ORDER BY id`,
  )
    .bind(...(kind ? [email, kind] : [email]))
    .all<{ kind: string; subject: string; body: string; html: string; event_key: string }>();
  return results;
}

/** The review step's hidden request key. */
function requestKeyIn(html: string): string {
  return /name="key" value="([0-9a-f]{32})"/.exec(html)![1]!;
}

describe('the withdrawal period (docs/decisions/011-withdrawal.md)', () => {
  // Completed (handed to the carrier) Monday 2 March 2026 at 10:00 in Stockholm; the shipping method
  // promises at most 3 working days, so the goods are taken as delivered Thursday 5 March (day 0), and
  // day 14 is Thursday 19 March: the period ends 19 March 23:59:59 Stockholm (CET, 22:59:59 UTC).
  test('withdrawing on day 14 works; at midnight, day 15, it is refused and nothing changes', async () => {
    const order = await guestOrder('Kulspetspenna Dag14', 2);
    await completeAt(order.id, '2026-03-02T09:00:00.000Z', 3);
    const late = await recordWithdrawal(env.DB, {
      orderId: order.id,
      choice: [{ position: 1, quantity: 1 }],
      requestKey: 'a'.repeat(32),
      via: 'LINK',
      now: new Date('2026-03-19T23:00:00.000Z'), // 20 March 00:00 in Stockholm: day 15
    });
    expect(late).toEqual({ refusal: 'PERIOD_ENDED' });
    expect(await withdrawnUnits(order.id)).toBe(0);
    const inTime = await recordWithdrawal(env.DB, {
      orderId: order.id,
      choice: [{ position: 1, quantity: 1 }],
      requestKey: 'b'.repeat(32),
      via: 'LINK',
      now: new Date('2026-03-19T22:59:00.000Z'), // 19 March 23:59 in Stockholm: day 14
    });
    expect(inTime).toMatchObject({ repeated: false });
    expect(await withdrawnUnits(order.id)).toBe(1);
  });

  test('after the period the page says the day it ended and offers no form', async () => {
    const order = await guestOrder('Häftapparat Förr');
    // Monday 6 January 2025 + 3 working days = Thursday 9 January; + 14 days = Thursday 23 January 2025.
    await completeAt(order.id, '2025-01-06T09:00:00.000Z', 3);
    const answer = await fetchWorker(`/angra-kop?t=${await tokenOf(order.publicId)}`);
    expect(answer.status).toBe(200);
    const text = textOf(await answer.text());
    expect(text).toContain(`Ångerrätten för order ${order.number} gick ut den 23 januari 2025.`);
    expect(text).not.toContain('Antal att ångra av');
  });

  test('an order not yet shipped can be withdrawn from, and says so', async () => {
    const order = await guestOrder('Gem Ej skickat');
    const text = textOf(await (await fetchWorker(`/angra-kop?t=${await tokenOf(order.publicId)}`)).text());
    expect(text).toContain('Ordern har inte skickats än.');
    expect(text).toContain('Antal att ångra av Gem Ej skickat');
  });
});

describe('the signed withdrawal link', () => {
  test('a guest withdraws one item from the confirmation mail’s link, without logging in, and is mailed once', async () => {
    const order = await guestOrder('Kulspetspenna Gäst', 2);
    // The confirmation mail carries the link.
    const [confirmation] = await eventually(
      () => mailsOf(order.email, 'ORDER_CONFIRMATION'),
      (mails) => mails.length > 0,
    );
    expect(confirmation!.subject).toBe(`Orderbekräftelse – order ${order.number}`);
    expect(confirmation!.body).toContain('2 × Kulspetspenna Gäst');
    expect(plain(confirmation!.body)).toContain('Totalt inkl. moms: 327 kr'); // 2 × 139 kr + 49 kr shipping
    const link = /Ångra köp: (http:\/\/127\.0\.0\.1\/angra-kop\?t=[\w.-]+)/.exec(confirmation!.body)![1]!;
    expect(link).not.toContain(order.number);
    const path = link.replace('http://127.0.0.1', '');

    const jar = new CookieJar();
    const page = await fetchWorker(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('<meta name="referrer" content="no-referrer"');
    expect(html).toContain('<meta name="robots" content="noindex');
    // The token is the page's key: the canonical link leaves it out.
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1/angra-kop"/>');
    expect(textOf(html)).toContain(`Här kan du ångra hela eller delar av order ${order.number}`);

    // Nothing chosen: the same step again with the message.
    const empty = textOf(await getPage(`${path}&step=review&q1=0`, jar));
    expect(empty).toContain('Välj minst en vara att ångra.');
    const review = await getPage(`${path}&step=review&q1=1`, jar);
    expect(textOf(review)).toContain('1 × Kulspetspenna Gäst');
    const key = requestKeyIn(review);
    const token = new URL(link).searchParams.get('t')!;

    const answer = await postForm('/api/orders/withdraw', { t: token, key, q1: '1', page: '/angra-kop' }, jar);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/angra-kop?t=${token}`);
    const receipt = await getPage(answer.headers.get('location')!, jar);
    expect(flashNotice(receipt)?.text).toBe(
      'Ditt ångerköp är registrerat. Vi har skickat en bekräftelse till din e-post.',
    );
    const receiptText = textOf(receipt);
    expect(receiptText).toContain('Ditt ångerköp är registrerat');
    expect(receiptText).toMatch(/Registrerat \d{1,2} [a-zä]+ \d{4} kl\. \d{2}:\d{2}/);
    expect(plain(receiptText)).toContain('Returfrakten kostar 49 kr');
    expect(receiptText).toContain('2 köpta, 1 kvar att ångra');
    expect(await withdrawnUnits(order.id)).toBe(1);

    // The same form again (a double click): one withdrawal, one mail.
    await postForm('/api/orders/withdraw', { t: token, key, q1: '1', page: '/angra-kop' }, jar);
    expect(await withdrawnUnits(order.id)).toBe(1);
    const receipts = await mailsOf(order.email, 'WITHDRAWAL_RECEIPT');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Bekräftelse på ditt ångerköp – order ${order.number}`);
    expect(receipts[0]!.body).toContain('1 × Kulspetspenna Gäst');
    expect(plain(receipts[0]!.body)).toContain('Returfrakten kostar 49 kr');
    expect(receipts[0]!.html).toContain('Så skickar du tillbaka varorna');
  });

  test('more than was bought, or the same items twice, is refused with a message and changes nothing', async () => {
    const order = await guestOrder('Anteckningsblock Två', 1);
    const token = await tokenOf(order.publicId);
    const jar = new CookieJar();
    const tooMany = await postForm('/api/orders/withdraw', { t: token, key: 'c'.repeat(32), q1: '2' }, jar);
    expect(flashNotice(await getPage(tooMany.headers.get('location')!, jar))?.text).toBe(
      'Du kan inte ångra fler varor än det finns kvar i ordern. Inget har ändrats.',
    );
    expect(await withdrawnUnits(order.id)).toBe(0);
    await postForm('/api/orders/withdraw', { t: token, key: 'd'.repeat(32), q1: '1' }, jar);
    expect(await withdrawnUnits(order.id)).toBe(1);
    const twice = await postForm('/api/orders/withdraw', { t: token, key: 'e'.repeat(32), q1: '1' }, jar);
    expect(flashNotice(await getPage(twice.headers.get('location')!, jar))?.text).toBe(
      'Du kan inte ångra fler varor än det finns kvar i ordern. Inget har ändrats.',
    );
    expect(await withdrawnUnits(order.id)).toBe(1);
  });

  test('a tampered, expired or other-purpose token is refused with a clear message and nothing changes', async () => {
    const order = await guestOrder('Linjal Skyddad');
    const good = await tokenOf(order.publicId);
    const [head, body, signature] = good.split('.') as [string, string, string];
    const tampered = `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = await tokenOf(order.publicId, new Date(Date.now() - 401 * 24 * 3600 * 1000));
    const otherPurpose = await signCartShare(
      await cartShareKey(SECRET),
      { id: 'a'.repeat(32), items: [{ skuId: 1, quantity: 1 }], promoCode: null },
      new Date(),
    );
    const bareNumber = order.number;
    for (const token of [tampered, expired, otherPurpose, bareNumber, order.publicId]) {
      const page = await fetchWorker(`/angra-kop?t=${encodeURIComponent(token)}`);
      expect(page.status).toBe(403);
      expect(textOf(await page.text())).toContain('Länken går inte att använda.');
      const posted = await postForm('/api/orders/withdraw', { t: token, key: 'f'.repeat(32), q1: '1' });
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe('/angra-kop');
    }
    expect(await withdrawnUnits(order.id)).toBe(0);
    const english = await fetchWorker(`/en/withdrawal?t=${encodeURIComponent(tampered)}`);
    expect(textOf(await english.text())).toContain('This link cannot be used.');
  });

  test('a token names one order: another customer’s order cannot be reached, and my pages link only to one’s own', async () => {
    const owner = await loggedInCustomer(`angra-agare-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const other = await loggedInCustomer(`angra-annan-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const product = await createProduct({ name: 'Sax Ägarens', prices: { '1|se': 9900 } });
    const cartId = await cartWith(product.skuId, 1);
    const placed = await placeInvoiceOrderAs(owner.token, cartId);
    const number = placed.number;
    const row = { id: placed.id, public_id: placed.publicId };
    const othersJar = new CookieJar({ 'ralph-auth': other.token });
    // The other customer's pages have no link to it, and naming the order (its number or id) grants nothing.
    expect(textOf(await getPage('/mina-sidor/ordrar', othersJar))).not.toContain('Sax Ägarens');
    for (const t of [number, row!.public_id]) {
      await postForm('/api/orders/withdraw', { t, key: '1'.repeat(32), q1: '1' }, othersJar);
    }
    expect(await withdrawnUnits(row!.id)).toBe(0);
    // The owner's order detail has its "Ångra köp" and the status history.
    const mine = await getPage('/mina-sidor/ordrar', new CookieJar({ 'ralph-auth': owner.token }));
    expect(mine).toContain(`aria-label="Ångra köp i order ${number}"`);
    expect(textOf(mine)).toContain('Orderhistorik');
    expect(textOf(mine)).toMatch(/Orderhistorik Mottagen \d{1,2} [a-zä]+ \d{4} kl\. \d{2}:\d{2}/);
  });
});

describe('order mails (issue 14)', () => {
  test('each event is mailed once: confirmation, Behandlas, Slutförd with the withdrawal deadline', async () => {
    const order = await guestOrder('Tejp Statusmejl', 1, 'en-US');
    await eventually(
      () => mailsOf(order.email, 'ORDER_CONFIRMATION'),
      (mails) => mails.length > 0,
    );
    const queue = recordingQueue();
    const setup = {
      db: env.DB,
      queue,
      origin: 'http://127.0.0.1',
      shopName: 'Kontorsgiganten',
      linkKey: await withdrawalLinkKey(SECRET),
      now: new Date(),
    };
    expect(await queueOrderMails(setup, order.id)).toEqual([]); // the confirmation is there already
    expect(await transitionOrderStatus(env.DB, order.id, 'PROCESSING', new Date(), { mail: setup })).toBe('CHANGED');
    expect(await transitionOrderStatus(env.DB, order.id, 'COMPLETED', new Date(), { mail: setup })).toBe('CHANGED');
    await Promise.all([queueOrderMails(setup, order.id), queueOrderMails(setup, order.id)]);
    const mails = await mailsOf(order.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Order confirmation – order ${order.number}`,
      `Your order ${order.number} is being processed`,
      `Your order ${order.number} is completed`,
    ]);
    expect(mails[2]!.body).toContain('New status: Completed');
    expect(mails[2]!.body).toContain('You can withdraw until and including');
    expect(mails[2]!.body).toMatch(/Withdraw from purchase: http:\/\/127\.0\.0\.1\/en\/withdrawal\?t=/);
    expect(queue.sent).toHaveLength(2);
  });

  test('the business buyer’s reference and VAT number are in the confirmation when the order has them', async () => {
    const order = await guestOrder('Pärm Företag');
    await eventually(
      () => mailsOf(order.email, 'ORDER_CONFIRMATION'),
      (mails) => mails.length > 0,
    );
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE orders SET customer_order_number = 'PO-4711', vat_number = 'SE556677889901' WHERE id = ?",
      ).bind(order.id),
      env.DB.prepare('DELETE FROM outgoing_emails WHERE recipient = ?').bind(order.email),
    ]);
    const setup = {
      db: env.DB,
      queue: recordingQueue(),
      origin: 'http://127.0.0.1',
      shopName: 'Kontorsgiganten',
      linkKey: await withdrawalLinkKey(SECRET),
      now: new Date(),
    };
    await queueOrderMails(setup, order.id);
    const [mail] = await mailsOf(order.email, 'ORDER_CONFIRMATION');
    expect(mail!.body).toContain('Er referens / inköpsordernummer: PO-4711');
    expect(mail!.body).toContain('Momsregistreringsnummer: SE556677889901');
  });
});
