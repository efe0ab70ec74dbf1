// Issue 14, the business buyer's basics: a Företag's own reference / purchase order number
// (CheckoutInputType.customerOrderNumber) and the company's VAT registration number at checkout, kept on
// the order and shown on the confirmation and on my pages' order.
import { describe, expect, test } from 'vitest';
import { env, eventually, fetchWorker } from '../helpers';
import { findSkus, loggedInCustomer, PLAIN_SKU } from './cart-helpers';
import { createOrUpdateCheckout, STOCKHOLM } from './checkout-helpers';
import {
  checkoutNotice,
  checkoutPage,
  fieldErrors,
  ORGANISATIONSNUMMER,
  ordersOfCart,
  postCheckout,
  shopperWithCart,
  swedishPerson,
} from './checkout-page-helpers';
import { getPage } from './forms-helpers';

async function plainSku() {
  const [sku] = await findSkus(PLAIN_SKU);
  return sku!;
}

/** Everything a Företag in Stockholm fills in, paying by invoice, with its reference and VAT number. */
function swedishCompany(overrides: Record<string, string> = {}): Record<string, string> {
  return swedishPerson({
    customerType: 'ORGANIZATION',
    personalId: '',
    company: 'Kontorsbolaget AB',
    organizationId: ORGANISATIONSNUMMER,
    customerOrderNumber: 'IO-2026-0417',
    vatNumber: 'se 556036-0793 01',
    ...overrides,
  });
}

async function businessColumnsOf(cartId: string) {
  return env.DB.prepare('SELECT customer_order_number, vat_number FROM orders WHERE cart_id = ?')
    .bind(cartId)
    .first<{ customer_order_number: string | null; vat_number: string | null }>();
}

/** The `<dt>`/`<dd>` pairs of the order details, as text. */
function orderDetails(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<div><dt>([^<]*)<\/dt><dd>([^<]*)<\/dd><\/div>/g)].map((m) => [m[1]!, m[2]!]),
  );
}

describe('a business buyer’s reference and VAT number', () => {
  test('a placed Företag order keeps both and the confirmation shows them', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    const response = await postCheckout(jar, swedishCompany());
    expect(response.status).toBe(303);
    const [order] = await ordersOfCart(cartId);
    expect(order).toMatchObject({ status: 'RECEIVED' });
    expect(await businessColumnsOf(cartId)).toEqual({
      customer_order_number: 'IO-2026-0417',
      vat_number: 'SE556036079301',
    });

    const confirmation = await getPage(response.headers.get('location')!, jar);
    expect(orderDetails(confirmation)).toMatchObject({
      'Er referens / inköpsordernummer': 'IO-2026-0417',
      Momsregistreringsnummer: 'SE556036079301',
    });
  });

  test('the order confirmation mail names the reference and the VAT number', async () => {
    const { jar } = await shopperWithCart((await plainSku()).id);
    const email = `inkop-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await postCheckout(jar, swedishCompany({ email }));
    const mail = await eventually(
      () =>
        env.DB.prepare('SELECT body, html FROM outgoing_emails WHERE recipient = ?')
          .bind(email)
          .first<{ body: string; html: string }>(),
      (row) => row !== null,
    );
    expect(mail!.body).toContain('Er referens / inköpsordernummer');
    expect(mail!.body).toContain('IO-2026-0417');
    expect(mail!.body).toContain('Momsregistreringsnummer');
    expect(mail!.body).toContain('SE556036079301');
  });

  test('a malformed VAT number is refused with its message, and nothing is ordered', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    for (const vatNumber of ['5560360793', 'SE5560360793', 'SE556036079302', 'DK12345678']) {
      const response = await postCheckout(jar, swedishCompany({ vatNumber }));
      expect(response.headers.get('location'), vatNumber).toBe('/kassan');
      const html = await checkoutPage(jar);
      expect(fieldErrors(html), vatNumber).toEqual({ vatNumber: 'Du måste ange ett giltigt momsregistreringsnummer' });
      expect(checkoutNotice(html)).toContain('Se till att alla fält är korrekt ifyllda');
      expect(html).toContain(`value="${vatNumber}"`);
      expect(html).toContain('value="IO-2026-0417"');
    }
    expect(await ordersOfCart(cartId)).toEqual([]);
  });

  test('the VAT number is optional', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    await postCheckout(jar, swedishCompany({ vatNumber: '' }));
    expect(await businessColumnsOf(cartId)).toEqual({ customer_order_number: 'IO-2026-0417', vat_number: null });
  });

  test('the API refuses a malformed VAT number and changes nothing on the cart', async () => {
    const { cartId } = await shopperWithCart((await plainSku()).id);
    const company = { customerType: 'ORGANIZATION', email: 'inkop@example.com', billingAddress: STOCKHOLM };
    await createOrUpdateCheckout(cartId, { ...company, merchantData: JSON.stringify({ vatNumber: 'SE556036079301' }) });
    const before = await env.DB.prepare('SELECT checkout, revision FROM carts WHERE id = ?').bind(cartId).first();
    const refused = await createOrUpdateCheckout(cartId, {
      ...company,
      email: 'annan@example.com',
      merchantData: JSON.stringify({ vatNumber: 'SE55603607' }),
    });
    expect(refused.errors?.[0]?.message).toBe('Du måste ange ett giltigt momsregistreringsnummer');
    const inEnglish = await createOrUpdateCheckout(
      cartId,
      { ...company, merchantData: JSON.stringify({ vatNumber: 'SE55603607' }) },
      { languageId: 'en-US' },
    );
    expect(inEnglish.errors?.[0]?.message).toBe('You must enter a valid VAT registration number');
    expect(await env.DB.prepare('SELECT checkout, revision FROM carts WHERE id = ?').bind(cartId).first()).toEqual(
      before,
    );
  });

  test('a reference longer than 50 characters is refused by the API, and the field takes no more', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    const before = await env.DB.prepare('SELECT checkout, revision FROM carts WHERE id = ?').bind(cartId).first();
    const refused = await createOrUpdateCheckout(cartId, {
      customerType: 'ORGANIZATION',
      customerOrderNumber: 'P'.repeat(51),
    });
    expect(refused.errors?.[0]?.message).toBe('Se till att alla fält är korrekt ifyllda');
    expect(await env.DB.prepare('SELECT checkout, revision FROM carts WHERE id = ?').bind(cartId).first()).toEqual(
      before,
    );
    const html = await checkoutPage(jar);
    expect(html).toMatch(
      /<input[^>]*id="checkout-customerOrderNumber"[^>]*maxLength="50"|<input[^>]*maxLength="50"[^>]*id="checkout-customerOrderNumber"/i,
    );
    // A form that sends more anyway keeps the first 50 characters.
    await postCheckout(jar, swedishCompany({ customerOrderNumber: `${'1234567890'.repeat(5)}EXTRA` }));
    expect((await businessColumnsOf(cartId))?.customer_order_number).toBe('1234567890'.repeat(5));
  });

  test('a private person’s order keeps neither, even when they were sent', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    await postCheckout(jar, swedishPerson({ customerOrderNumber: 'IO-1', vatNumber: 'SE556036079301' }));
    expect(await businessColumnsOf(cartId)).toEqual({ customer_order_number: null, vat_number: null });
  });

  test('my pages show the reference and VAT number on the customer’s order', async () => {
    const customer = await loggedInCustomer(`foretag-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    jar.cookies.set('ralph-auth', customer.token);
    await postCheckout(jar, swedishCompany({ email: 'inkop@example.com' }));
    expect(await businessColumnsOf(cartId)).toEqual({
      customer_order_number: 'IO-2026-0417',
      vat_number: 'SE556036079301',
    });
    const response = await fetchWorker('/mina-sidor/ordrar', { headers: { Cookie: jar.header() } });
    const details = orderDetails(await response.text());
    expect(details).toMatchObject({
      'Er referens / inköpsordernummer': 'IO-2026-0417',
      Momsregistreringsnummer: 'SE556036079301',
    });
  });
});
