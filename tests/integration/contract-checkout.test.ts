// Issue 25, the Geins contract, checkout: the reference storefront's shipping widget (ralph-ui
// components/molecules/CaNshift) unlocks the payment step only when `JSON.parse(shippingData).options?.length`
// is truthy. We answered `options` as a count, so its payment section never unlocked. It is the list now.
import { describe, expect, test } from 'vitest';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import { cartWith, createOrUpdateCheckout, swedishCheckout } from './checkout-helpers';

describe('the checkout, as the reference storefront reads it', () => {
  test('shippingData lists the shipping options the zip gets, each with its id and fee', async () => {
    const [sku] = await findSkus(`${PLAIN_SKU} AND pr.regular_inc_vat < 20000`);
    const checkout = (await createOrUpdateCheckout(await cartWith(sku!.id), swedishCheckout())).data!
      .createOrUpdateCheckout as { shippingData: string; shippingOptions: { id: number; feeIncVat: number }[] };
    const data = JSON.parse(checkout.shippingData) as { zip: string; options: { id: number; fee: number }[] };
    expect(Array.isArray(data.options)).toBe(true);
    expect(data.options.length).toBeGreaterThan(0);
    expect(data.options.map((option) => option.id)).toEqual(checkout.shippingOptions.map((option) => option.id));
    expect(data.options.find((option) => option.id === 1)).toMatchObject({ carrier: 'postnord', fee: 49 });
  });
});
