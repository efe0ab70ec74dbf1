// The built-in payment provider end to end (issue 6, contract 7): placeOrder sends a card order to the
// payment step, the hosted page approves or declines it, and the server-to-server notification records
// the outcome once, however often (or however concurrently) it arrives.
import { describe, expect, test } from 'vitest';
import { SignJWT } from 'jose';
import { env, fetchWorker } from '../helpers';
import { findSkus, PLAIN_SKU, setPromoCode } from './cart-helpers';
import { cartWith, placeOrder, swedishCheckout } from './checkout-helpers';
import { postForm, SAME_ORIGIN } from './forms-helpers';
import {
  countWhere,
  notifyBuiltIn,
  pendingCardOrder,
  rowsOf,
  signedNotification,
  shopperOf,
  fetchAsShopper,
  startPayment,
  stockOf,
} from './payments-helpers';

describe('placing a card order', () => {
  test('waits for its payment: PENDING_PAYMENT, a PENDING payment, and placeOrder points to the payment page', async () => {
    const { placed, publicId } = await pendingCardOrder();
    expect(placed.status).toBe('pending');
    expect(placed.redirectUrl).toBe(`/checkout/pay?orderId=${publicId}`);
    const { order, payment, history } = await rowsOf(publicId);
    expect(order.status).toBe('PENDING_PAYMENT');
    expect(payment).toMatchObject({
      provider: 'built-in',
      method: 'CARD',
      status: 'PENDING',
      amount: order.total_inc_vat,
    });
    expect(history).toEqual(['PENDING_PAYMENT']);
  });

  test('keeps the storefront’s locale prefix for the payment page', async () => {
    const redirect = '/en/checkout/confirm?orderId={payment.uid}&cartId={geins.cartid}';
    const { placed, publicId } = await pendingCardOrder({
      offset: 1,
      checkout: { checkoutUrls: { redirectUrl: redirect } },
      languageId: 'en-US',
    });
    expect(placed.redirectUrl).toBe(`/en/checkout/pay?orderId=${publicId}`);
  });

  test('an invoice order needs no payment step: RECEIVED at once, straight to the confirmation', async () => {
    const { placed, cartId } = await pendingCardOrder({
      offset: 2,
      checkout: { paymentId: 3, identityNumber: '19811218-9876' },
    });
    expect(placed.status).toBe('completed');
    expect(placed.redirectUrl).toContain(`cartId=${cartId}`);
    expect(placed.redirectUrl).toMatch(/^\/checkout\/confirm\?/);
  });
});

describe('the payment page', () => {
  test('redirects to the hosted page, and a reload reuses the same session', async () => {
    const { placed, publicId } = await pendingCardOrder({ offset: 3 });
    const first = await startPayment(placed.redirectUrl);
    expect(first).toMatch(/^\/payments\/hosted\/[0-9a-f-]{36}$/);
    expect(await startPayment(placed.redirectUrl)).toBe(first);
    const { payment } = await rowsOf(publicId);
    expect(first).toBe(`/payments/hosted/${payment.reference}`);
  });

  test('an unknown order is the 404 page', async () => {
    const response = await fetchWorker('/checkout/pay?orderId=00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    expect((await fetchWorker('/checkout/pay?orderId=nonsense')).status).toBe(404);
  });

  test('the hosted page shows the shop, order, amount in the order’s currency and method, with approve and decline forms', async () => {
    const { placed, publicId } = await pendingCardOrder({ offset: 4, quantity: 2 });
    const hosted = await startPayment(placed.redirectUrl);
    const response = await fetchAsShopper(hosted);
    expect(response.status).toBe(200);
    const html = await response.text();
    const { order } = await rowsOf(publicId);
    const amount = new Intl.NumberFormat('sv-SE', {
      style: 'currency',
      currency: 'SEK',
      minimumFractionDigits: order.total_inc_vat % 100 ? 2 : 0,
    }).format(order.total_inc_vat / 100);
    expect(html).toContain('<h1');
    expect(html).toContain('Betala din order');
    expect(html).toContain(order.order_number);
    expect(html.replace(/\u00a0/g, ' ')).toContain(amount.replace(/\u00a0/g, ' '));
    expect(html).toContain('Kort');
    expect(html).toMatch(
      /<form action="\/payments\/hosted\/[^"]+" method="post"><input type="hidden" name="decision" value="approve"\/><button[^>]*>Godkänn betalningen<\/button>/,
    );
    expect(html).toContain('value="decline"');
    expect(html).toContain('name="robots" content="noindex"');
  });

  test('a hosted page posted from another site is refused (CSRF) and changes nothing', async () => {
    const { placed, publicId } = await pendingCardOrder({ offset: 5 });
    const hosted = await startPayment(placed.redirectUrl);
    const response = await postForm(hosted, { decision: 'approve' }, await shopperOf(hosted), {
      Origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect((await rowsOf(publicId)).order.status).toBe('PENDING_PAYMENT');
  });
});

describe('approving and declining', () => {
  test('approve: payment AUTHORIZED, order RECEIVED, shopper sent to the confirmation page', async () => {
    const { placed, publicId, cartId } = await pendingCardOrder({ offset: 6 });
    const hosted = await startPayment(placed.redirectUrl);
    const response = await postForm(hosted, { decision: 'approve' }, await shopperOf(hosted));
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/checkout/confirm?orderId=${publicId}&cartId=${cartId}`);
    const { order, payment, history } = await rowsOf(publicId);
    expect(order.status).toBe('RECEIVED');
    expect(payment.status).toBe('AUTHORIZED');
    expect(history).toEqual(['PENDING_PAYMENT', 'RECEIVED']);
    // The payment page of a paid order goes to the confirmation.
    const again = await fetchAsShopper(placed.redirectUrl, { redirect: 'manual' });
    expect(again.headers.get('Location')).toBe(`/checkout/confirm?orderId=${publicId}&cartId=${cartId}`);
  });

  test('approve in English lands on the English confirmation page', async () => {
    const redirect = '/en/checkout/confirm?orderId={payment.uid}&cartId={geins.cartid}';
    const { placed, publicId, cartId } = await pendingCardOrder({
      offset: 7,
      checkout: { checkoutUrls: { redirectUrl: redirect } },
      languageId: 'en-US',
    });
    const hosted = await startPayment(placed.redirectUrl);
    expect(hosted).toMatch(/^\/en\/payments\/hosted\//);
    const page = await (await fetchAsShopper(hosted)).text();
    expect(page).toContain('Approve payment');
    const response = await postForm(hosted, { decision: 'approve' }, await shopperOf(hosted));
    expect(response.headers.get('Location')).toBe(`/en/checkout/confirm?orderId=${publicId}&cartId=${cartId}`);
  });

  test('decline: order CANCELLED, stock and promo code use back, and a new open cart with the same items and code', async () => {
    const { placed, publicId, sku } = await pendingCardOrder({ offset: 8, quantity: 3 });
    const stockWhilePending = await stockOf(sku.id);
    expect(stockWhilePending).toBe(sku.stock - 3);
    const hosted = await startPayment(placed.redirectUrl);
    const jar = await shopperOf(hosted);
    const response = await postForm(hosted, { decision: 'decline' }, jar);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/checkout/klarna-fail?orderId=${publicId}&reason=declined`);
    const { order, payment, history } = await rowsOf(publicId);
    expect(order.status).toBe('CANCELLED');
    expect(payment).toMatchObject({ status: 'DECLINED', failure_reason: 'declined' });
    expect(history).toEqual(['PENDING_PAYMENT', 'CANCELLED']);
    expect(await stockOf(sku.id)).toBe(sku.stock);
    const newCart = jar.get('ralph-cart');
    expect(newCart).toBe(payment.reopened_cart_id);
    expect(newCart).not.toBe(order.cart_id);
    const items = await env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ?').bind(newCart).all();
    expect(items.results).toEqual([{ sku_id: sku.id, quantity: 3 }]);
    expect(await countWhere('carts WHERE id = ? AND completed_at IS NULL', newCart)).toBe(1);
  });

  test('decline returns the promo code’s use and the new cart keeps the code', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 9 });
    const cartId = await cartWith(sku!.id, 1);
    await env.DB.prepare("UPDATE promo_codes SET max_uses = uses + 1 WHERE code = 'VALKOMMEN10'").run();
    const before = (await env.DB.prepare("SELECT uses FROM promo_codes WHERE code = 'VALKOMMEN10'").first<{
      uses: number;
    }>())!.uses;
    expect((await setPromoCode(cartId, 'VALKOMMEN10')).errors).toBeUndefined();
    const placed = (await placeOrder(cartId, swedishCheckout())).data!.placeOrder;
    expect(
      (await env.DB.prepare("SELECT uses FROM promo_codes WHERE code = 'VALKOMMEN10'").first<{ uses: number }>())!.uses,
    ).toBe(before + 1);
    const hosted = await startPayment(placed.redirectUrl);
    const jar = await shopperOf(hosted);
    await postForm(hosted, { decision: 'decline' }, jar);
    expect(
      (await env.DB.prepare("SELECT uses FROM promo_codes WHERE code = 'VALKOMMEN10'").first<{ uses: number }>())!.uses,
    ).toBe(before);
    const reopened = await env.DB.prepare('SELECT promo_code FROM carts WHERE id = ?')
      .bind(jar.get('ralph-cart'))
      .first<{ promo_code: string }>();
    expect(reopened!.promo_code).toBe('VALKOMMEN10');
    expect(await stockOf(sku!.id)).toBe(sku!.stock);
  });
});

describe('the server-to-server notification', () => {
  test('sent twice, then three more at once: one order, one payment, one RECEIVED in the history', async () => {
    const { placed, publicId } = await pendingCardOrder({ offset: 10 });
    await startPayment(placed.redirectUrl);
    const { payment } = await rowsOf(publicId);
    const body = await signedNotification(payment.reference, 'authorized');
    expect((await notifyBuiltIn(body)).status).toBe(200);
    expect((await notifyBuiltIn(body)).status).toBe(200);
    const concurrent = await Promise.all([1, 2, 3].map(() => notifyBuiltIn(body)));
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await rowsOf(publicId);
    expect(rows.order.status).toBe('RECEIVED');
    expect(rows.history).toEqual(['PENDING_PAYMENT', 'RECEIVED']);
    expect(await countWhere('payments WHERE order_id = ?', rows.order.id)).toBe(1);
    expect(await countWhere('orders WHERE cart_id = ?', rows.order.cart_id)).toBe(1);
  });

  test('an approval and a decline arriving at once: exactly one of them counts, and the stock is returned at most once', async () => {
    const { placed, publicId, sku } = await pendingCardOrder({ offset: 11, quantity: 2 });
    await startPayment(placed.redirectUrl);
    const { payment } = await rowsOf(publicId);
    const [approve, decline] = await Promise.all([
      signedNotification(payment.reference, 'authorized'),
      signedNotification(payment.reference, 'declined'),
    ]);
    await Promise.all([notifyBuiltIn(approve), notifyBuiltIn(decline), notifyBuiltIn(decline), notifyBuiltIn(approve)]);
    const rows = await rowsOf(publicId);
    expect(rows.history).toHaveLength(2);
    if (rows.order.status === 'RECEIVED') {
      expect(rows.payment.status).toBe('AUTHORIZED');
      expect(await stockOf(sku.id)).toBe(sku.stock - 2);
      expect(rows.payment.reopened_cart_id).toBeNull();
    } else {
      expect(rows.order.status).toBe('CANCELLED');
      expect(rows.payment.status).toBe('DECLINED');
      expect(await stockOf(sku.id)).toBe(sku.stock);
      expect(await countWhere('carts WHERE id = ?', rows.payment.reopened_cart_id)).toBe(1);
    }
  });

  test('a bad signature is 401 and a tampered or malformed body 400/401: nothing changes', async () => {
    const { placed, publicId } = await pendingCardOrder({ offset: 12 });
    await startPayment(placed.redirectUrl);
    const { payment } = await rowsOf(publicId);
    const forged = await new SignJWT({ ref: payment.reference, outcome: 'authorized' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('built-in-payments')
      .setAudience('payment-notification')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough-0123456789'));
    expect((await notifyBuiltIn(forged)).status).toBe(401);
    const genuine = await signedNotification(payment.reference, 'declined');
    const [header, , signature] = genuine.split('.');
    const tamperedPayload = btoa(
      JSON.stringify({
        ref: payment.reference,
        outcome: 'authorized',
        iss: 'built-in-payments',
        aud: 'payment-notification',
      }),
    )
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect((await notifyBuiltIn(`${header}.${tamperedPayload}.${signature}`)).status).toBe(401);
    expect((await notifyBuiltIn('not a token')).status).toBe(400);
    const rows = await rowsOf(publicId);
    expect(rows.order.status).toBe('PENDING_PAYMENT');
    expect(rows.payment.status).toBe('PENDING');
    expect(rows.history).toEqual(['PENDING_PAYMENT']);
  });

  test('a notification from another origin needs no CSRF token but a valid signature (the route is server to server)', async () => {
    const response = await fetchWorker('/api/payments/built-in/notify', {
      method: 'POST',
      headers: { Origin: SAME_ORIGIN },
      body: 'x.y.z',
    });
    expect([400, 401]).toContain(response.status);
  });
});
