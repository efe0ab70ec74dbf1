// The cart operations of the reference storefront (cart/*.graphql) against the seeded D1: a new cart,
// adding and changing items within stock, campaigns, shipping and its free threshold, clearing and
// completing. Where a test states amounts, its products are made by the factories with prices a person can
// check, and the amounts are written out.
import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import { createCart, createProduct } from './factories';
import {
  addToCart,
  COMPLETE_CART,
  CONFIRM_CART,
  findSkus,
  GET_CART,
  getCartVariables,
  newCart,
  PLAIN_SKU,
  UPDATE_CART_ITEM,
} from './cart-helpers';

function updateItem(cartId: string, item: Record<string, unknown>, languageId = 'sv-SE') {
  return graphql(UPDATE_CART_ITEM, {
    id: cartId,
    item,
    allowExternalShippingFee: false,
    channelId: '1|se',
    languageId,
    marketId: 'se',
  });
}

describe('getCart', () => {
  test('without an id, or with an unknown one, getCart starts a new empty cart', async () => {
    const fresh = await graphql(GET_CART, getCartVariables(''));
    expect(fresh.errors).toBeUndefined();
    expect(fresh.data!.getCart).toMatchObject({ promoCode: null, items: [], appliedCampaigns: [] });
    expect(fresh.data!.getCart.id).toMatch(/^[0-9a-f]{32}$/);
    const unknown = await graphql(GET_CART, getCartVariables('0123456789abcdef0123456789abcdef'));
    expect(unknown.data!.getCart.id).not.toBe('0123456789abcdef0123456789abcdef');
    // An empty cart owes no shipping and has the whole 499 kr left to free shipping.
    expect(unknown.data!.getCart.summary.shipping).toMatchObject({ feeIncVat: 0, amountLeftToFreeShipping: 499 });
  });

  test('a cart read back with the spec §7 variables has its items, prices and summary', async () => {
    // 2 × 89 kr = 178 kr (142,40 kr without 25 % VAT), under the 499 kr of free shipping: 49 kr shipping.
    const product = await createProduct({ name: 'Gelpenna Test blå', prices: { '1|se': 8900 } });
    const cartId = await createCart({ [product.skuId]: 2 });
    const { data, errors } = await graphql(GET_CART, getCartVariables(cartId));
    expect(errors).toBeUndefined();
    const cart = data!.getCart;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ skuId: product.skuId, quantity: 2 });
    expect(cart.items[0].unitPrice).toMatchObject({
      sellingPriceIncVat: 89,
      sellingPriceIncVatFormatted: '89\u00a0kr',
      isDiscounted: false,
    });
    expect(cart.items[0].totalPrice).toMatchObject({ sellingPriceIncVat: 178, sellingPriceExVat: 142.4 });
    expect(cart.items[0].product).toMatchObject({
      productId: product.id,
      articleNumber: `T-${product.id}`,
      name: 'Gelpenna Test blå',
      alias: product.alias,
    });
    expect(cart.items[0].product.skus.map((s: { skuId: number }) => s.skuId)).toContain(product.skuId);
    // 499 kr − 178 kr = 321 kr left to free shipping.
    expect(cart.summary.shipping).toMatchObject({ feeIncVat: 49, feeIncVatFormatted: '49\u00a0kr', isDefault: true });
    expect(cart.summary.shipping.amountLeftToFreeShipping).toBeCloseTo(321, 2);
    expect(cart.summary.subTotal).toMatchObject({
      sellingPriceIncVat: 178,
      sellingPriceIncVatFormatted: '178\u00a0kr',
    });
    // 178 kr + 49 kr shipping = 227 kr; VAT 35,60 kr on the goods and 9,80 kr on the shipping = 45,40 kr.
    expect(cart.summary.total).toMatchObject({ sellingPriceIncVat: 227, sellingPriceIncVatFormatted: '227\u00a0kr' });
    expect(cart.summary.total.vat).toBeCloseTo(45.4, 2);
    expect(cart.summary.balance).toMatchObject({ pending: 0, totalSellingPriceExBalanceIncVat: 227 });
  });

  test('asked in another market the cart moves there and answers in its currency', async () => {
    const product = await createProduct({ prices: { '1|se': 8900, '1|fi': 790 } });
    const cartId = await newCart();
    await addToCart(cartId, product.skuId, 1);
    const { data } = await graphql(GET_CART, getCartVariables(cartId, 'fi', 'fi-FI'));
    expect(data!.getCart.items[0].unitPrice.sellingPriceIncVat).toBe(7.9);
    expect(data!.getCart.items[0].unitPrice.sellingPriceIncVatFormatted).toBe('7,90\u00a0€');
    const stored = await env.DB.prepare('SELECT market_id FROM carts WHERE id = ?')
      .bind(cartId)
      .first<{ market_id: string }>();
    expect(stored!.market_id).toBe('1|fi');
  });
});

describe('adding and changing items', () => {
  test('adding the same sku again adds to its quantity', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 1);
    const { data } = await addToCart(cartId, sku!.id, 2);
    expect(data!.addToCart.items).toEqual([expect.objectContaining({ skuId: sku!.id, quantity: 3 })]);
  });

  test('a quantity above the stock is refused with the units left, and the cart is unchanged', async () => {
    const [sku] = await findSkus('s.static_stock IS NULL AND s.oversellable = 0 AND s.stock BETWEEN 1 AND 5');
    const cartId = await newCart();
    const { errors } = await addToCart(cartId, sku!.id, sku!.stock + 1);
    expect(errors![0]!.message).toBe(`Du kan tyvärr inte lägga fler i varukorgen. Endast ${sku!.stock} kvar på lager`);
    const english = await addToCart(cartId, sku!.id, sku!.stock + 1, { languageId: 'en-US' });
    expect(english.errors![0]!.message).toBe(
      `Sorry, you cannot add more to the cart. Only ${sku!.stock} left in stock`,
    );
    const { data } = await graphql(GET_CART, getCartVariables(cartId));
    expect(data!.getCart.items).toEqual([]);
  });

  test('made-to-order and static-stock skus can be bought beyond their stock', async () => {
    const [madeToOrder] = await findSkus('s.oversellable = 1');
    const [staticStock] = await findSkus('s.static_stock IS NOT NULL');
    const cartId = await newCart();
    expect((await addToCart(cartId, madeToOrder!.id, madeToOrder!.stock + 3)).errors).toBeUndefined();
    expect((await addToCart(cartId, staticStock!.id, 5)).errors).toBeUndefined();
  });

  test('adding without a sku asks for a size first', async () => {
    const cartId = await newCart();
    const { errors } = await addToCart(cartId, null, 1);
    expect(errors![0]!.message).toBe('Du måste välja storlek först');
  });

  test('updateCartItem sets the quantity, and quantity 0 removes the item', async () => {
    const [first, second] = await findSkus(PLAIN_SKU, { limit: 2 });
    const cartId = await newCart();
    await addToCart(cartId, first!.id, 1);
    await addToCart(cartId, second!.id, 1);
    const raised = await updateItem(cartId, { skuId: first!.id, quantity: 4 });
    expect(raised.data!.updateCartItem.items.map((i: { quantity: number }) => i.quantity)).toEqual([4, 1]);
    const removed = await updateItem(cartId, { id: `${cartId}:${first!.id}`, quantity: 0 });
    expect(removed.data!.updateCartItem.items.map((i: { skuId: number }) => i.skuId)).toEqual([second!.id]);
  });

  test('raising a quantity beyond the stock is refused', async () => {
    const [sku] = await findSkus('s.static_stock IS NULL AND s.oversellable = 0 AND s.stock BETWEEN 2 AND 5');
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 1);
    const { errors } = await updateItem(cartId, { skuId: sku!.id, quantity: sku!.stock + 1 });
    expect(errors![0]!.message).toContain(`Endast ${sku!.stock} kvar på lager`);
  });

  test('a product in a price campaign shows the campaign and its discounted price', async () => {
    // 149 kr − 20 % = 119,20 → 119 kr (whole kronor, docs/decisions/010-price-rounding.md).
    const product = await createProduct({ prices: { '1|se': 14900 }, campaign: { percent: 20, name: 'Pennrea' } });
    const cartId = await newCart();
    const { data } = await addToCart(cartId, product.skuId, 1);
    const item = data!.addToCart.items[0];
    expect(item.unitPrice).toMatchObject({
      isDiscounted: true,
      regularPriceIncVat: 149,
      sellingPriceIncVat: 119,
      discountPercentage: 20,
    });
    expect(item.campaign.appliedCampaigns).toEqual([expect.objectContaining({ name: 'Pennrea' })]);
    expect(item.campaign.prices).toEqual([
      expect.objectContaining({ quantity: 1, price: expect.objectContaining({ sellingPriceIncVat: 119 }) }),
    ]);
    expect(data!.addToCart.appliedCampaigns).toEqual([expect.objectContaining({ name: 'Pennrea' })]);
  });
});

describe('free shipping threshold', () => {
  test('goods worth exactly 499 kr ship free; one öre less pays 49 kr', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 3 });
    await env.DB.prepare("UPDATE prices SET regular_inc_vat = 49900 WHERE product_id = ? AND market_id = '1|se'")
      .bind(sku!.productId)
      .run();
    const cartId = await newCart();
    const atThreshold = (await addToCart(cartId, sku!.id, 1)).data!.addToCart.summary.shipping;
    expect(atThreshold).toMatchObject({ feeIncVat: 0, amountLeftToFreeShipping: 0 });
    await env.DB.prepare("UPDATE prices SET regular_inc_vat = 49899 WHERE product_id = ? AND market_id = '1|se'")
      .bind(sku!.productId)
      .run();
    const below = (await graphql(GET_CART, getCartVariables(cartId))).data!.getCart.summary.shipping;
    expect(below).toMatchObject({ feeIncVat: 49, amountLeftToFreeShipping: 0.01 });
  });
});

describe('clearing and completing', () => {
  test('clearCart empties the cart', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 2);
    const { data } = await graphql(
      'mutation($id: String!) { clearCart(id: $id) { id items { quantity } promoCode summary { total { sellingPriceIncVat } } } }',
      { id: cartId },
    );
    expect(data!.clearCart).toMatchObject({
      id: cartId,
      items: [],
      promoCode: null,
      summary: { total: { sellingPriceIncVat: 0 } },
    });
  });

  test('a completed cart is read-only and getCart starts a new one unless completed carts are asked for', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await newCart();
    await addToCart(cartId, sku!.id, 1);
    const completed = await graphql(COMPLETE_CART, {
      id: cartId,
      channelId: '1|se',
      languageId: 'sv-SE',
      checkoutMarket: 'se',
    });
    expect(completed.data!.completeCart).toMatchObject({ id: cartId, isCompleted: true });
    const refused = await addToCart(cartId, sku!.id, 1);
    expect(refused.errors![0]).toMatchObject({
      message: 'Varukorgen är redan avslutad och kan inte ändras',
      extensions: { code: 'CONFLICT' },
    });
    expect((await graphql(GET_CART, getCartVariables(cartId))).data!.getCart.id).not.toBe(cartId);
    const confirmed = await graphql(CONFIRM_CART, {
      id: cartId,
      channelId: '1|se',
      languageId: 'sv-SE',
      checkoutMarket: 'se',
      allowExternalShippingFee: true,
    });
    expect(confirmed.data!.getCart).toMatchObject({
      id: cartId,
      isCompleted: true,
      items: [expect.objectContaining({ skuId: sku!.id })],
    });
  });

  test('changing an unknown cart is NOT_FOUND', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const { errors } = await addToCart('ffffffffffffffffffffffffffffffff', sku!.id, 1);
    expect(errors![0]).toMatchObject({ message: 'Varukorgen finns inte', extensions: { code: 'NOT_FOUND' } });
  });
});
