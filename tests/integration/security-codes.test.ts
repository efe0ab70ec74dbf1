// Issue 12: promo codes, gift cards and the account's password reset and registration under abuse. Each
// test is the probe that got through before the fix.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { env, fetchWorker, graphql, settle } from '../helpers';
import { signedAuthFetch } from './auth-helpers';
import { findSkus, PLAIN_SKU, setPromoCode } from './cart-helpers';
import {
  CREATE_OR_UPDATE_CHECKOUT,
  PLACE_ORDER,
  cartWith,
  placeOrder,
  swedishCheckout,
  swedishInvoiceCheckout,
} from './checkout-helpers';
import { graphqlAs, loggedInCustomer } from './cart-helpers';
import { countWhere } from './payments-helpers';

describe('a code that runs out while the shopper checks out', () => {
  test('a promo code used up by another order stops the order with a message; the cart keeps its code', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 90 });
    const cartId = await cartWith(sku!.id);
    expect((await setPromoCode(cartId, 'VALKOMMEN10')).errors).toBeUndefined();
    // Another shopper's order takes the code's last use.
    await env.DB.prepare("UPDATE promo_codes SET max_uses = uses WHERE code = 'VALKOMMEN10'").run();
    try {
      const { data, errors } = await placeOrder(cartId);
      expect(data?.placeOrder ?? null).toBeNull();
      expect(errors?.[0]?.message).toBe('Koden är ej giltig');
      expect(await countWhere('orders WHERE cart_id = ?', cartId)).toBe(0);
      expect(
        await countWhere("carts WHERE id = ? AND completed_at IS NULL AND promo_code = 'VALKOMMEN10'", cartId),
      ).toBe(1);
    } finally {
      await env.DB.prepare("UPDATE promo_codes SET max_uses = NULL WHERE code = 'VALKOMMEN10'").run();
    }
  });

  test('a gift card spent by another order stops the order with a message instead of charging full price', async () => {
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat BETWEEN 10000 AND 30000`, { offset: 3 });
    const cartId = await cartWith(sku!.id);
    expect((await setPromoCode(cartId, 'PRESENT-1000')).errors).toBeUndefined();
    const before = (await env.DB.prepare("SELECT balance FROM gift_cards WHERE code = 'PRESENT-1000'").first<{
      balance: number;
    }>())!.balance;
    await env.DB.prepare("UPDATE gift_cards SET balance = 0 WHERE code = 'PRESENT-1000'").run();
    try {
      const { data, errors } = await placeOrder(cartId);
      expect(data?.placeOrder ?? null).toBeNull();
      expect(errors?.[0]?.message).toBe(
        'Ditt saldo eller presentkort räcker inte längre till. Kontrollera varukorgen och försök igen.',
      );
      expect(await countWhere('orders WHERE cart_id = ?', cartId)).toBe(0);
    } finally {
      await env.DB.prepare("UPDATE gift_cards SET balance = ? WHERE code = 'PRESENT-1000'").bind(before).run();
    }
  });

  test('a gift card partly spent after the checkout showed it paying stops the order: the shopper is never charged the rest (issue 24)', async () => {
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat BETWEEN 20000 AND 30000`, { offset: 7 });
    const cartId = await cartWith(sku!.id);
    expect((await setPromoCode(cartId, 'PRESENT-1000')).errors).toBeUndefined();
    const before = (await env.DB.prepare("SELECT balance FROM gift_cards WHERE code = 'PRESENT-1000'").first<{
      balance: number;
    }>())!.balance;
    const scope = { cartId, channelId: '1|se', languageId: 'sv-SE', checkoutMarketId: 'se' };
    const shown = await graphql(CREATE_OR_UPDATE_CHECKOUT, { ...scope, checkout: swedishInvoiceCheckout() });
    expect(shown.errors).toBeUndefined();
    const paid = await env.DB.prepare('SELECT amount_shown FROM cart_gift_cards WHERE cart_id = ?')
      .bind(cartId)
      .first<number>('amount_shown');
    // The goods cost 200–300 kr (and shipping): the card was shown paying all of it.
    expect(paid).toBeGreaterThanOrEqual(20000);
    // Another order leaves 100 kr on the card before this one is placed.
    await env.DB.prepare("UPDATE gift_cards SET balance = 10000 WHERE code = 'PRESENT-1000'").run();
    try {
      const placed = await placeOrder(cartId, swedishInvoiceCheckout());
      expect(placed.data?.placeOrder ?? null).toBeNull();
      expect(placed.errors?.[0]?.message).toBe(
        'Ditt saldo eller presentkort räcker inte längre till. Kontrollera varukorgen och försök igen.',
      );
      expect(await countWhere('orders WHERE cart_id = ?', cartId)).toBe(0);
      expect(await env.DB.prepare("SELECT balance FROM gift_cards WHERE code = 'PRESENT-1000'").first('balance')).toBe(
        10000,
      );
    } finally {
      await env.DB.prepare("UPDATE gift_cards SET balance = ? WHERE code = 'PRESENT-1000'").bind(before).run();
    }
  });

  test('an account balance spent by another order after the checkout showed it stops the order', async () => {
    const customer = await loggedInCustomer(`saldo-${crypto.randomUUID().slice(0, 6)}@example.se`);
    await env.DB.prepare(
      "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'SEK', 5000, 'refund', ?)",
    )
      .bind(customer.id, new Date().toISOString())
      .run();
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat BETWEEN 10000 AND 30000`, { offset: 5 });
    const cartId = await cartWith(sku!.id);
    const scope = { cartId, channelId: '1|se', languageId: 'sv-SE', checkoutMarketId: 'se' };
    const shown = await graphqlAs(customer.token, CREATE_OR_UPDATE_CHECKOUT, {
      ...scope,
      checkout: swedishInvoiceCheckout(),
    });
    expect(shown.errors).toBeUndefined();
    // 50 kr of balance shown; another order spends it before this one is placed.
    expect(
      await env.DB.prepare('SELECT balance_shown FROM carts WHERE id = ?').bind(cartId).first('balance_shown'),
    ).toBe(5000);
    await env.DB.prepare(
      "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'SEK', -5000, 'order', ?)",
    )
      .bind(customer.id, new Date().toISOString())
      .run();
    const placed = await graphqlAs(customer.token, PLACE_ORDER, { ...scope, checkout: swedishInvoiceCheckout() });
    expect(placed.errors?.[0]?.message).toBe(
      'Ditt saldo eller presentkort räcker inte längre till. Kontrollera varukorgen och försök igen.',
    );
    expect(await countWhere('orders WHERE cart_id = ?', cartId)).toBe(0);
  });
});

describe('order numbers prove nothing', () => {
  test("an order's sequential number opens neither its confirmation, its payment nor its details", async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 96 });
    const cartId = await cartWith(sku!.id);
    const placed = await placeOrder(cartId, swedishInvoiceCheckout());
    const number = (placed.data as { placeOrder: { orderId: string } }).placeOrder.orderId;
    expect(number).toMatch(/^\d+$/);
    for (const path of [
      `/checkout/confirm?orderId=${number}`,
      `/checkout/confirm?orderId=${number}&cartId=${cartId.slice(0, 8)}`,
      `/checkout/pay?orderId=${number}`,
    ]) {
      expect((await fetchWorker(path, { redirect: 'manual' })).status, path).toBe(404);
    }
    const lookup = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `query c($id: String!) { checkout(id: $id, paymentType: STANDARD, channelId: "1|se", languageId: "sv-SE") { order { orderId email } } }`,
        variables: { id: number },
      }),
    });
    const body = (await lookup.json()) as {
      data?: { checkout: unknown };
      errors?: { extensions?: { code?: string } }[];
    };
    expect(body.data?.checkout ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

async function graphqlFrom(client: string, query: string, variables: Record<string, unknown>) {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
}

const SET_CODE = `mutation code($id: String!, $promoCode: String!) {
  setCartPromoCode(id: $id, promoCode: $promoCode, channelId: "1|se", languageId: "sv-SE", marketId: "se") { promoCode }
}`;

describe('codes cannot be guessed or reused', () => {
  test('wrong codes on one cart are limited: after a dozen even the right one must wait', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 92 });
    const cartId = await cartWith(sku!.id);
    const messages: string[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await graphqlFrom('203.0.113.20', SET_CODE, { id: cartId, promoCode: `PRESENT-${1000 + i}X` });
      messages.push(answer.errors?.[0]?.message ?? 'ok');
    }
    expect(messages.slice(0, 11)).toEqual(Array(11).fill('Koden är ej giltig'));
    expect(messages[11]).toBe('För många felaktiga koder. Vänta en stund och försök igen.');
    const right = await graphqlFrom('203.0.113.20', SET_CODE, { id: cartId, promoCode: 'VALKOMMEN10' });
    expect(right.errors?.[0]?.message).toBe('För många felaktiga koder. Vänta en stund och försök igen.');
  });

  test('the welcome code is for one order per customer: the same email cannot use it twice', async () => {
    const email = `valkommen-${crypto.randomUUID().slice(0, 6)}@example.se`;
    const [first, second] = await findSkus(PLAIN_SKU, { offset: 94, limit: 2 });
    const cartA = await cartWith(first!.id);
    expect((await setPromoCode(cartA, 'VALKOMMEN10')).errors).toBeUndefined();
    const placed = await placeOrder(cartA, swedishCheckout({ email, paymentId: 3, identityNumber: '19811218-9876' }));
    expect(placed.errors).toBeUndefined();

    const cartB = await cartWith(second!.id);
    expect((await setPromoCode(cartB, 'VALKOMMEN10')).errors).toBeUndefined();
    const again = await placeOrder(
      cartB,
      swedishCheckout({ email: email.toUpperCase(), paymentId: 3, identityNumber: '19811218-9876' }),
    );
    expect(again.errors?.[0]?.message).toBe('Du har redan använt den här koden');
    expect(await countWhere('orders WHERE cart_id = ?', cartB)).toBe(0);
  });

  test('a sub-address or Gmail dots are the same customer: name+2@ cannot take the welcome code again (issue 24)', async () => {
    const name = `valkommen${crypto.randomUUID().slice(0, 6)}`;
    const [first, second, third] = await findSkus(PLAIN_SKU, { offset: 97, limit: 3 });
    const cartA = await cartWith(first!.id);
    expect((await setPromoCode(cartA, 'VALKOMMEN10')).errors).toBeUndefined();
    const placed = await placeOrder(
      cartA,
      swedishCheckout({ email: `${name}@gmail.com`, paymentId: 3, identityNumber: '19811218-9876' }),
    );
    expect(placed.errors).toBeUndefined();

    for (const [sku, email] of [
      [second!, `${name}+2@gmail.com`],
      [third!, `${name.slice(0, 4)}.${name.slice(4)}@googlemail.com`],
    ] as const) {
      const cart = await cartWith(sku.id);
      expect((await setPromoCode(cart, 'VALKOMMEN10')).errors).toBeUndefined();
      const again = await placeOrder(cart, swedishCheckout({ email, paymentId: 3, identityNumber: '19811218-9876' }));
      expect(again.errors?.[0]?.message).toBe('Du har redan använt den här koden');
      expect(await countWhere('orders WHERE cart_id = ?', cart)).toBe(0);
    }
  });
});

describe('password resets and registrations are limited', () => {
  const RESET = `mutation r($email: String!) { requestPasswordReset(email: $email) }`;
  // The shop's clock stands still while each test's requests arrive: the delays they earn are seconds
  // (the first is 2 s), and on a busy machine the requests after one took longer than that, so one more
  // got through (a slow machine, not a weaker limit).
  const standingClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
  };
  afterEach(() => vi.useRealTimers());

  test('20 reset requests for one address queue at most 4 mails; the rest are told to wait', async () => {
    const email = `reset-${crypto.randomUUID().slice(0, 6)}@example.se`;
    const registered = await signedAuthFetch('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.30' },
      body: JSON.stringify({ username: email, password: 'Q2xpZW50U2lkZUhhc2g=' }),
    });
    expect(registered.status).toBe(200);
    standingClock();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await graphqlFrom(`203.0.113.${40 + i}`, RESET, { email }));
    await settle();
    const mails = await countWhere("outgoing_emails WHERE recipient = ? AND kind = 'PASSWORD_RESET'", email);
    expect(mails).toBeLessThanOrEqual(4);
    expect(mails).toBeGreaterThanOrEqual(1);
    expect(answers.at(-1)?.errors?.[0]?.message).toBe(
      'För många förfrågningar om nytt lösenord. Vänta en stund och försök igen.',
    );
    // An address without an account is limited the same way: the answers tell nothing apart.
    const unknown = [];
    for (let i = 0; i < 20; i++)
      unknown.push(await graphqlFrom(`203.0.113.${80 + i}`, RESET, { email: `nobody-${email}` }));
    expect(unknown.map((a) => a.errors?.[0]?.message ?? 'ok')).toEqual(
      answers.map((a) => a.errors?.[0]?.message ?? 'ok'),
    );
  });

  test('one client creating account after account is slowed down with 429 and Retry-After', async () => {
    standingClock();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 22; i++) {
      last = await signedAuthFetch('/api/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.99' },
        body: JSON.stringify({
          username: `many-${i}-${crypto.randomUUID().slice(0, 6)}@example.se`,
          password: 'Q2xpZW50U2lkZUhhc2g=',
        }),
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 21)).toEqual(Array(21).fill(200));
    expect(statuses[21]).toBe(429);
    expect(Number(last!.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(((await last!.json()) as { error: { message: string } }).error.message).toBe(
      'För många nya konton på kort tid. Vänta en stund och försök igen.',
    );
  });
});
