// Issue 27, orders: staff find an order (filters, search), read it whole, move it on (Behandlas, Slutförd
// with a tracking link, Avbruten: the customer is mailed and sees it on my pages), release or cancel a held
// credit order, and send one of its mails again. Every write is in the audit log; a viewer writes nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env, eventually, fetchWorker } from '../helpers';
import { loggedInCustomer } from './cart-helpers';
import { cartWith, placeInvoiceOrderAs } from './checkout-helpers';
import { createProduct } from './factories';
import { addStaffMember, admin, noticeCookie, serveTeamCerts, textOf } from './admin-helpers';

const STAFF = 'order@kontorsgiganten.se';
const VIEWER = 'tittare@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
  await addStaffMember(VIEWER, 'viewer');
});
afterAll(() => stop());

/** A customer's invoice order of one product at 199 kr (Anna Svensson, Storgatan 1, Stockholm). */
async function customerOrder(product = 'Häftapparat Admin') {
  const email = `admin-order-${crypto.randomUUID().slice(0, 8)}@example.se`;
  const customer = await loggedInCustomer(email);
  const made = await createProduct({ name: product, prices: { '1|se': 19900 } });
  const order = await placeInvoiceOrderAs(customer.token, await cartWith(made.skuId, 2), { email });
  return { ...order, email, customer, product: made };
}

const statusOf = async (number: string) =>
  (await env.DB.prepare('SELECT status, tracking_link, held_at FROM orders WHERE order_number = ?')
    .bind(number)
    .first<{ status: string; tracking_link: string | null; held_at: string | null }>())!;
const noticeOn = async (path: string, response: Response, as = STAFF) =>
  textOf(await (await admin(path, { as, cookie: noticeCookie(response) })).text());

describe('the order list', () => {
  test('search by number, e-mail or name, and filter by status, market and payment', async () => {
    const order = await customerOrder();
    for (const q of [order.number, order.email.toUpperCase(), 'anna svens']) {
      const text = textOf(await (await admin(`/admin/orders?q=${encodeURIComponent(q)}`, { as: STAFF })).text());
      expect(text).toContain(order.number);
    }
    const byEmail = textOf(await (await admin(`/admin/orders?q=${order.email}`, { as: STAFF })).text());
    expect(byEmail).toContain('1 order Ordrar Order Lagd Kund');
    expect(byEmail).toContain(`${order.number}`);
    expect(byEmail).toContain('Anna Svensson');
    expect(byEmail).toContain('Sverige (SEK)');
    expect(byEmail).toContain('Faktura');
    expect(byEmail).toContain('447 kr');
    expect(byEmail).toContain('Mottagen');
    const filtered = await admin(`/admin/orders?q=${order.email}&status=COMPLETED&market=1%7Cse&payment=INVOICE`, {
      as: STAFF,
    });
    expect(textOf(await filtered.text())).toContain('Inga ordrar matchar.');
    const wildcard = textOf(await (await admin('/admin/orders?q=%25', { as: STAFF })).text());
    expect(wildcard).toContain('Inga ordrar matchar.');
  });

  test('a malformed date says so and filters nothing away', async () => {
    const text = textOf(await (await admin('/admin/orders?from=28/11/2026', { as: STAFF })).text());
    expect(text).toContain('Ange datum som ÅÅÅÅ-MM-DD.');
  });
});

describe('one order', () => {
  test('shows its lines, totals, addresses, payment and events', async () => {
    const order = await customerOrder('Häftapparat Detalj');
    const text = textOf(await (await admin(`/admin/orders/${order.number}`, { as: STAFF })).text());
    expect(text).toContain(`Order ${order.number}`);
    expect(text).toContain(`Häftapparat Detalj T-${order.product.id}-1 2 199 kr`);
    expect(text).toContain(
      'Varor 398 kr Frakt 49 kr Rabatt 0 kr Betalt med saldo och presentkort 0 kr Totalt 447 kr Varav moms 89,40 kr',
    );
    expect(text).toContain('Betalväg Butikens egen');
    expect(text).toContain('Anna Svensson Storgatan 1 114 55 Stockholm');
    expect(text).toContain('Betalsätt Faktura');
    expect(text).toContain('Mottagen');
    expect((await admin('/admin/orders/999999999', { as: STAFF })).status).toBe(404);
    expect((await admin('/admin/orders/abc', { as: STAFF })).status).toBe(404);
  });

  test('Behandlas, then Slutförd with a tracking link: mailed, on my pages, and logged', async () => {
    const order = await customerOrder();
    const processing = await admin(`/admin/orders/${order.number}/status`, {
      as: STAFF,
      form: { status: 'PROCESSING' },
    });
    expect(processing.status).toBe(303);
    expect(await noticeOn(`/admin/orders/${order.number}`, processing)).toContain(
      'Ordern har status Behandlas. Kunden får ett mejl.',
    );
    const link = 'https://tracking.postnord.com/se/?id=00370712345678901234';
    await admin(`/admin/orders/${order.number}/status`, {
      as: STAFF,
      form: { status: 'COMPLETED', trackingLink: link },
    });
    expect(await statusOf(order.number)).toEqual({ status: 'COMPLETED', tracking_link: link, held_at: null });
    const mails = await eventually(
      async () =>
        (
          await env.DB.prepare("SELECT subject FROM outgoing_emails WHERE kind = 'ORDER_STATUS' AND subject LIKE ?")
            .bind(`%${order.number}%`)
            .all<{ subject: string }>()
        ).results,
      (rows) => rows.length >= 2,
    );
    expect(mails).toHaveLength(2);
    const myPages = await fetchWorker('/mina-sidor/ordrar', {
      headers: { Cookie: `ralph-auth=${order.customer.token}` },
    });
    const html = await myPages.text();
    expect(textOf(html)).toContain('Slutförd');
    expect(html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    const page = textOf(await (await admin(`/admin/orders/${order.number}`, { as: STAFF })).text());
    expect(page).toContain('Ordern kan inte flyttas vidare.');
    const { results } = await env.DB.prepare(
      'SELECT staff_email, action, before_json, after_json FROM staff_audit WHERE subject = ? ORDER BY id',
    )
      .bind(`order:${order.number}`)
      .all();
    expect(results).toEqual([
      {
        staff_email: STAFF,
        action: 'order.status',
        before_json: '{"status":"RECEIVED","trackingLink":null}',
        after_json: '{"status":"PROCESSING","trackingLink":null}',
      },
      {
        staff_email: STAFF,
        action: 'order.status',
        before_json: '{"status":"PROCESSING","trackingLink":null}',
        after_json: `{"status":"COMPLETED","trackingLink":"${link}"}`,
      },
    ]);
  });

  test('my pages link a tracking address only when it is https (an API answer is not proof)', async () => {
    const order = await customerOrder('Häftapparat Spårning');
    await env.DB.prepare("UPDATE orders SET status = 'PROCESSING' WHERE order_number = ?").bind(order.number).run();
    await env.DB.prepare("UPDATE orders SET status = 'COMPLETED', tracking_link = ? WHERE order_number = ?")
      .bind('javascript:alert(document.cookie)', order.number)
      .run();
    const html = await (
      await fetchWorker('/mina-sidor/ordrar', { headers: { Cookie: `ralph-auth=${order.customer.token}` } })
    ).text();
    expect(textOf(html)).toContain('Slutförd');
    expect(textOf(html)).not.toContain('Spåra paketet');
    expect(html).not.toContain('javascript:alert');
  });

  test('a move the statuses forbid, an http tracking link and a viewer’s move change nothing', async () => {
    const order = await customerOrder();
    const auditBefore = (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_audit').first<{ n: number }>())!.n;
    const insecure = await admin(`/admin/orders/${order.number}/status`, {
      as: STAFF,
      form: { status: 'COMPLETED', trackingLink: 'http://tracking.example/1' },
    });
    expect(await noticeOn(`/admin/orders/${order.number}`, insecure)).toContain(
      'Spårningslänken måste vara en https-adress.',
    );
    const skipping = await admin(`/admin/orders/${order.number}/status`, { as: STAFF, form: { status: 'COMPLETED' } });
    expect(await noticeOn(`/admin/orders/${order.number}`, skipping)).toContain(
      'Ordern kan inte gå från Mottagen till Slutförd.',
    );
    const viewer = await admin(`/admin/orders/${order.number}/status`, { as: VIEWER, form: { status: 'CANCELLED' } });
    expect(viewer.status).toBe(403);
    expect(await statusOf(order.number)).toEqual({ status: 'RECEIVED', tracking_link: null, held_at: null });
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_audit').first<{ n: number }>())!.n).toBe(auditBefore);
  });

  test('a held credit order is released before it can move, or cancelled with its stock back', async () => {
    const order = await customerOrder();
    const other = await customerOrder();
    await env.DB.prepare('UPDATE orders SET held_at = ? WHERE order_number IN (?, ?)')
      .bind('2026-11-28T09:00:00.000Z', order.number, other.number)
      .run();
    const listed = textOf(await (await admin('/admin/orders?status=HELD', { as: STAFF })).text());
    expect(listed).toContain(order.number);
    const page = textOf(await (await admin(`/admin/orders/${order.number}`, { as: STAFF })).text());
    expect(page).toContain('Ordern väntar på granskning sedan 28 nov. 2026 10:00');
    const early = await admin(`/admin/orders/${order.number}/status`, { as: STAFF, form: { status: 'PROCESSING' } });
    expect(await noticeOn(`/admin/orders/${order.number}`, early)).toContain('Släpp ordern först');
    const released = await admin(`/admin/orders/${order.number}/release`, { as: STAFF, form: {} });
    expect(await noticeOn(`/admin/orders/${order.number}`, released)).toContain('Ordern är släppt och kan behandlas.');
    expect((await statusOf(order.number)).held_at).toBeNull();
    const again = await admin(`/admin/orders/${order.number}/release`, { as: STAFF, form: {} });
    expect(await noticeOn(`/admin/orders/${order.number}`, again)).toContain('Ordern väntar inte på granskning.');

    const stockBefore = (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?')
      .bind(other.product.skuId)
      .first<{ stock: number }>())!.stock;
    await admin(`/admin/orders/${other.number}/status`, { as: STAFF, form: { status: 'CANCELLED' } });
    expect((await statusOf(other.number)).status).toBe('CANCELLED');
    expect(
      (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?')
        .bind(other.product.skuId)
        .first<{ stock: number }>())!.stock,
    ).toBe(stockBefore + 2);
  });

  test('a mail of the order is sent again; another order’s mail id is not reachable', async () => {
    const order = await customerOrder();
    const other = await customerOrder();
    const confirmation = await eventually(
      () =>
        env.DB.prepare('SELECT id, subject FROM outgoing_emails WHERE event_key = ?')
          .bind(`order-${order.id}-received`)
          .first<{ id: number; subject: string }>(),
      (row) => row !== null,
    );
    const resent = await admin(`/admin/orders/${order.number}/mails/${confirmation!.id}/resend`, {
      as: STAFF,
      form: {},
    });
    expect(await noticeOn(`/admin/orders/${order.number}`, resent)).toContain('Mejlet är köat igen.');
    const copies = await env.DB.prepare('SELECT recipient, subject FROM outgoing_emails WHERE event_key LIKE ?')
      .bind(`resend-order-${order.id}-${confirmation!.id}-%`)
      .all();
    expect(copies.results).toEqual([{ recipient: order.email, subject: confirmation!.subject }]);
    const crossed = await admin(`/admin/orders/${other.number}/mails/${confirmation!.id}/resend`, {
      as: STAFF,
      form: {},
    });
    expect(crossed.status).toBe(404);
  });
});
