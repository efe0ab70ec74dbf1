// createOrUpdateCheckout, setCartShippingFee and validateOrderCreation: shipping and payment options for
// the cart's market and zip, and whether an order can be created from what the shopper entered.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker, graphql } from '../helpers';
import { MERCHANT_API_KEY } from './security-helpers';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import {
  cartWith,
  CHECKOUT_SHIPPING_OPTIONS,
  createOrUpdateCheckout,
  SET_CART_SHIPPING_FEE,
  STOCKHOLM,
  swedishCheckout,
  VALIDATE_ORDER_CREATION,
} from './checkout-helpers';

const ids = (options: { id: number }[]) => options.map((o) => o.id);
const carriersOf = async (marketId: string) =>
  (
    await env.DB.prepare(
      'SELECT id, zip_prefixes FROM shipping_methods WHERE market_id = ? ORDER BY is_default DESC, sort_order',
    )
      .bind(marketId)
      .all<{ id: number; zip_prefixes: string | null }>()
  ).results;

describe('createOrUpdateCheckout', () => {
  test("offers the market's carriers and payments, with Swish only in Sweden", async () => {
    const [se] = await findSkus(PLAIN_SKU);
    const [fi] = await findSkus(PLAIN_SKU, { marketId: '1|fi' });
    const swedish = (await createOrUpdateCheckout(await cartWith(se!.id), null)).data!.createOrUpdateCheckout;
    expect(ids(swedish.shippingOptions)).toEqual((await carriersOf('1|se')).map((c) => c.id));
    expect(swedish.paymentOptions.map((p: { displayName: string }) => p.displayName)).toEqual([
      'Kort',
      'Swish',
      'Faktura',
      'Delbetalning',
    ]);
    const finnish = (
      await createOrUpdateCheckout(await cartWith(fi!.id, 1, 'fi'), null, { marketId: 'fi', languageId: 'fi-FI' })
    ).data!.createOrUpdateCheckout;
    expect(ids(finnish.shippingOptions)).toEqual((await carriersOf('1|fi')).map((c) => c.id));
    expect(finnish.paymentOptions.map((p: { displayName: string }) => p.displayName)).toEqual([
      'Kortti',
      'Lasku',
      'Osamaksu',
    ]);
  });

  test('a zip narrows the carriers to those serving it, and an invalid zip gets none', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    const all = await carriersOf('1|se');
    const stockholm = (await createOrUpdateCheckout(cartId, { shippingAddress: STOCKHOLM })).data!
      .createOrUpdateCheckout;
    expect(ids(stockholm.shippingOptions)).toEqual(all.map((c) => c.id));
    const ostersund = (await createOrUpdateCheckout(cartId, { shippingAddress: { ...STOCKHOLM, zip: '831 30' } })).data!
      .createOrUpdateCheckout;
    expect(ids(ostersund.shippingOptions)).toEqual(
      all.filter((c) => !c.zip_prefixes || c.zip_prefixes.split(',').includes('8')).map((c) => c.id),
    );
    const invalid = (await createOrUpdateCheckout(cartId, { shippingAddress: { ...STOCKHOLM, zip: '12' } })).data!
      .createOrUpdateCheckout;
    expect(invalid.shippingOptions).toEqual([]);
  });

  test('the chosen options are kept, and the default carrier costs 49 kr below 499 kr', async () => {
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat < 20000`);
    const cartId = await cartWith(sku!.id);
    const first = (await createOrUpdateCheckout(cartId, swedishCheckout({ paymentId: 2 }))).data!
      .createOrUpdateCheckout;
    const swish = first.paymentOptions.find((p: { isSelected: boolean }) => p.isSelected);
    expect(swish.displayName).toBe('Swish');
    const standard = first.shippingOptions.find((o: { isSelected: boolean }) => o.isSelected);
    expect(standard).toMatchObject({ id: 1, feeIncVatFormatted: first.cart.summary.shipping.feeIncVatFormatted });
    expect(first.cart.summary.shipping.feeIncVat).toBe(49);
    const detailed = await graphql(CHECKOUT_SHIPPING_OPTIONS, {
      cartId,
      channelId: '1|se',
      languageId: 'sv-SE',
      marketId: 'se',
    });
    const postnord = detailed.data!.createOrUpdateCheckout.shippingOptions.find((o: { id: number }) => o.id === 1);
    expect(JSON.parse(postnord.shippingData)).toMatchObject({
      carrier: 'postnord',
      deliveryEstimate: 'Leverans inom 2–3 arbetsdagar',
    });
    // DHL Express delivers in one working day: said as such, not as a range of 1–1.
    const dhl = detailed.data!.createOrUpdateCheckout.shippingOptions.find((o: { id: number }) => o.id === 3);
    expect(JSON.parse(dhl.shippingData)).toMatchObject({
      carrier: 'dhl',
      deliveryEstimate: 'Leverans nästa arbetsdag',
    });
    expect(postnord).toMatchObject({ isDefault: true, isSelected: true, feeIncVat: 49 });
    // Reloaded without input: the same choices and address.
    const again = (await createOrUpdateCheckout(cartId, null)).data!.createOrUpdateCheckout;
    expect(again.paymentOptions.find((p: { isSelected: boolean }) => p.isSelected).displayName).toBe('Swish');
    expect(again).toMatchObject({ email: 'anna@example.com', billingAddress: { zip: '114 55', city: 'Stockholm' } });
  });

  test("setCartShippingFee from the merchant's server (X-ApiKey) replaces the fee on the checkout", async () => {
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat < 20000`);
    const cartId = await cartWith(sku!.id);
    const variables = { cartId, shippingFee: 79, channelId: '1|se', languageId: 'sv-SE', checkoutMarketId: 'se' };
    const response = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-ApiKey': MERCHANT_API_KEY },
      body: JSON.stringify({ query: SET_CART_SHIPPING_FEE, variables }),
    });
    const { data, errors } = (await response.json()) as { data?: any; errors?: unknown[] };
    expect(errors).toBeUndefined();
    expect(data!.setCartShippingFee.cart.summary.shipping).toMatchObject({ feeIncVat: 79, isDefault: false });
  });
});

describe('validateOrderCreation', () => {
  const variables = (cartId: string, checkout: Record<string, unknown>, languageId = 'sv-SE') =>
    // Spec §7 operation 1: cartId, checkout {email, billingAddress}, channelId, languageId, checkoutMarketId (sent as marketId).
    ({ cartId, checkout, channelId: '1|se', languageId, checkoutMarketId: 'se' });

  test('a valid email and billing address are valid, with the customer type as member type', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    const person = await graphql(
      VALIDATE_ORDER_CREATION,
      variables(cartId, { email: 'anna@example.com', billingAddress: STOCKHOLM }),
    );
    expect(person.data!.validateOrderCreation).toEqual({ isValid: true, message: null, memberType: 'PERSON' });
    const company = await graphql(
      VALIDATE_ORDER_CREATION,
      variables(cartId, { email: 'inkop@foretag.se', billingAddress: STOCKHOLM, customerType: 'ORGANIZATION' }),
    );
    expect(company.data!.validateOrderCreation.memberType).toBe('ORGANIZATION');
  });

  test('an invalid email or a missing billing field is not valid, with a localized message', async () => {
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    const badEmail = await graphql(
      VALIDATE_ORDER_CREATION,
      variables(cartId, { email: 'anna@', billingAddress: STOCKHOLM }),
    );
    expect(badEmail.data!.validateOrderCreation).toMatchObject({
      isValid: false,
      message: 'Du måste ange en giltig email',
    });
    const noCity = await graphql(
      VALIDATE_ORDER_CREATION,
      variables(cartId, { email: 'anna@example.com', billingAddress: { ...STOCKHOLM, city: '' } }, 'en-US'),
    );
    expect(noCity.data!.validateOrderCreation).toMatchObject({
      isValid: false,
      message: 'Make sure all fields are filled in correctly',
    });
  });

  test('a blacklisted customer is refused with the literal message the storefront checks, a no-credit one gets its member type', async () => {
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO customer_blocklist (email, reason, created_at) VALUES ('fusk@example.com', 'fraud', ?)",
      ).bind(now),
      env.DB.prepare(
        "INSERT INTO customer_blocklist (email, reason, created_at) VALUES ('kredit@example.com', 'NOCREDIT-limited', ?)",
      ).bind(now),
    ]);
    const [sku] = await findSkus(PLAIN_SKU);
    const cartId = await cartWith(sku!.id);
    const blocked = await graphql(
      VALIDATE_ORDER_CREATION,
      variables(cartId, { email: 'FUSK@example.com', billingAddress: STOCKHOLM }),
    );
    expect(blocked.data!.validateOrderCreation).toEqual({
      isValid: false,
      message: 'Customer is blacklisted',
      memberType: null,
    });
    const noCredit = await graphql(
      VALIDATE_ORDER_CREATION,
      variables(cartId, { email: 'kredit@example.com', billingAddress: STOCKHOLM }),
    );
    expect(noCredit.data!.validateOrderCreation).toEqual({
      isValid: true,
      message: null,
      memberType: 'NOCREDIT-limited',
    });
  });

  test('an empty or unknown cart is not valid', async () => {
    const { data } = await graphql(
      VALIDATE_ORDER_CREATION,
      variables('ffffffffffffffffffffffffffffffff', { email: 'anna@example.com', billingAddress: STOCKHOLM }),
    );
    expect(data!.validateOrderCreation).toMatchObject({ isValid: false, message: 'Varukorgen är tom' });
  });
});
