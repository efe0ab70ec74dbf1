// Issue 27, refunds and returns: staff refund all or some of an order's lines (and its shipping) through
// the payment provider's adapter, never more than was bought or paid; a withdrawal is a return in a queue,
// received, then refunded for exactly what it withdrew. Each step is audit-logged.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { loggedInCustomer } from './cart-helpers';
import { cartWith, placeInvoiceOrderAs } from './checkout-helpers';
import { createProduct } from './factories';
import { accessShop, addStaffMember, admin, noticeCookie, serveTeamCerts, textOf } from './admin-helpers';

const STAFF = 'returer@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
});
afterAll(() => stop());

/** An invoice order of 2 × 199 kr (+ 49 kr shipping, under the free-shipping limit): 447 kr. */
async function order() {
  const email = `retur-${crypto.randomUUID().slice(0, 8)}@example.se`;
  const customer = await loggedInCustomer(email);
  const product = await createProduct({ name: 'Returpenna', prices: { '1|se': 19900 } });
  return placeInvoiceOrderAs(customer.token, await cartWith(product.skuId, 2), { email });
}

/** A withdrawal of `units` of the order's first line, as the withdrawal form records it. */
async function withdrawal(orderId: number, units: number): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO order_withdrawals (order_id, request_key, via, created_at) VALUES (?, ?, 'ACCOUNT', ?) RETURNING id",
  )
    .bind(orderId, crypto.randomUUID(), new Date().toISOString())
    .first<{ id: number }>();
  await env.DB.prepare(
    'INSERT INTO order_withdrawal_rows (withdrawal_id, order_id, position, quantity) VALUES (?, ?, 1, ?)',
  )
    .bind(row!.id, orderId, units)
    .run();
  return row!.id;
}

const refunds = async (orderId: number) =>
  (
    await env.DB.prepare(
      `SELECT f.amount_inc_vat, f.shipping_inc_vat, f.reason, f.staff_email, substr(f.provider_reference, 1, 4) AS kind,
              (SELECT json_group_array(json_object('position', position, 'quantity', quantity, 'amount', amount_inc_vat))
               FROM order_refund_rows r WHERE r.refund_id = f.id) AS rows
       FROM order_refunds f WHERE f.order_id = ? ORDER BY f.id`,
    )
      .bind(orderId)
      .all()
  ).results;
const noticeOn = async (path: string, response: Response) =>
  textOf(await (await admin(path, { as: STAFF, cookie: noticeCookie(response) })).text());

describe('refunding an order’s lines', () => {
  test('some units, then the rest with the shipping: amounts add up to what was paid', async () => {
    const placed = await order();
    const path = `/admin/orders/${placed.number}`;
    const first = await admin(`${path}/refund`, {
      as: STAFF,
      form: { 'refund-1': '1', reason: 'Trasig vid leverans' },
    });
    expect(await noticeOn(path, first)).toContain('Återbetalat 199 kr.');
    const rest = await admin(`${path}/refund`, {
      as: STAFF,
      form: { 'refund-1': '1', shipping: 'yes', reason: 'Kunden ångrade resten' },
    });
    expect(await noticeOn(path, rest)).toContain('Återbetalat 248 kr.');
    expect(await refunds(placed.id)).toEqual([
      {
        amount_inc_vat: 19900,
        shipping_inc_vat: 0,
        reason: 'Trasig vid leverans',
        staff_email: STAFF,
        kind: 'own:',
        rows: '[{"position":1,"quantity":1,"amount":19900}]',
      },
      {
        amount_inc_vat: 24800,
        shipping_inc_vat: 4900,
        reason: 'Kunden ångrade resten',
        staff_email: STAFF,
        kind: 'own:',
        rows: '[{"position":1,"quantity":1,"amount":19900}]',
      },
    ]);
    const page = textOf(await (await admin(path, { as: STAFF })).text());
    expect(page).toContain('Returpenna');
    expect(page).not.toContain('Återbetala valda');
    const audit = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM staff_audit WHERE action = 'order.refund' AND subject = ?",
    )
      .bind(`order:${placed.number}`)
      .first();
    expect(audit).toEqual({ n: 2 });
  });

  test('more units than are left, the shipping twice, nothing chosen or no reason: refused, nothing recorded', async () => {
    const placed = await order();
    const path = `/admin/orders/${placed.number}`;
    await admin(`${path}/refund`, { as: STAFF, form: { shipping: 'yes', reason: 'Frakten' } });
    for (const [form, notice] of [
      [{ 'refund-1': '3', reason: 'För många' }, 'Det är fler än som finns kvar att återbetala.'],
      [{ 'refund-1': '-1', reason: 'Negativt' }, 'Det är fler än som finns kvar att återbetala.'],
      [{ 'refund-9': '1', reason: 'Ingen sådan rad' }, 'Det är fler än som finns kvar att återbetala.'],
      [{ shipping: 'yes', reason: 'Frakten igen' }, 'Frakten är redan återbetald.'],
      [{ reason: 'Inget valt' }, 'Välj något att återbetala och skriv ett skäl.'],
      [{ 'refund-1': '1', reason: '' }, 'Välj något att återbetala och skriv ett skäl.'],
    ] as const) {
      const refused = await admin(`${path}/refund`, { as: STAFF, form });
      expect(await noticeOn(path, refused)).toContain(notice);
    }
    expect(await refunds(placed.id)).toHaveLength(1);
  });
});

describe('a refund at the payment provider', () => {
  const kustomShop = {
    ...accessShop,
    PAYMENT_PROVIDERS: '{"CARD":"kustom"}',
    KUSTOM_USERNAME: 'PK-refund',
    KUSTOM_PASSWORD: 'kustom-password',
  };

  /** Kustom answers refunds with `status` (and the Refund-Id header); the calls are kept. */
  function kustomAnswering(status: number): { calls: { url: string; body: unknown }[]; restore: () => void } {
    const calls: { url: string; body: unknown }[] = [];
    const before = globalThis.fetch;
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith('https://api.playground.kustom.co/')) return before(input, init);
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response(null, { status, headers: status === 201 ? { 'Refund-Id': 'kustom-refund-1' } : {} });
    };
    return { calls, restore: () => (globalThis.fetch = before) };
  }

  test('an order paid through Kustom is refunded there; a refusal records nothing', async () => {
    const placed = await order();
    // The order as Kustom took its money (the invoice order's payment row, made a card payment there).
    await env.DB.prepare(
      "UPDATE payments SET provider = 'klarna', reference = '0b1d9815-165e-42e2-8867-35bc03789e00', method = 'CARD', status = 'AUTHORIZED' WHERE order_id = ?",
    )
      .bind(placed.id)
      .run();
    const path = `/admin/orders/${placed.number}`;
    const refusing = kustomAnswering(403);
    try {
      const refused = await admin(`${path}/refund`, {
        as: STAFF,
        form: { 'refund-1': '1', reason: 'Prov' },
        environment: kustomShop,
      });
      expect(await noticeOn(path, refused)).toContain('Betalvägen kunde inte återbetala. Inget är ändrat');
      expect(refusing.calls).toHaveLength(1);
    } finally {
      refusing.restore();
    }
    expect(await refunds(placed.id)).toEqual([]);
    const accepting = kustomAnswering(201);
    try {
      const done = await admin(`${path}/refund`, {
        as: STAFF,
        form: { 'refund-1': '1', reason: 'Trasig' },
        environment: kustomShop,
      });
      expect(await noticeOn(path, done)).toContain('Återbetalat 199 kr.');
      expect(accepting.calls.map((call) => call.url)).toEqual([
        'https://api.playground.kustom.co/ordermanagement/v1/orders/0b1d9815-165e-42e2-8867-35bc03789e00/refunds',
      ]);
      expect(accepting.calls[0]!.body).toMatchObject({ refunded_amount: 19900, description: 'Trasig' });
    } finally {
      accepting.restore();
    }
    const recorded = await env.DB.prepare(
      'SELECT provider_reference, amount_inc_vat FROM order_refunds WHERE order_id = ?',
    )
      .bind(placed.id)
      .all();
    expect(recorded.results).toEqual([{ provider_reference: 'kustom-refund-1', amount_inc_vat: 19900 }]);
  });
});

describe('the returns queue', () => {
  test('a withdrawal is received, then refunded for exactly what it withdrew', async () => {
    const placed = await order();
    const id = await withdrawal(placed.id, 2);
    const open = textOf(await (await admin('/admin/returns', { as: STAFF })).text());
    expect(open).toContain(`Order ${placed.number}`);
    expect(open).toContain('2 × Returpenna');
    const early = await admin(`/admin/returns/${id}/refund`, { as: STAFF, form: {} });
    expect(await noticeOn('/admin/returns', early)).toContain('Ta emot varorna först.');
    const received = await admin(`/admin/returns/${id}/received`, { as: STAFF, form: {} });
    expect(received.headers.get('Location')).toBe('/admin/returns?state=received');
    expect(await noticeOn('/admin/returns?state=received', received)).toContain(`Varorna mottagna`);
    const again = await admin(`/admin/returns/${id}/received`, { as: STAFF, form: {} });
    expect(await noticeOn('/admin/returns', again)).toContain('Returen är redan mottagen.');
    const refunded = await admin(`/admin/returns/${id}/refund`, { as: STAFF, form: {} });
    const done = await noticeOn('/admin/returns?state=refunded', refunded);
    expect(done).toContain('Returen är återbetald: 398 kr.');
    expect(done).toContain('Återbetald');
    expect(await refunds(placed.id)).toEqual([
      {
        amount_inc_vat: 39800,
        shipping_inc_vat: 0,
        reason: 'Ångerrätt',
        staff_email: STAFF,
        kind: 'own:',
        rows: '[{"position":1,"quantity":2,"amount":39800}]',
      },
    ]);
    const link = await env.DB.prepare(
      'SELECT refund_id IS NOT NULL AS refunded, received_by FROM order_withdrawals WHERE id = ?',
    )
      .bind(id)
      .first();
    expect(link).toEqual({ refunded: 1, received_by: STAFF });
    // A second press refunds nothing more.
    const twice = await admin(`/admin/returns/${id}/refund`, { as: STAFF, form: {} });
    expect(await noticeOn('/admin/returns', twice)).toContain('Det är fler än som finns kvar att återbetala.');
    expect(await refunds(placed.id)).toHaveLength(1);
  });
});
