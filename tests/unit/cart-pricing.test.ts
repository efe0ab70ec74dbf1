// Worked examples of the cart's prices (worker/commerce/cart/pricing.ts), in SEK and EUR, with the
// arithmetic beside each expectation. Amounts are minor units: 19900 = 199,00 kr.
import { describe, expect, test } from 'vitest';
import {
  allocateProportionally,
  priceCart,
  type CartPricingInput,
  type PricingLine,
  type PromotionInput,
} from '../../worker/commerce/cart/pricing';

const SEK_SHIPPING = { feeIncVat: 4900, freeFromIncVat: 49900, isDefault: true };
const EUR_SHIPPING = { feeIncVat: 490, freeFromIncVat: 4900, isDefault: true };
const writingSale = { id: '3', name: 'Skrivkampanj', hideTitle: false, discountPercent: 20 };

function line(
  skuId: number,
  regularUnitIncVat: number,
  quantity: number,
  vatRateBp = 2500,
  campaign: PricingLine['campaign'] = null,
): PricingLine {
  return { skuId, productId: skuId, quantity, regularUnitIncVat, vatRateBp, campaign };
}

function cart(overrides: Partial<CartPricingInput>): CartPricingInput {
  return {
    currency: 'SEK',
    lines: [],
    promotion: null,
    shipping: SEK_SHIPPING,
    vatRateBp: 2500,
    giftCards: [],
    customerBalance: 0,
    ...overrides,
  };
}

const promo = (code: string) => ({
  code,
  minSubtotalIncVat: 0,
  campaign: { id: `promo:${code}`, name: `Rabattkod ${code}`, hideTitle: false },
});
const SPARA100: PromotionInput = {
  ...promo('SPARA100'),
  kind: 'FIXED_AMOUNT',
  amountIncVat: 10000,
  minSubtotalIncVat: 50000,
};
const VALKOMMEN10: PromotionInput = { ...promo('VALKOMMEN10'), kind: 'PERCENT', percent: 10 };
const FRAKTFRITT: PromotionInput = { ...promo('FRAKTFRITT'), kind: 'FREE_SHIPPING' };

// Two pens at 199 kr and a notebook at 349 kr in the 20 % writing sale, 25 % VAT.
const sekLines = [line(1, 19900, 2), line(2, 34900, 1, 2500, writingSale)];

describe('cart pricing in SEK', () => {
  test('a price campaign lowers the unit price and the line, and the subtotal sums the lines', () => {
    const priced = priceCart(cart({ lines: sekLines }));
    // Notebook: 349,00 × (100 − 20) % = 279,20 kr, rounded to whole kronor: 279 kr; ex VAT 279 / 1,25 = 223,20 kr.
    expect(priced.lines[1]!.unitPrice).toMatchObject({
      regularIncVat: 34900,
      sellingIncVat: 27900,
      sellingExVat: 22320,
      discountPercentage: 20,
    });
    expect(priced.lines[1]!.campaigns.map((c) => c.name)).toEqual(['Skrivkampanj']);
    // Pens: 2 × 199,00 = 398,00 kr; ex VAT 318,40 kr.
    expect(priced.lines[0]!.totalPrice).toMatchObject({
      sellingIncVat: 39800,
      sellingExVat: 31840,
      isDiscounted: false,
    });
    // Subtotal: 398 + 279 = 677 kr inc VAT; 318,40 + 223,20 = 541,60 kr ex VAT; VAT 135,40 kr.
    expect(priced.subTotal).toMatchObject({
      regularIncVat: 74700,
      sellingIncVat: 67700,
      sellingExVat: 54160,
      vat: 13540,
    });
    // 677 kr ≥ 499 kr: free shipping, nothing left to free shipping.
    expect(priced.shipping).toMatchObject({ feeIncVat: 0, amountLeftToFreeShipping: 0, isFree: true });
    // Total discount: 747 − 677 = 70 kr (the campaign's 20 % of 349 kr, rounded with the price).
    expect(priced.total).toMatchObject({ sellingIncVat: 67700, discountIncVat: 7000, isDiscounted: true });
  });

  test('below the threshold shipping costs 49 kr and the amount left is the difference', () => {
    const priced = priceCart(cart({ lines: [line(1, 19900, 1)] }));
    // 499,00 − 199,00 = 300,00 kr left; fee 49,00 kr, ex VAT 39,20 kr.
    expect(priced.shipping).toMatchObject({
      feeIncVat: 4900,
      feeExVat: 3920,
      amountLeftToFreeShipping: 30000,
      isFree: false,
    });
    // Total 199,00 + 49,00 = 248,00 kr; VAT (199,00 − 159,20) + (49,00 − 39,20) = 39,80 + 9,80 = 49,60 kr.
    expect(priced.total).toMatchObject({ sellingIncVat: 24800, sellingExVat: 19840, vat: 4960 });
    expect(priced.vats).toEqual([{ vatRateBp: 2500, amount: 4960 }]);
  });

  test('shipping is free exactly at the threshold and costs the fee one öre below it', () => {
    expect(priceCart(cart({ lines: [line(1, 49900, 1)] })).shipping).toMatchObject({
      feeIncVat: 0,
      amountLeftToFreeShipping: 0,
    });
    expect(priceCart(cart({ lines: [line(1, 49899, 1)] })).shipping).toMatchObject({
      feeIncVat: 4900,
      amountLeftToFreeShipping: 1,
    });
  });

  test('an empty cart pays no shipping and has the whole threshold left', () => {
    const priced = priceCart(cart({}));
    expect(priced.shipping).toMatchObject({ feeIncVat: 0, amountLeftToFreeShipping: 49900 });
    expect(priced.total.sellingIncVat).toBe(0);
  });

  test('a fixed-amount code is spread across the lines in proportion to their price, the parts summing to the whole', () => {
    const priced = priceCart(cart({ lines: sekLines, promotion: SPARA100 }));
    // Shares of 100,00 kr over 398 and 279 kr: 10000 × 39800 / 67700 = 5878,88 and 10000 × 27900 / 67700 = 4121,12;
    // rounded down 5878 + 4121 = 9999, the last öre goes to the larger remainder (0,88): 5879 + 4121 = 10000.
    expect(priced.lines.map((l) => l.fixedDiscountIncVat)).toEqual([5879, 4121]);
    // Ex VAT per share: 5879 / 1,25 = 4703,2 → 4703; 4121 / 1,25 = 3296,8 → 3297; together 80,00 kr.
    expect(priced.fixedAmountDiscount).toEqual({ incVat: 10000, exVat: 8000 });
    // Goods 677 − 100 = 577 kr, still ≥ 499 kr: free shipping. Ex VAT 541,60 − 80,00 = 461,60 kr.
    expect(priced.total).toMatchObject({ sellingIncVat: 57700, sellingExVat: 46160, vat: 11540 });
    expect(priced.appliedCampaigns.map((c) => c.name)).toEqual(['Skrivkampanj', 'Rabattkod SPARA100']);
  });

  test('a code whose minimum subtotal is not met stays unapplied', () => {
    const priced = priceCart(cart({ lines: [line(1, 19900, 2)], promotion: SPARA100 }));
    // 398,00 kr < 500,00 kr required.
    expect(priced.promotion).toEqual({ code: 'SPARA100', applied: false });
    expect(priced.fixedAmountDiscount.incVat).toBe(0);
  });

  test('a fixed-amount code never takes the goods below zero', () => {
    const priced = priceCart(cart({ lines: [line(1, 6000, 1)], promotion: { ...SPARA100, minSubtotalIncVat: 0 } }));
    // 60,00 kr of goods: the 100 kr code gives 60,00 kr; then 49 kr shipping is what is paid.
    expect(priced.fixedAmountDiscount.incVat).toBe(6000);
    expect(priced.total.sellingIncVat).toBe(4900);
  });

  test('a percent code lowers every unit after the campaign, and a free-shipping code removes the fee', () => {
    const percent = priceCart(cart({ lines: sekLines, promotion: VALKOMMEN10 }));
    // Pens 199 × 0,9 = 179,10 → 179 kr; notebook 279 × 0,9 = 251,10 → 251 kr (whole kronor, once per unit).
    expect(percent.lines.map((l) => l.unitPrice.sellingIncVat)).toEqual([17900, 25100]);
    expect(percent.lines[1]!.campaigns.map((c) => c.name)).toEqual(['Skrivkampanj', 'Rabattkod VALKOMMEN10']);
    const freeShipping = priceCart(cart({ lines: [line(1, 19900, 1)], promotion: FRAKTFRITT }));
    expect(freeShipping.shipping).toMatchObject({ feeIncVat: 0, isFree: true, amountLeftToFreeShipping: 0 });
    expect(freeShipping.total.sellingIncVat).toBe(19900);
  });
});

describe('cart pricing in EUR', () => {
  // Finland: 25,5 % VAT, shipping 4,90 €, free from 49,00 €. Three notebooks at 12,90 € with VALKOMMEN10.
  const eurCart = (overrides: Partial<CartPricingInput> = {}) =>
    cart({
      currency: 'EUR',
      lines: [line(7, 1290, 3, 2550)],
      shipping: EUR_SHIPPING,
      vatRateBp: 2550,
      promotion: VALKOMMEN10,
      ...overrides,
    });

  test('VAT at 25,5 %, a percent code and shipping below the threshold', () => {
    const priced = priceCart(eurCart());
    // Unit 12,90 × 0,9 = 11,61 €; line 3 × 11,61 = 34,83 €; ex VAT 34,83 / 1,255 = 27,75 €.
    expect(priced.subTotal).toMatchObject({ regularIncVat: 3870, sellingIncVat: 3483, sellingExVat: 2775 });
    // 49,00 − 34,83 = 14,17 € left; fee 4,90 €, ex VAT 4,90 / 1,255 = 3,90 €.
    expect(priced.shipping).toMatchObject({ feeIncVat: 490, feeExVat: 390, amountLeftToFreeShipping: 1417 });
    // Total 34,83 + 4,90 = 39,73 €; ex VAT 27,75 + 3,90 = 31,65 €; VAT 8,08 €.
    expect(priced.total).toMatchObject({ sellingIncVat: 3973, sellingExVat: 3165, vat: 808 });
    expect(priced.vats).toEqual([{ vatRateBp: 2550, amount: 808 }]);
  });

  test('a gift card pays the whole total and never goes below zero', () => {
    const priced = priceCart(eurCart({ giftCards: [{ code: 'LAHJA-50', balance: 5000 }] }));
    // 50,00 € on the card, 39,73 € due: the card pays 39,73 €, 10,27 € stays on it, 0 € to pay.
    expect(priced.payment).toMatchObject({
      giftCards: [{ code: 'LAHJA-50', amount: 3973, left: 1027 }],
      pending: 3973,
      toPayIncVat: 0,
      toPayExVat: 0,
    });
  });

  test('gift cards pay first, then the customer balance, and the rest is paid to the provider', () => {
    const priced = priceCart(eurCart({ giftCards: [{ code: 'LAHJA-10', balance: 1000 }], customerBalance: 2000 }));
    // 39,73 € due: the card pays 10,00 €, the balance 20,00 €; 9,73 € to pay. They are payment, not discount:
    // the VAT stays the sale's 8,08 €, so of the 9,73 € 9,73 − 8,08 = 1,65 € is not VAT.
    expect(priced.payment).toMatchObject({
      customerBalance: 2000,
      customerBalanceRemaining: 0,
      pending: 3000,
      toPayIncVat: 973,
      toPayExVat: 165,
    });
    expect(priced.total).toMatchObject({ sellingIncVat: 3973, vat: 808 });
  });
});

describe('proportional allocation', () => {
  test('parts sum exactly to the whole, the extra units going to the largest remainders', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(1001, [250, 750])).toEqual([250, 751]);
    expect(allocateProportionally(0, [5, 5])).toEqual([0, 0]);
  });
});
