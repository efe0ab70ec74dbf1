// The bar to free shipping (spec §4, §9: free above 499 kr) as a private and a business shopper read it:
// the API's amount including VAT, or for a business shopper (every amount ex VAT) that amount less the
// market's standard VAT.
import { describe, expect, test } from 'vitest';
import type { ShopCart } from '../../core/graphql/cart';
import { freeShippingProgress, type CartTranslate } from '../../client/views/components/cart/cart-display';

const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

/** The Swedish words of cart.freeShipping. */
const t: CartTranslate = (key, params) =>
  key === 'cart.freeShipping.left' ? `${params?.amount} kvar till fri frakt` : 'Du har fri frakt!';

/** A cart with one line whose goods come to `goods` and `left` (major units, incl. VAT) to free shipping. */
function cartWith(goods: number, left: number, leftFormatted: string): ShopCart {
  return {
    id: 'c1',
    isCompleted: false,
    promoCode: null,
    freeShipping: false,
    appliedCampaigns: [],
    items: [{ id: 'c1:1', skuId: 1, quantity: 1 }],
    summary: {
      fixedAmountDiscountIncVat: 0,
      subTotal: { sellingPriceIncVat: goods },
      shipping: { amountLeftToFreeShipping: left, amountLeftToFreeShippingFormatted: leftFormatted },
    },
  } as unknown as ShopCart;
}

describe('the distance to free shipping', () => {
  test('a private shopper reads the API’s amount including VAT: 374 kr', () => {
    // 499 kr − 125 kr of goods = 374 kr.
    expect(freeShippingProgress(cartWith(125, 374, nbsp('374 kr')), t)?.text).toBe(
      `${nbsp('374 kr')} kvar till fri frakt`,
    );
  });

  test('a business shopper reads it ex VAT: 374 kr / 1,25 = 299,20 kr', () => {
    const sweden = { localeIso: 'sv-SE', currency: 'SEK', vatRateBp: 2500 };
    expect(freeShippingProgress(cartWith(125, 374, nbsp('374 kr')), t, sweden)?.text).toBe(
      `${nbsp('299,20 kr')} kvar till fri frakt`,
    );
  });

  test('in Finland at 25,5 % VAT: 36,10 € is 28,76 € ex VAT', () => {
    // 49,00 € − 12,90 € = 36,10 €; 36,10 / 1,255 = 28,764… → 28,76 €.
    const finland = { localeIso: 'fi-FI', currency: 'EUR', vatRateBp: 2550 };
    expect(freeShippingProgress(cartWith(12.9, 36.1, nbsp('36,10 €')), t, finland)?.text).toBe(
      `${nbsp('28,76 €')} kvar till fri frakt`,
    );
  });

  test('free shipping reached says so for both', () => {
    const sweden = { localeIso: 'sv-SE', currency: 'SEK', vatRateBp: 2500 };
    expect(freeShippingProgress(cartWith(520, 0, nbsp('0 kr')), t, sweden)).toMatchObject({
      text: 'Du har fri frakt!',
      reached: true,
    });
  });
});
