// 'Slutför köp' without JavaScript: POST /api/checkout with intent=place, as the checkout form sends it.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import {
  cartState,
  checkoutNotice,
  checkoutPage,
  fieldErrors,
  ordersOfCart,
  PAYMENT,
  postCheckout,
  shopperWithCart,
  swedishPerson,
} from './checkout-page-helpers';

async function plainSku(offset = 0) {
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  return sku!;
}

async function blocklist(email: string, reason: string) {
  await env.DB.prepare('INSERT INTO customer_blocklist (email, reason, created_at) VALUES (?, ?, ?)')
    .bind(email, reason, new Date().toISOString())
    .run();
}

describe('placing an order from the checkout form without JavaScript', () => {
  test('missing and wrong fields come back with the messages of spec §5 and the summary, and nothing is placed', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    const response = await postCheckout(
      jar,
      swedishPerson({ email: 'anna@', firstName: '', zip: '', personalId: '811218-9875', terms: '' }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/kassan');

    const html = await checkoutPage(jar);
    expect(fieldErrors(html)).toEqual({
      email: 'Du måste ange en giltig email',
      firstName: 'Detta fält är obligatoriskt',
      zip: 'Detta fält är obligatoriskt',
      personalId: 'Du måste ange ett giltigt personnummer',
      terms: 'Du måste godkänna köpvillkoren innan du slutför ditt köp',
    });
    expect(checkoutNotice(html)).toContain('Se till att alla fält är korrekt ifyllda');
    // What the shopper typed is still there (kept on the cart), the wrong email too.
    expect(html).toContain('value="anna@"');
    expect(html).toContain('value="Storgatan 1"');
    expect(await ordersOfCart(cartId)).toEqual([]);
    expect((await cartState(cartId)).completed).toBe(false);

    // The messages show once: a reload starts clean.
    expect(fieldErrors(await checkoutPage(jar))).toEqual({});
  });

  test('a Företag paying by invoice needs a valid organisationsnummer and the company name', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    await postCheckout(
      jar,
      swedishPerson({ customerType: 'ORGANIZATION', personalId: '', organizationId: '556036-0794', company: '' }),
    );
    expect(fieldErrors(await checkoutPage(jar))).toEqual({
      company: 'Detta fält är obligatoriskt',
      organizationId: 'Du måste ange ett giltigt organisationsnummer',
    });
    expect(await ordersOfCart(cartId)).toEqual([]);
  });

  test('a valid invoice order goes to the confirmation with its order in D1, and a second submit answers with the same order', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id, 2);
    const first = await postCheckout(jar, swedishPerson({ message: 'Lämna vid dörren' }));
    expect(first.status).toBe(303);
    const [order] = await ordersOfCart(cartId);
    expect(order).toMatchObject({ status: 'RECEIVED', payment_method: 'INVOICE', email: 'anna.svensson@example.com' });
    expect(first.headers.get('location')).toBe(`/checkout/confirm?orderId=${order!.public_id}&cartId=${cartId}`);
    expect((await cartState(cartId)).completed).toBe(true);

    const second = await postCheckout(jar, swedishPerson({ message: 'Lämna vid dörren' }));
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(await ordersOfCart(cartId)).toHaveLength(1);
  });

  test('two submits at once place one order', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    const answers = await Promise.all([postCheckout(jar, swedishPerson()), postCheckout(jar, swedishPerson())]);
    expect(await ordersOfCart(cartId)).toHaveLength(1);
    const locations = answers.map((answer) => answer.headers.get('location'));
    expect(locations.some((location) => location?.startsWith('/checkout/confirm?orderId='))).toBe(true);
  });

  test('an English order goes to the confirmation under the English prefix', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    const response = await postCheckout(jar, swedishPerson({ redirect: '/en/checkout' }));
    const [order] = await ordersOfCart(cartId);
    expect(response.headers.get('location')).toBe(`/en/checkout/confirm?orderId=${order!.public_id}&cartId=${cartId}`);
  });

  test("out of stock at placement comes back with the API's message and the cart intact", async () => {
    const sku = await plainSku(1);
    const { jar, cartId } = await shopperWithCart(sku.id, 2);
    await env.DB.prepare('UPDATE skus SET stock = 1 WHERE id = ?').bind(sku.id).run();
    const response = await postCheckout(jar, swedishPerson());
    expect(response.headers.get('location')).toBe('/kassan');
    const notice = checkoutNotice(await checkoutPage(jar));
    expect(notice).toContain('finns tyvärr inte i lager i den mängd du valt');
    expect(await ordersOfCart(cartId)).toEqual([]);
    expect(await cartState(cartId)).toEqual({ lines: [{ sku_id: sku.id, quantity: 2 }], completed: false });
  });

  test('a blacklisted customer is told clearly and no order is placed', async () => {
    await blocklist('fusk@example.com', 'fraud');
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    await postCheckout(jar, swedishPerson({ email: 'fusk@example.com', paymentId: PAYMENT.CARD }));
    expect(checkoutNotice(await checkoutPage(jar))).toContain('Vi kan tyvärr inte ta emot din beställning');
    expect(await ordersOfCart(cartId)).toEqual([]);
  });

  test('a NOCREDIT customer cannot pay by invoice or instalment, and can by card', async () => {
    await blocklist('kredit@example.com', 'NOCREDIT-limited');
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    for (const paymentId of [PAYMENT.INVOICE, PAYMENT.INSTALMENT]) {
      await postCheckout(jar, swedishPerson({ email: 'kredit@example.com', paymentId }));
      expect(checkoutNotice(await checkoutPage(jar))).toContain(
        'Du kan tyvärr inte betala med faktura eller delbetalning',
      );
    }
    expect(await ordersOfCart(cartId)).toEqual([]);

    const card = await postCheckout(
      jar,
      swedishPerson({ email: 'kredit@example.com', paymentId: PAYMENT.CARD, personalId: '' }),
    );
    expect(card.status).toBe(303);
    const [order] = await ordersOfCart(cartId);
    expect(order).toMatchObject({ payment_method: 'CARD' });
    expect(card.headers.get('location')).not.toBe('/kassan');
  });

  test('a form post from another site is refused and places nothing', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    const foreign = await fetchWorker('/api/checkout', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
        Cookie: jar.header(),
      },
      body: new URLSearchParams(swedishPerson()).toString(),
      redirect: 'manual',
    });
    expect(foreign.status).toBe(403);
    expect(await ordersOfCart(cartId)).toEqual([]);
  });
});
