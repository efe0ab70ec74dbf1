// The guards of the placement batch (worker/commerce/orders/orders.ts) hit directly: when what was priced is
// no longer true at write time (a gift card spent, a code used up, the cart changed), the whole batch
// fails and nothing of the order exists. And the order status transitions of docs/decisions/002.
import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { findCart } from '../../worker/commerce/cart/cart';
import { priceCart, type CartPricing } from '../../worker/commerce/cart/pricing';
import { placeOrder, transitionOrderStatus, type PlaceOrderInput } from '../../worker/commerce/orders/orders';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import { cartWith, placeOrder as placeOrderViaApi, STOCKHOLM, swedishInvoiceCheckout } from './checkout-helpers';

const SHIPPING = {
  id: 1,
  marketId: '1|se',
  carrier: 'postnord',
  name: 'PostNord Ombud',
  logo: null,
  feeIncVat: 4900,
  freeFromIncVat: 49900,
  deliveryDays: { min: 2, max: 3 },
  zipPrefixes: null,
  isDefault: true,
};
const CARD = { id: 1, code: 'CARD' as const, provider: 'built-in', logo: null, isDefault: true };
const ADDRESS = {
  ...STOCKHOLM,
  careOf: '',
  addressLine2: '',
  addressLine3: '',
  state: '',
  entryCode: '',
  phone: '',
  company: '',
};

async function inputFor(cartId: string, adjust: (pricing: CartPricing) => CartPricing): Promise<PlaceOrderInput> {
  const cart = (await findCart(env.DB, cartId))!;
  const [sku] = await findSkus(`s.id = ${cart.items[0]!.skuId}`);
  const pricing = priceCart({
    currency: 'SEK',
    lines: cart.items.map((item) => ({
      skuId: item.skuId,
      productId: sku!.productId,
      quantity: item.quantity,
      regularUnitIncVat: sku!.price,
      vatRateBp: 2500,
      campaign: null,
    })),
    promotion: null,
    shipping: { feeIncVat: 4900, freeFromIncVat: 49900, isDefault: true },
    vatRateBp: 2500,
    giftCards: [],
    customerBalance: 0,
  });
  return {
    cart,
    pricing: adjust(pricing),
    shippingMethod: SHIPPING,
    paymentMethod: CARD,
    marketId: '1|se',
    currency: 'SEK',
    languageId: 'sv-SE',
    customerId: null,
    details: {
      email: 'a@example.com',
      customerType: 'PERSON',
      identityNumber: null,
      billingAddress: ADDRESS,
      shippingAddress: ADDRESS,
      message: null,
    },
    skus: new Map(),
    now: new Date(),
  };
}

async function nothingWritten(cartId: string, skuId: number, stock: number) {
  expect(
    (await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE cart_id = ?').bind(cartId).first<{ n: number }>())!.n,
  ).toBe(0);
  expect(
    (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(skuId).first<{ stock: number }>())!.stock,
  ).toBe(stock);
  expect(
    (await env.DB.prepare('SELECT completed_at FROM carts WHERE id = ?')
      .bind(cartId)
      .first<{ completed_at: string | null }>())!.completed_at,
  ).toBeNull();
}

describe('the placement batch', () => {
  test('a gift card spent since the cart was priced fails the whole order: the card never goes below zero', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    await env.DB.prepare("UPDATE gift_cards SET balance = 1000 WHERE code = 'PRESENT-500'").run();
    const stale = await inputFor(cartId, (p) => ({
      ...p,
      payment: { ...p.payment, giftCards: [{ code: 'PRESENT-500', amount: 5000 }], pending: 5000 },
    }));
    expect(await placeOrder(env.DB, stale)).toEqual({ failure: 'BALANCE' });
    expect(
      (await env.DB.prepare("SELECT balance FROM gift_cards WHERE code = 'PRESENT-500'").first<{ balance: number }>())!
        .balance,
    ).toBe(1000);
    await nothingWritten(cartId, sku!.id, sku!.stock);
  });

  test('a promo code used up since the cart was priced fails the whole order', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    await env.DB.prepare("UPDATE promo_codes SET max_uses = 1, uses = 1 WHERE code = 'FRAKTFRITT'").run();
    const stale = await inputFor(cartId, (p) => ({ ...p, promotion: { code: 'FRAKTFRITT', applied: true } }));
    expect(await placeOrder(env.DB, stale)).toEqual({ failure: 'PROMO_CODE' });
    await nothingWritten(cartId, sku!.id, sku!.stock);
  });

  test('a cart changed since it was priced fails the whole order', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    const input = await inputFor(cartId, (p) => p);
    await env.DB.prepare('UPDATE carts SET revision = revision + 1 WHERE id = ?').bind(cartId).run();
    expect(await placeOrder(env.DB, input)).toEqual({ failure: 'CART_CHANGED' });
    await nothingWritten(cartId, sku!.id, sku!.stock);
  });
});

describe('order status transitions', () => {
  test('received → processing → completed; a completed order cannot be cancelled', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const placed = (await placeOrderViaApi(await cartWith(sku!.id), swedishInvoiceCheckout())).data!.placeOrder;
    const { id } = (await env.DB.prepare('SELECT id FROM orders WHERE order_number = ?')
      .bind(placed.orderId)
      .first<{ id: number }>())!;
    expect(await transitionOrderStatus(env.DB, id, 'COMPLETED', new Date())).toBe('NOT_ALLOWED');
    expect(await transitionOrderStatus(env.DB, id, 'PROCESSING', new Date())).toBe('CHANGED');
    expect(await transitionOrderStatus(env.DB, id, 'COMPLETED', new Date())).toBe('CHANGED');
    expect(await transitionOrderStatus(env.DB, id, 'CANCELLED', new Date())).toBe('NOT_ALLOWED');
    // The database refuses an illegal move even without this module.
    await expect(env.DB.prepare("UPDATE orders SET status = 'RECEIVED' WHERE id = ?").bind(id).run()).rejects.toThrow(
      /not allowed/,
    );
  });

  test('cancelling returns the stock once, however often it is asked', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 5 });
    const placed = (await placeOrderViaApi(await cartWith(sku!.id, 2), swedishInvoiceCheckout())).data!.placeOrder;
    const { id } = (await env.DB.prepare('SELECT id FROM orders WHERE order_number = ?')
      .bind(placed.orderId)
      .first<{ id: number }>())!;
    const results = await Promise.all([1, 2, 3].map(() => transitionOrderStatus(env.DB, id, 'CANCELLED', new Date())));
    expect(results.filter((r) => r === 'CHANGED')).toHaveLength(1);
    expect(
      (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(sku!.id).first<{ stock: number }>())!.stock,
    ).toBe(sku!.stock);
  });
});
