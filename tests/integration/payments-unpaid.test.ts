// Orders that are never paid (review of issue 6): the shopper who goes back to the checkout from the
// payment step gets the cart again, the hosted page's 'Back to checkout' does the same, and the sweep
// cancels what waited too long, each once however often it happens.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { cancelUnpaidOrders } from '../../worker/commerce/orders/payments';
import { findSkus, PLAIN_SKU, setPromoCode } from './cart-helpers';
import { cartWith, placeOrder, swedishCheckout } from './checkout-helpers';
import { checkoutNotice, checkoutPage } from './checkout-page-helpers';
import { CookieJar, postForm } from './forms-helpers';
import {
  countWhere,
  fetchAsShopper,
  pendingCardOrder,
  rowsOf,
  shopperOf,
  startPayment,
  stockOf,
} from './payments-helpers';

const CANCELLED_NOTICE = 'Betalningen avbröts och inga pengar har dragits. Dina varor ligger kvar i varukorgen.';

const itemsOf = async (cartId: string) =>
  (await env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ?').bind(cartId).all()).results;

/** /kassan as the browser follows it: once to reopen the cart (303 back to itself), then the page. */
async function checkoutReopened(jar: CookieJar): Promise<string> {
  const first = await fetchWorker('/kassan', { headers: { Cookie: jar.header() }, redirect: 'manual' });
  jar.take(first);
  expect(first.status).toBe(303);
  expect(first.headers.get('Location')).toBe('/kassan');
  return checkoutPage(jar);
}

/** Moves an order's placement `minutes` into the past. */
const placedMinutesAgo = (publicId: string, minutes: number) =>
  env.DB.prepare('UPDATE orders SET created_at = ? WHERE public_id = ?')
    .bind(new Date(Date.now() - minutes * 60_000).toISOString(), publicId)
    .run();

describe('back at the checkout with an unpaid order', () => {
  test('Back from the payment page: the payment is cancelled, stock is back and the checkout shows the cart again with a notice', async () => {
    const { cartId, placed, publicId, sku } = await pendingCardOrder({ offset: 30, quantity: 2 });
    await startPayment(placed.redirectUrl);
    // The shopper's browser: its cart cookie and the payment step's capability.
    const jar = await shopperOf(placed.redirectUrl);
    expect(jar.get('ralph-cart')).toBe(cartId);
    const html = await checkoutReopened(jar);
    const { order, payment, history } = await rowsOf(publicId);
    expect(order.status).toBe('CANCELLED');
    expect(payment).toMatchObject({ status: 'CANCELLED', failure_reason: 'cancelled' });
    expect(history).toEqual(['PENDING_PAYMENT', 'CANCELLED']);
    expect(await stockOf(sku.id)).toBe(sku.stock);
    expect(jar.get('ralph-cart')).toBe(payment.reopened_cart_id);
    expect(await itemsOf(payment.reopened_cart_id)).toEqual([{ sku_id: sku.id, quantity: 2 }]);
    expect(checkoutNotice(html)).toContain(CANCELLED_NOTICE);
    expect(html).toContain('class="cart-line"');
    // A reload is the plain checkout of the reopened cart: nothing more is cancelled, no notice.
    const again = await checkoutPage(jar);
    expect(checkoutNotice(again)).toBeNull();
    expect(await countWhere('order_status_history WHERE order_id = ?', order.id)).toBe(2);
  });

  test('an order the sweep already cancelled gives its reopened cart back the same way', async () => {
    const { cartId, publicId } = await pendingCardOrder({ offset: 31 });
    await placedMinutesAgo(publicId, 45);
    await cancelUnpaidOrders(env.DB, { olderThanMinutes: 30, now: new Date() });
    const jar = new CookieJar({ 'ralph-cart': cartId });
    const html = await checkoutReopened(jar);
    expect(jar.get('ralph-cart')).toBe((await rowsOf(publicId)).payment.reopened_cart_id);
    expect(checkoutNotice(html)).toContain(CANCELLED_NOTICE);
  });

  test('a paid order’s cart still shows the empty checkout, and nothing is cancelled', async () => {
    const { cartId, placed, publicId } = await pendingCardOrder({ offset: 32 });
    const hosted = await startPayment(placed.redirectUrl);
    await postForm(hosted, { decision: 'approve' }, await shopperOf(hosted));
    const html = await checkoutPage(new CookieJar({ 'ralph-cart': cartId }));
    expect(html).toContain('Din varukorg är tom');
    expect((await rowsOf(publicId)).order.status).toBe('RECEIVED');
  });
});

describe('Back to checkout on the hosted payment page', () => {
  test('cancels that payment and returns the shopper to the checkout with the cart and a notice', async () => {
    const { placed, publicId, sku } = await pendingCardOrder({ offset: 33, quantity: 2 });
    const hosted = await startPayment(placed.redirectUrl);
    const jar = await shopperOf(hosted);
    const response = await postForm(hosted, { decision: 'cancel' }, jar);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/kassan');
    const { order, payment, history } = await rowsOf(publicId);
    expect(order.status).toBe('CANCELLED');
    expect(payment).toMatchObject({ status: 'CANCELLED', failure_reason: 'cancelled' });
    expect(history).toEqual(['PENDING_PAYMENT', 'CANCELLED']);
    expect(await stockOf(sku.id)).toBe(sku.stock);
    expect(jar.get('ralph-cart')).toBe(payment.reopened_cart_id);
    expect(await itemsOf(payment.reopened_cart_id)).toEqual([{ sku_id: sku.id, quantity: 2 }]);
    // Posted again (Back, then the button once more): the shopper lands on the same reopened cart.
    const twice = await postForm(
      hosted,
      { decision: 'cancel' },
      new CookieJar({ 'ralph-cart': jar.get('ralph-cart')! }),
    );
    expect(twice.headers.get('Location')).toBe('/kassan');
    const html = await checkoutPage(jar);
    expect(checkoutNotice(html)).toContain(CANCELLED_NOTICE);
    expect(html).toContain('class="cart-line"');
  });

  test('the hosted page offers it, in the order’s language', async () => {
    const { placed } = await pendingCardOrder({ offset: 35, languageId: 'en-US' });
    const html = await (await fetchAsShopper(await startPayment(placed.redirectUrl))).text();
    expect(html).toContain('Back to checkout');
    expect(html).toContain('name="decision" value="cancel"');
  });
});

describe('the sweep of unpaid orders', () => {
  test('cancels orders waiting longer than the limit once: stock and promo code use back, order CANCELLED, cart reopened', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 36 });
    const cartId = await cartWith(sku!.id, 3);
    await env.DB.prepare("UPDATE promo_codes SET max_uses = uses + 1 WHERE code = 'VALKOMMEN10'").run();
    const uses = async () =>
      (await env.DB.prepare("SELECT uses FROM promo_codes WHERE code = 'VALKOMMEN10'").first<{ uses: number }>())!.uses;
    const before = await uses();
    expect((await setPromoCode(cartId, 'VALKOMMEN10')).errors).toBeUndefined();
    const placed = (await placeOrder(cartId, swedishCheckout())).data!.placeOrder as { redirectUrl: string };
    const publicId = new URL(placed.redirectUrl, 'http://shop').searchParams.get('orderId')!;
    const fresh = await pendingCardOrder({ offset: 37 });
    expect(await uses()).toBe(before + 1);
    await placedMinutesAgo(publicId, 31);

    const runs = await Promise.all(
      [1, 2, 3].map(() => cancelUnpaidOrders(env.DB, { olderThanMinutes: 30, now: new Date() })),
    );
    const later = await cancelUnpaidOrders(env.DB, { olderThanMinutes: 30, now: new Date() });

    expect(runs.flatMap((run) => run.cancelled).filter((id) => id === publicId)).toEqual([publicId]);
    expect(later.cancelled).not.toContain(publicId);
    const { order, payment, history } = await rowsOf(publicId);
    expect(order.status).toBe('CANCELLED');
    expect(payment).toMatchObject({ status: 'CANCELLED', failure_reason: 'cancelled' });
    expect(history).toEqual(['PENDING_PAYMENT', 'CANCELLED']);
    expect(await stockOf(sku!.id)).toBe(sku!.stock);
    expect(await uses()).toBe(before);
    expect(await itemsOf(payment.reopened_cart_id)).toEqual([{ sku_id: sku!.id, quantity: 3 }]);
    // The order placed a moment ago is left alone.
    expect((await rowsOf(fresh.publicId)).order.status).toBe('PENDING_PAYMENT');
  });

  test('asks the provider first: a payment it authorized is confirmed, one it cannot tell about waits for the next run', async () => {
    const paid = await pendingCardOrder({ offset: 38 });
    const silent = await pendingCardOrder({ offset: 39 });
    for (const { placed, publicId } of [paid, silent]) {
      await startPayment(placed.redirectUrl);
      await placedMinutesAgo(publicId, 60);
    }
    const sweep = await cancelUnpaidOrders(env.DB, {
      olderThanMinutes: 30,
      now: new Date(),
      askProvider: async (payment) => {
        if (payment.order.publicId === paid.publicId) return 'authorized';
        if (payment.order.publicId === silent.publicId) throw new Error('provider down');
        return 'pending';
      },
    });
    expect(sweep.confirmed).toContain(paid.publicId);
    expect(sweep.undecided).toContain(silent.publicId);
    expect((await rowsOf(paid.publicId)).order.status).toBe('RECEIVED');
    expect((await rowsOf(silent.publicId)).order.status).toBe('PENDING_PAYMENT');
  });
});
