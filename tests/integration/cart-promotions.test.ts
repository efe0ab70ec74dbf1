// Promo codes, gift cards and customer balance on the cart (spec §1, §8, §9) with the seeded codes:
// VALKOMMEN10 (10 %), FRAKTFRITT (free shipping), SPARA100 (100 kr from 500 kr), SOMMAR2024 (expired).
import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import { createProduct } from './factories';
import {
  addToCart,
  findSkus,
  GET_CART,
  getCartVariables,
  graphqlAs,
  loggedInCustomer,
  newCart,
  PLAIN_SKU,
  setPromoCode,
} from './cart-helpers';

describe('promo codes', () => {
  test("an unknown or expired code is refused in the shopper's language and leaves the cart as it was", async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 1);
    for (const code of ['SOMMAR2024', 'FINNS-INTE']) {
      expect((await setPromoCode(cartId, code)).errors![0]!.message).toBe('Koden är ej giltig');
      expect((await setPromoCode(cartId, code, { languageId: 'en-US' })).errors![0]!.message).toBe(
        'The code is not valid',
      );
    }
    expect((await graphql(GET_CART, getCartVariables(cartId))).data!.getCart.promoCode).toBeNull();
  });

  test('a code used as many times as it may be is no longer valid', async () => {
    await env.DB.prepare("UPDATE promo_codes SET max_uses = 3, uses = 3 WHERE code = 'VALKOMMEN10'").run();
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 1);
    expect((await setPromoCode(cartId, 'valkommen10')).errors![0]!.message).toBe('Koden är ej giltig');
    await env.DB.prepare("UPDATE promo_codes SET max_uses = NULL, uses = 0 WHERE code = 'VALKOMMEN10'").run();
  });

  test('a code whose minimum order is not met is refused with its requirement message', async () => {
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat < 30000`);
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 1);
    expect((await setPromoCode(cartId, 'SPARA100')).errors![0]!.message).toBe(
      'Du har inte uppfyllt kraven för denna kod',
    );
    expect((await setPromoCode(cartId, 'SPARA100', { languageId: 'en-US' })).errors![0]!.message).toBe(
      'You have not met the requirements for this code',
    );
  });

  test('SPARA100 takes 100 kr off, spread over the items, once the goods reach 500 kr', async () => {
    const [first, second] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat BETWEEN 10000 AND 40000`, { limit: 2 });
    const cartId = await newCart();
    await addToCart(cartId, first!.id, 1);
    // Enough units of the second to pass 500 kr.
    await addToCart(cartId, second!.id, Math.ceil(50000 / second!.price));
    const { data, errors } = await setPromoCode(cartId, 'spara100');
    expect(errors).toBeUndefined();
    const cart = data!.setCartPromoCode;
    const goods = first!.price + second!.price * Math.ceil(50000 / second!.price);
    expect(cart.promoCode).toBe('SPARA100');
    expect(cart.summary.fixedAmountDiscountIncVat).toBe(100);
    expect(cart.summary.fixedAmountDiscountExVat).toBe(80);
    expect(cart.summary.total.sellingPriceIncVat).toBeCloseTo((goods - 10000) / 100, 2);
    expect(cart.appliedCampaigns).toEqual([expect.objectContaining({ name: 'Rabattkod SPARA100' })]);
  });

  test('VALKOMMEN10 lowers every item by 10 % and an empty code removes it again', async () => {
    const pen = await createProduct({ prices: { '1|se': 17900 } });
    const cartId = await newCart();
    await addToCart(cartId, pen.skuId, 1);
    const withCode = (await setPromoCode(cartId, 'VALKOMMEN10')).data!.setCartPromoCode;
    // 179 kr − 10 % = 161,10 → 161 kr (whole kronor, docs/decisions/010-price-rounding.md).
    expect(withCode.items[0].unitPrice.sellingPriceIncVat).toBe(161);
    expect(withCode.items[0].campaign.appliedCampaigns).toEqual([
      expect.objectContaining({ name: 'Rabattkod VALKOMMEN10' }),
    ]);
    const removed = (await setPromoCode(cartId, '')).data!.setCartPromoCode;
    expect(removed.promoCode).toBeNull();
    expect(removed.items[0].unitPrice.sellingPriceIncVat).toBe(179);
  });

  test('FRAKTFRITT removes the shipping fee below the threshold', async () => {
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat < 20000`);
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 1);
    const shipping = (await setPromoCode(cartId, 'FRAKTFRITT')).data!.setCartPromoCode.summary.shipping;
    expect(shipping).toMatchObject({ feeIncVat: 0, amountLeftToFreeShipping: 0 });
  });
});

describe('gift cards and balance', () => {
  test('a gift card pays the cart before payment but never below zero, and keeps what is left on it', async () => {
    const pen = await createProduct({ prices: { '1|se': 13900 } });
    const cartId = await newCart();
    await addToCart(cartId, pen.skuId, 1);
    // PRESENT-1000 has 350 kr left, more than the cart costs: 139 kr + 49 kr shipping = 188 kr.
    const { data, errors } = await setPromoCode(cartId, 'present-1000');
    expect(errors).toBeUndefined();
    const summary = data!.setCartPromoCode.summary;
    expect(summary.balance).toMatchObject({ pending: 188, totalSellingPriceExBalanceIncVat: 188 });
    // Nothing left to pay, but the sale's VAT stays: (139 − 111,20) + (49 − 39,20) = 27,80 + 9,80 = 37,60 kr.
    expect(summary.total).toMatchObject({ sellingPriceIncVat: 0, sellingPriceExVat: 0, vat: 37.6 });
    const card = await env.DB.prepare("SELECT balance FROM gift_cards WHERE code = 'PRESENT-1000'").first<{
      balance: number;
    }>();
    expect(card!.balance).toBe(35000);
  });

  test('a gift card in another currency is not valid in the market', async () => {
    const cartId = await newCart();
    expect((await setPromoCode(cartId, 'LAHJA-50')).errors![0]!.message).toBe('Koden är ej giltig');
  });

  test("a logged-in customer's balance in the market's currency pays part of the cart", async () => {
    const customer = await loggedInCustomer('saldo@example.com');
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'SEK', 5000, 'refund', ?)",
      ).bind(customer.id, now),
      env.DB.prepare(
        "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'EUR', 9900, 'refund', ?)",
      ).bind(customer.id, now),
    ]);
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat BETWEEN 10000 AND 40000`);
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 1);
    const { data } = await graphqlAs(customer.token, GET_CART, getCartVariables(cartId));
    const due = sku!.price + 4900;
    expect(data!.getCart.summary.balance).toMatchObject({ pending: 50, totalSellingPriceExBalanceIncVat: due / 100 });
    expect(data!.getCart.summary.total.sellingPriceIncVat).toBeCloseTo((due - 5000) / 100, 2);
    // A guest holding the same cart id gets no balance.
    const asGuest = await graphql(GET_CART, getCartVariables(cartId));
    expect(asGuest.data!.getCart.summary.balance.pending).toBe(0);
  });
});
