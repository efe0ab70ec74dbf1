// Issue 27, customers: staff find a customer, read their orders, balance and consents, adjust the balance
// with a reason, export their personal data and delete them; and log in as them (spec §6): a banner on
// every page of that session, no payment, password, passkey or account deletion, ended by the staff member,
// all in the audit log. Attacks: a viewer, a cross-site post, the impersonation session trying to pay or
// change the password by every door (form, auth endpoint, GraphQL).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { loggedInCustomer } from './cart-helpers';
import { cartWith, placeInvoiceOrderAs, PLACE_ORDER, swedishInvoiceCheckout } from './checkout-helpers';
import { createProduct } from './factories';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';
import { addStaffMember, devShop, admin, noticeCookie, serveTeamCerts, textOf } from './admin-helpers';

const STAFF = 'kundtjanst@kontorsgiganten.se';
const VIEWER = 'insyn@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
  await addStaffMember(VIEWER, 'viewer');
});
afterAll(() => stop());

/** A customer named Karin Kund with one invoice order of 2 × 199 kr (+ 49 kr shipping). */
async function customerWithOrder() {
  const email = `kund-admin-${crypto.randomUUID().slice(0, 8)}@example.se`;
  const customer = await loggedInCustomer(email);
  await env.DB.prepare("UPDATE customers SET first_name = 'Karin', last_name = 'Kund' WHERE id = ?")
    .bind(customer.id)
    .run();
  const product = await createProduct({ prices: { '1|se': 19900 } });
  const order = await placeInvoiceOrderAs(customer.token, await cartWith(product.skuId, 2), { email });
  return { ...customer, email, order, product };
}
const noticeOn = async (id: number, response: Response) =>
  textOf(await (await admin(`/admin/customers/${id}`, { as: STAFF, cookie: noticeCookie(response) })).text());
const balanceOf = async (id: number) =>
  (await env.DB.prepare(
    "SELECT COALESCE(SUM(amount), 0) AS sum FROM balance_transactions WHERE customer_id = ? AND currency_code = 'SEK'",
  )
    .bind(id)
    .first<{ sum: number }>())!.sum;

describe('a customer in the back office', () => {
  test('found by e-mail or name, with their orders, balance and consents', async () => {
    const customer = await customerWithOrder();
    for (const q of [customer.email.toUpperCase(), 'karin kund']) {
      const list = textOf(await (await admin(`/admin/customers?q=${encodeURIComponent(q)}`, { as: STAFF })).text());
      expect(list).toContain(customer.email);
    }
    const page = textOf(await (await admin(`/admin/customers/${customer.id}`, { as: STAFF })).text());
    expect(page).toContain('Karin Kund');
    expect(page).toContain(`${customer.order.number}`);
    expect(page).toContain('447 kr');
    expect(page).toContain('Inget saldo.');
    expect(page).toContain('Nyhetsbrev: nej');
  });

  test('the balance is adjusted with a reason, never below zero, and logged', async () => {
    const customer = await customerWithOrder();
    const added = await admin(`/admin/customers/${customer.id}/balance`, {
      as: STAFF,
      form: { amount: '150,50', currency: 'SEK', reason: 'Kompensation för sen leverans' },
    });
    const page = await noticeOn(customer.id, added);
    expect(page).toContain('Saldot är justerat.');
    expect(page).toContain('150,50 kr (Kompensation för sen leverans)');
    expect(await balanceOf(customer.id)).toBe(15050);
    const under = await admin(`/admin/customers/${customer.id}/balance`, {
      as: STAFF,
      form: { amount: '-200', currency: 'SEK', reason: 'Fel' },
    });
    expect(await noticeOn(customer.id, under)).toContain('Saldot kan inte bli lägre än 0.');
    for (const bad of [
      { amount: '0', currency: 'SEK', reason: 'Noll' },
      { amount: '10', currency: 'USD', reason: 'Fel valuta' },
      { amount: '10', currency: 'SEK', reason: ' ' },
      { amount: 'tio', currency: 'SEK', reason: 'Text' },
    ]) {
      const refused = await admin(`/admin/customers/${customer.id}/balance`, { as: STAFF, form: bad });
      expect(await noticeOn(customer.id, refused)).toContain('Ange ett belopp skilt från 0');
    }
    expect(await balanceOf(customer.id)).toBe(15050);
    const viewer = await admin(`/admin/customers/${customer.id}/balance`, {
      as: VIEWER,
      form: { amount: '1000', currency: 'SEK', reason: 'Till mig själv' },
    });
    expect(viewer.status).toBe(403);
    const audit = await env.DB.prepare(
      "SELECT staff_email, before_json, after_json FROM staff_audit WHERE action = 'customer.balance' AND subject = ?",
    )
      .bind(`customer:${customer.id}`)
      .all();
    expect(audit.results).toEqual([
      {
        staff_email: STAFF,
        before_json: '{"SEK":0}',
        after_json: '{"SEK":15050,"reason":"Kompensation för sen leverans"}',
      },
    ]);
  });

  test('their personal data is exported as JSON, and the export is logged', async () => {
    const customer = await customerWithOrder();
    const response = await admin(`/admin/customers/${customer.id}/export`, { as: STAFF, form: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="kund-\d+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = (await response.json()) as any;
    expect(data.customer.email).toBe(customer.email);
    expect(data.customer.first_name).toBe('Karin');
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].order_number).toBe(customer.order.number);
    expect(data.orders[0].billing_address.firstName).toBe('Anna');
    expect(data.orders[0].lines).toEqual([
      {
        position: 1,
        article_number: `T-${customer.product.id}-1`,
        name: customer.product.name,
        quantity: 2,
        total_inc_vat: 39800,
      },
    ]);
    expect(JSON.stringify(data)).not.toContain('password');
    const logged = await env.DB.prepare(
      "SELECT staff_email FROM staff_audit WHERE action = 'customer.export' AND subject = ?",
    )
      .bind(`customer:${customer.id}`)
      .first();
    expect(logged).toEqual({ staff_email: STAFF });
  });

  test('deleting needs the confirmation, then the customer is gone and their orders kept without them', async () => {
    const customer = await customerWithOrder();
    const unconfirmed = await admin(`/admin/customers/${customer.id}/delete`, { as: STAFF, form: {} });
    expect(await noticeOn(customer.id, unconfirmed)).toContain('Kryssa i att du förstår att kunden raderas.');
    const deleted = await admin(`/admin/customers/${customer.id}/delete`, { as: STAFF, form: { confirm: 'yes' } });
    expect(deleted.headers.get('Location')).toBe('/admin/customers');
    expect((await admin(`/admin/customers/${customer.id}`, { as: STAFF })).status).toBe(404);
    const order = await env.DB.prepare('SELECT email FROM orders WHERE order_number = ?')
      .bind(customer.order.number)
      .first<{ email: string }>();
    expect(order!.email).toBe(`deleted-${customer.id}@deleted.invalid`);
  });
});

describe('logging in as a customer (spec §6)', () => {
  /** Staff log in as `customer`: the shop's cookies of that session. */
  async function impersonate(customerId: number, as = STAFF): Promise<{ response: Response; jar: CookieJar }> {
    const response = await admin(`/admin/customers/${customerId}/impersonate`, { as, form: {} });
    return { response, jar: new CookieJar().take(response) };
  }

  test('every page says so, my pages are the customer’s, and staff end it', async () => {
    const customer = await customerWithOrder();
    const { response, jar } = await impersonate(customer.id);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/mina-sidor/ordrar');
    expect(jar.get('ralph-auth-refresh')).toBeUndefined();
    const banner = `Du är inloggad som ${customer.email} (personal: ${STAFF}). Lösenord, passkeys och betalning går inte att ändra här.`;
    const orders = textOf(await getPage('/mina-sidor/ordrar', jar));
    expect(orders).toContain(banner);
    expect(orders).toContain(`Order ${customer.order.number}`);
    // A catalog page, kept for everyone else, is this session's own.
    const product = await fetchWorker(`/p/${customer.product.alias}`, { headers: { Cookie: jar.header() } });
    expect(product.headers.get('x-page-cache')).toBeNull();
    expect(textOf(await product.text())).toContain(banner);
    // The customer's own page without the session has no banner.
    const own = textOf(await getPage('/mina-sidor/ordrar', new CookieJar({ 'ralph-auth': customer.token })));
    expect(own).not.toContain('personal:');

    const ended = await admin('/admin/impersonation/end', { as: STAFF, form: {}, cookie: jar.header() });
    expect(ended.headers.get('Location')).toBe(`/admin/customers/${customer.id}`);
    jar.take(ended);
    expect(jar.get('ralph-auth')).toBeUndefined();
    expect(textOf(await getPage('/mina-sidor/ordrar', jar))).not.toContain(banner);
    const log = await env.DB.prepare('SELECT staff_email, action FROM staff_audit WHERE subject = ? ORDER BY id')
      .bind(`customer:${customer.id}`)
      .all();
    expect(log.results).toEqual([
      { staff_email: STAFF, action: 'customer.impersonate.start' },
      { staff_email: STAFF, action: 'customer.impersonate.end' },
    ]);
  });

  test('the local owner of npm run dev (owner@localhost) is let in as the customer too', async () => {
    const customer = await customerWithOrder();
    const response = await admin(`/admin/customers/${customer.id}/impersonate`, { form: {}, environment: devShop });
    const jar = new CookieJar().take(response);
    expect(textOf(await getPage('/mina-sidor/ordrar', jar))).toContain(
      `Du är inloggad som ${customer.email} (personal: owner@localhost).`,
    );
  });

  test('the session cannot change the password, delete the account or pay, by any door', async () => {
    const customer = await customerWithOrder();
    const { jar } = await impersonate(customer.id);
    const hashBefore = (await env.DB.prepare('SELECT password_hash FROM customers WHERE id = ?')
      .bind(customer.id)
      .first<{ password_hash: string }>())!.password_hash;
    const password = await postForm(
      '/api/account/password',
      { currentPassword: 'vad-som-helst', password: 'nytt-losenord-123', passwordConfirm: 'nytt-losenord-123' },
      jar,
      { Referer: 'http://127.0.0.1/mina-sidor/installningar' },
    );
    expect(password.status).toBe(303);
    expect(password.headers.get('Location')).toBe('/mina-sidor/installningar');
    expect(flashNotice(await getPage('/mina-sidor/installningar', jar))?.text).toBe(
      'Det går inte när personal är inloggad som kunden.',
    );
    const deletion = await postForm('/api/account/delete', { password: 'vad-som-helst' }, jar);
    expect(deletion.status).toBe(303);
    const authPassword = await fetchWorker('/api/auth/password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1', Cookie: jar.header() },
      body: JSON.stringify({ username: customer.email, password: 'x', newPassword: 'nytt-losenord-123' }),
    });
    expect(authPassword.status).toBe(403);
    const checkout = await postForm('/api/checkout', { cartId: 'x' }, jar);
    expect(checkout.status).toBe(303);
    // The API refuses too, for a client that calls it directly with the session's cookie.
    const cartId = await cartWith(customer.product.skuId, 1);
    const placed = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1', Cookie: jar.header() },
      body: JSON.stringify({
        query: PLACE_ORDER,
        variables: {
          cartId,
          checkout: swedishInvoiceCheckout(),
          channelId: '1|se',
          languageId: 'sv-SE',
          checkoutMarketId: 'se',
        },
      }),
    });
    const body = (await placed.json()) as { errors?: { message: string; extensions: { code: string } }[] };
    expect(body.errors?.[0]).toMatchObject({
      message: 'Det går inte när personal är inloggad som kunden.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE cart_id = ?').bind(cartId).first()).toEqual({
      n: 0,
    });
    const after = await env.DB.prepare('SELECT password_hash, deleted_at FROM customers WHERE id = ?')
      .bind(customer.id)
      .first();
    expect(after).toEqual({ password_hash: hashBefore, deleted_at: null });
  });

  test('a viewer, a cross-site post and another staff member cannot start or end it', async () => {
    const customer = await customerWithOrder();
    expect((await impersonate(customer.id, VIEWER)).response.status).toBe(403);
    const crossSite = await admin(`/admin/customers/${customer.id}/impersonate`, {
      as: STAFF,
      form: {},
      origin: 'https://angripare.example',
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('Set-Cookie') ?? '').not.toContain('ralph-auth=');
    await addStaffMember('annan@kontorsgiganten.se', 'staff');
    const { jar } = await impersonate(customer.id);
    const other = await admin('/admin/impersonation/end', {
      as: 'annan@kontorsgiganten.se',
      form: {},
      cookie: jar.header(),
    });
    expect(other.status).toBe(403);
  });
});
