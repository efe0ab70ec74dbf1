// Issue 25, the Geins contract, placing an order: the reference storefront (ralph-ui MixCheckout.placeOrder)
// goes to its confirm page only when `placeOrder.status === 'completed'`, with `?oid=<orderId>&cartid=…`;
// its confirm page (MixConfirmPage) asks `checkout(id: oid, paymentType: STANDARD, cartId)` and sends the
// shopper back to the checkout when `completed` is false. We answered RECEIVED and PENDING_PAYMENT, so
// no purchase reached its confirmation, and its confirm page's lookup by order number failed.
import { describe, expect, test } from 'vitest';
import { graphql } from '../helpers';
import { findSkus, graphqlAs, PLAIN_SKU } from './cart-helpers';
import {
  CHECKOUT_CONFIRM,
  GET_CHECKOUT_AND_ORDER,
  cartWith,
  placeInvoiceOrderAs,
  placeOrder,
  swedishInvoiceCheckout,
} from './checkout-helpers';
import { createCustomer, createProduct } from './factories';
import { notifyBuiltIn, pendingCardOrder, signedNotification, startPayment } from './payments-helpers';

/** The reference confirm page's query, with the variables its MixConfirmPage sends for an invoice order. */
const confirm = (oid: string, cartId: string) =>
  graphql(CHECKOUT_CONFIRM, {
    id: oid,
    paymentType: 'STANDARD',
    cartId,
    channelId: '1|se',
    languageId: 'sv-SE',
    checkoutMarket: 'se',
  });

describe('placing an order, as the reference storefront does', () => {
  test('an invoice order answers completed, and its confirm page finds it by order number and cart', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    const { data, errors } = await placeOrder(cartId, swedishInvoiceCheckout());
    expect(errors).toBeUndefined();
    const placed = data!.placeOrder as { orderId: string; status: string };
    expect(placed.status).toBe('completed');
    expect(placed.orderId).toMatch(/^\d{6}$/);

    const page = await confirm(placed.orderId, cartId);
    expect(page.errors).toBeUndefined();
    expect(page.data!.checkout).toMatchObject({
      completed: true,
      order: { orderId: placed.orderId, firstName: 'Anna', email: 'anna@example.com', currency: 'SEK' },
      cart: { id: cartId, isCompleted: true },
    });
  });

  test('a card order answers pending until it is paid; its confirm page says completed only once paid', async () => {
    const { cartId, placed } = await pendingCardOrder();
    expect(placed.status).toBe('pending');
    expect(placed.redirectUrl).toMatch(/^\/checkout\/pay\?orderId=[0-9a-f-]{36}$/);
    expect((await confirm(placed.orderId, cartId)).data!.checkout).toMatchObject({ completed: false });

    const hosted = await startPayment(placed.redirectUrl);
    const reference = /\/payments\/hosted\/([0-9a-f-]{36})/.exec(hosted)![1]!;
    expect((await notifyBuiltIn(await signedNotification(reference, 'authorized'))).status).toBe(200);
    expect((await confirm(placed.orderId, cartId)).data!.checkout).toMatchObject({ completed: true });
  });

  test('a declined card order is not completed: the confirm page sends the shopper back', async () => {
    const { cartId, placed } = await pendingCardOrder({ offset: 1 });
    const reference = /\/payments\/hosted\/([0-9a-f-]{36})/.exec(await startPayment(placed.redirectUrl))![1]!;
    await notifyBuiltIn(await signedNotification(reference, 'declined'));
    expect((await confirm(placed.orderId, cartId)).data!.checkout).toMatchObject({ completed: false });
  });

  test('a repeated placeOrder of the same cart answers the same order, completed, and places no second one', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 2 });
    const cartId = await cartWith(sku!.id);
    const first = (await placeOrder(cartId, swedishInvoiceCheckout())).data!.placeOrder as { orderId: string };
    const again = await placeOrder(cartId, swedishInvoiceCheckout());
    expect(again.errors).toBeUndefined();
    expect(again.data!.placeOrder).toMatchObject({ orderId: first.orderId, status: 'completed' });
  });
});

describe('looking an order up by its number', () => {
  test('with another cart, or a number that is not the cart’s order, the answer is the same as for no order', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 3 });
    const mine = await cartWith(sku!.id);
    const theirs = await cartWith(sku!.id);
    const a = (await placeOrder(mine, swedishInvoiceCheckout())).data!.placeOrder as { orderId: string };
    const b = (await placeOrder(theirs, swedishInvoiceCheckout())).data!.placeOrder as { orderId: string };
    for (const [oid, cartId] of [
      [b.orderId, mine],
      [a.orderId, theirs],
      ['999999', mine],
    ] as const) {
      const { data, errors } = await confirm(oid, cartId);
      expect(data!.checkout).toBeNull();
      expect(errors![0]).toMatchObject({ message: 'Ordern finns inte', extensions: { code: 'NOT_FOUND' } });
    }
  });

  test('the deprecated getCheckoutAndOrder finds an order by number for its logged-in owner only', async () => {
    const owner = await createCustomer();
    const stranger = await createCustomer();
    const product = await createProduct({ name: 'Nummer Penna', prices: { '1|se': 2500 } });
    const order = await placeInvoiceOrderAs(owner.token, await cartWith(product.skuId));
    const variables = { id: order.number, paymentType: 'STANDARD', channelId: '1|se', languageId: 'sv-SE' };

    const own = await graphqlAs(owner.token, GET_CHECKOUT_AND_ORDER, variables);
    expect(own.errors).toBeUndefined();
    expect(own.data!.getCheckoutAndOrder).toEqual({
      order: {
        orderId: order.number,
        firstName: 'Anna',
        lastName: 'Svensson',
        email: 'anna@example.com',
        currency: 'SEK',
      },
    });
    for (const answer of [
      await graphqlAs(stranger.token, GET_CHECKOUT_AND_ORDER, variables),
      await graphql(GET_CHECKOUT_AND_ORDER, variables),
    ]) {
      expect(answer.data!.getCheckoutAndOrder).toBeNull();
      expect(answer.errors![0]).toMatchObject({ message: 'Ordern finns inte', extensions: { code: 'NOT_FOUND' } });
    }
  });
});
