// Issue 12, "Shoppers set their own shipping fee": no price a shopper pays comes from the shopper. Before
// the fix, setCartShippingFee(cartId, 0) was public and an order placed with a 149 kr carrier stored 0.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import { SET_CART_SHIPPING_FEE, cartWith } from './checkout-helpers';

async function setFee(cartId: string, headers: Record<string, string> = {}) {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({
      query: SET_CART_SHIPPING_FEE,
      variables: { cartId, shippingFee: 0, channelId: '1|se', languageId: 'sv-SE', checkoutMarketId: 'se' },
    }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
}

const externalFeeOf = async (cartId: string) =>
  env.DB.prepare('SELECT external_shipping_fee_inc_vat AS fee FROM carts WHERE id = ?').bind(cartId).first('fee');

describe('an external shipping fee', () => {
  test("a shopper's setCartShippingFee(0) is refused with a clear message, and the cart keeps the carrier's fee", async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 70 });
    const cartId = await cartWith(sku!.id);
    const attempts: Record<string, string>[] = [{}, { 'X-ApiKey': 'a-guess-that-is-long-enough-but-wrong-0123456789' }];
    for (const headers of attempts) {
      const { data, errors } = await setFee(cartId, headers);
      expect(data?.setCartShippingFee ?? null).toBeNull();
      expect(errors?.[0]?.message).toBe('Fraktavgiften kan bara sättas av butikens eget system');
      expect(errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await externalFeeOf(cartId)).toBeNull();
    }
  });
});
