import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import { cartWith, placeOrder, swedishCheckout } from './checkout-helpers';
import { CookieJar } from './forms-helpers';

interface PlacedOrder {
  publicId: string;
  cartId: string;
  orderNumber: string;
  productName: string;
  quantity: number;
}

/** An order paid by invoice (no payment step: RECEIVED at once), placed through /graphql placeOrder. */
function placedInvoiceOrder(offset: number, quantity = 2): Promise<PlacedOrder> {
  return placedOrder(offset, quantity, { paymentId: 3, identityNumber: '19811218-9876' });
}

async function placedOrder(offset: number, quantity: number, checkout: Record<string, unknown>): Promise<PlacedOrder> {
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  const cartId = await cartWith(sku!.id, quantity);
  const { data, errors } = await placeOrder(cartId, swedishCheckout(checkout));
  expect(errors).toBeUndefined();
  const publicId = new URL(data!.placeOrder.redirectUrl, 'http://shop').searchParams.get('orderId')!;
  const product = await env.DB.prepare(
    "SELECT t.name FROM product_texts t WHERE t.product_id = ? AND t.language_id = 'sv-SE'",
  )
    .bind(sku!.productId)
    .first<{ name: string }>();
  return { publicId, cartId, orderNumber: data!.placeOrder.orderId, productName: product!.name, quantity };
}

async function orderRow(publicId: string) {
  return (await env.DB.prepare('SELECT * FROM orders WHERE public_id = ?')
    .bind(publicId)
    .first<Record<string, any>>())!;
}

function confirmPath(order: { publicId: string; cartId: string }, prefix = ''): string {
  return `${prefix}/checkout/confirm?orderId=${order.publicId}&cartId=${order.cartId}`;
}

/** The text a shopper reads: tags removed, entities decoded, whitespace collapsed. */
function visibleText(html: string): string {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  return main
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

function trackerProps(html: string): { purchase: any; pending: boolean; cartCleared: boolean } {
  const json = /<script type="application\/json" data-island-props="PurchaseTracker"[^>]*>([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A money amount as the page formats it (sv-SE, SEK), e.g. '1 234 kr' with narrow no-break spaces normalised. */
function kronor(minor: number): string {
  return new Intl.NumberFormat('sv-SE', {
    style: 'currency',
    currency: 'SEK',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: minor % 100 === 0 ? 0 : 2,
  })
    .format(minor / 100)
    .replace(/\s/g, ' ');
}

describe('the order confirmation page', () => {
  test('shows the order number, items, totals, addresses, delivery and payment method and status', async () => {
    const order = await placedInvoiceOrder(10, 2);
    const row = await orderRow(order.publicId);
    const response = await fetchWorker(confirmPath(order));
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html).replace(/\s/g, ' ');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<h1[^>]*>Tack för din beställning!<\/h1>/);
    expect(text).toMatch(new RegExp(`Ordernummer\\s*:\\s*${order.orderNumber}`));
    expect(text).toContain(order.productName);
    expect(text).toContain('2 st');
    expect(text).toContain(`Totalt inkl. moms ${kronor(row.total_inc_vat)}`);
    expect(text).toContain(`Frakt ${kronor(row.shipping_fee_inc_vat)}`);
    expect(text).toContain('Storgatan 1');
    expect(text).toContain('114 55 Stockholm');
    // The country code the checkout sends ('SE') reads as the country's name.
    expect(text).toContain('114 55 Stockholm Sverige');
    expect(text).toContain('Faktureringsadress');
    expect(text).toContain('Leveransadress');
    expect(text).toContain(`Leveranssätt ${row.shipping_method}`);
    expect(text).toContain('Betalsätt Faktura');
    expect(text).toContain('Status Mottagen');
    expect(text).toContain('anna@example.com');
    // The undistracted layout: no main menu, no footer.
    expect(html).not.toContain('<footer');
  });

  test('a completed order links its parcel tracking, and only an https address', async () => {
    const order = await placedInvoiceOrder(12, 1);
    // As the merchant moves it: Behandlas, then Slutförd with the parcel's tracking.
    await env.DB.prepare("UPDATE orders SET status = 'PROCESSING' WHERE public_id = ?").bind(order.publicId).run();
    await env.DB.prepare("UPDATE orders SET status = 'COMPLETED' WHERE public_id = ?").bind(order.publicId).run();
    const complete = (link: string) =>
      env.DB.prepare('UPDATE orders SET tracking_link = ? WHERE public_id = ?').bind(link, order.publicId).run();
    await complete('https://tracking.postnord.com/se/?id=00370712345678901234');
    const html = await (await fetchWorker(confirmPath(order))).text();
    expect(visibleText(html)).toContain('Status Slutförd Spåra paketet');
    expect(html).toContain('href="https://tracking.postnord.com/se/?id=00370712345678901234"');
    // An address of another kind (a remote API's answer is not proof of anything) is not linked.
    await complete('javascript:alert(document.cookie)');
    const refused = await (await fetchWorker(confirmPath(order))).text();
    expect(visibleText(refused)).toContain('Status Slutförd');
    expect(refused).not.toContain('Spåra paketet');
    expect(refused).not.toContain('javascript:');
  });

  test('a business customer sees the totals excluding VAT, with the VAT and the total including it', async () => {
    const order = await placedInvoiceOrder(11, 1);
    const row = await orderRow(order.publicId);
    const html = await (
      await fetchWorker(confirmPath(order), { headers: { Cookie: 'ralph-user-type=ORGANIZATION' } })
    ).text();
    const text = visibleText(html).replace(/\s/g, ' ');
    expect(text).toContain(`Totalt exkl. moms ${kronor(row.total_ex_vat)}`);
    expect(text).toContain(`Moms ${kronor(row.vat)}`);
    expect(text).toContain(`Totalt inkl. moms ${kronor(row.total_inc_vat)}`);
  });

  test('is in English under /en', async () => {
    const order = await placedInvoiceOrder(12, 1);
    const html = await (await fetchWorker(confirmPath(order, '/en'))).text();
    expect(html).toMatch(/<h1[^>]*>Thank you for your order!<\/h1>/);
    expect(visibleText(html)).toMatch(new RegExp(`Order number\\s*:\\s*${order.orderNumber}`));
  });

  test('the purchase event carries the email, first name, last name and zip hashed with SHA-256 after lowercasing and trimming', async () => {
    const order = await placedInvoiceOrder(13, 3);
    const row = await orderRow(order.publicId);
    const billing = JSON.parse(row.billing_address);
    const { purchase, pending } = trackerProps(await (await fetchWorker(confirmPath(order))).text());
    expect(pending).toBe(false);
    expect(purchase.transaction_id).toBe(order.orderNumber);
    expect(purchase.currency).toBe('SEK');
    expect(purchase.value).toBe(row.total_inc_vat / 100);
    expect(purchase.items).toHaveLength(1);
    expect(purchase.items[0]).toMatchObject({ item_name: order.productName, quantity: 3 });
    expect(purchase.user_data).toEqual({
      email: await sha256(String(row.email).trim().toLowerCase()),
      first_name: await sha256(String(billing.firstName).trim().toLowerCase()),
      last_name: await sha256(String(billing.lastName).trim().toLowerCase()),
      zip: await sha256(String(billing.zip).trim().toLowerCase()),
    });
    expect(purchase.user_data.email).toBe(await sha256('anna@example.com'));
    expect(purchase.user_data.first_name).toBe(await sha256('anna'));
    expect(purchase.user_data.last_name).toBe(await sha256('svensson'));
  });

  test("clears the ralph-cart cookie when it names the order's cart, and leaves another cart alone", async () => {
    const order = await placedInvoiceOrder(14, 1);
    const jar = new CookieJar({ 'ralph-cart': order.cartId });
    const response = await fetchWorker(confirmPath(order), { headers: { Cookie: jar.header() } });
    jar.take(response);
    expect(
      response.headers.getSetCookie().some((cookie) => cookie.startsWith(`ralph-cart=;`) && /Max-Age=0/.test(cookie)),
    ).toBe(true);
    expect(jar.get('ralph-cart')).not.toBe(order.cartId);
    expect(trackerProps(await response.text()).cartCleared).toBe(true);

    const other = 'f'.repeat(32);
    const again = await fetchWorker(confirmPath(order), { headers: { Cookie: `ralph-cart=${other}` } });
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith('ralph-cart=;'))).toBe(false);
    expect(trackerProps(await again.text()).cartCleared).toBe(false);
  });

  test('an unknown order, a cartId that is not the order’s, or missing parameters answer 404', async () => {
    const order = await placedInvoiceOrder(15, 1);
    const other = await placedInvoiceOrder(16, 1);
    const paths = [
      confirmPath({ publicId: order.publicId, cartId: other.cartId }),
      confirmPath({ publicId: crypto.randomUUID(), cartId: order.cartId }),
      `/checkout/confirm?orderId=${order.publicId}`,
      '/checkout/confirm',
      `/checkout/confirm?orderId=not-an-id&cartId=${order.cartId}`,
    ];
    for (const path of paths) {
      const response = await fetchWorker(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('Sidan du söker kunde tyvärr inte hittas');
    }
  });

  test('while the payment waits for the provider it says so, reloads itself and sends no purchase event', async () => {
    // A card payment has a payment step: the order waits as PENDING_PAYMENT until the provider confirms.
    const order = await placedOrder(17, 1, { paymentId: 1 });
    expect((await orderRow(order.publicId)).status).toBe('PENDING_PAYMENT');
    const html = await (await fetchWorker(confirmPath(order))).text();
    expect(html).toMatch(/<h1[^>]*>Vi väntar på din betalning<\/h1>/);
    expect(visibleText(html)).toContain('Vi väntar på bekräftelse av betalningen');
    expect(visibleText(html)).toContain('Status Väntar på betalning');
    const props = trackerProps(html);
    expect(props.pending).toBe(true);
    expect(props.purchase).toBeNull();

    await env.DB.prepare("UPDATE orders SET status = 'RECEIVED' WHERE public_id = ?").bind(order.publicId).run();
    const paid = trackerProps(await (await fetchWorker(confirmPath(order))).text());
    expect(paid.pending).toBe(false);
    expect(paid.purchase.transaction_id).toBe(order.orderNumber);
  });
});

describe('the failed payment page', () => {
  const REASONS: Record<string, string> = {
    declined: 'Betalningen godkändes inte',
    cancelled: 'Betalningen avbröts',
    'out-of-stock': 'En produkt i din varukorg har tyvärr tagit slut i lager',
    blocked: 'Betalleverantören kan tyvärr inte ta emot din betalning',
    'order-failed': 'Ordern kunde tyvärr inte skapas hos betalleverantören',
    'stock-or-balance': 'Det kan bero på att en vara har tagit slut i lager eller att ditt saldo inte räcker till',
    error: 'Något gick tyvärr fel. Försök gärna igen',
    'something-else': 'Något gick tyvärr fel. Försök gärna igen',
  };

  for (const [reason, text] of Object.entries(REASONS)) {
    test(`explains the reason '${reason}' and leads back to the checkout`, async () => {
      const response = await fetchWorker(`/checkout/klarna-fail?orderId=${crypto.randomUUID()}&reason=${reason}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Betalningen gick inte igenom<\/h1>/);
      expect(visibleText(html)).toContain(text);
      expect(html).toMatch(
        /<a class="button button--primary payment-failed__back" href="\/kassan">Tillbaka till kassan<\/a>/,
      );
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });
  }

  test('without a reason it shows the generic text, and in English the English one with the English checkout', async () => {
    const html = await (await fetchWorker('/en/checkout/klarna-fail?reason=declined')).text();
    expect(html).toMatch(/<h1[^>]*>The payment did not go through<\/h1>/);
    expect(html).toContain('href="/en/checkout"');
    const none = await (await fetchWorker('/checkout/klarna-fail')).text();
    expect(visibleText(none)).toContain('Något gick tyvärr fel');
  });
});
