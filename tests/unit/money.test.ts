import { describe, expect, test } from 'vitest';
import { exVat, formatMoney, percentOff } from '../../worker/commerce/pricing/money';
import { priceWithCampaign } from '../../worker/commerce/pricing/pricing';

/** Intl keeps amount and currency together with a no-break space, as typography asks. */
const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

describe('money', () => {
  test('shipping of 49 kr prints as Swedes read it, without decimals', () => {
    expect(formatMoney({ amount: 4900, currency: 'SEK' }, 'sv-SE')).toBe(nbsp('49 kr'));
    expect(formatMoney({ amount: 49900, currency: 'SEK' }, 'sv-SE')).toBe(nbsp('499 kr'));
  });

  test('euro amounts keep their cents and follow the language', () => {
    expect(formatMoney({ amount: 490, currency: 'EUR' }, 'fi-FI')).toBe(nbsp('4,90 €'));
    expect(formatMoney({ amount: 490, currency: 'EUR' }, 'en-US')).toBe('€4.90');
  });

  test('the ex-VAT part of 125 kr at 25 % is 100 kr, and of 12.55 € at 25.5 % is 10 €', () => {
    expect(exVat(12500, 2500)).toBe(10000);
    expect(exVat(1255, 2550)).toBe(1000);
  });
});

describe('price campaigns', () => {
  test('20 % off 149 kr sells for 119 kr with both VAT views and the discount', () => {
    // 149 × 0,8 = 119,20 kr, rounded to whole kronor: 119 kr; ex VAT 119 / 1,25 = 95,20 kr; VAT 23,80 kr.
    const price = priceWithCampaign(14900, 2500, 20, 'SEK');
    expect(price).toMatchObject({
      regularIncVat: 14900,
      sellingIncVat: 11900,
      sellingExVat: 9520,
      discountIncVat: 3000,
      discountPercentage: 20,
      vat: 2380,
      isDiscounted: true,
    });
    expect(price.sellingExVat + price.vat).toBe(price.sellingIncVat);
  });

  test('no campaign means no discount', () => {
    expect(priceWithCampaign(2900, 2500, 0, 'SEK')).toMatchObject({
      sellingIncVat: 2900,
      isDiscounted: false,
      discountPercentage: 0,
    });
  });
});

describe('rounding a computed price (docs/decisions/010-price-rounding.md)', () => {
  test('kronor round half up to whole kronor, euro to the cent', () => {
    // 139 × 0,9 = 125,10 → 125 kr; 145 × 0,9 = 130,50 → 131 kr (a half goes up); 99 × 0,7 = 69,30 → 69 kr.
    expect(percentOff(13900, 10, 'SEK')).toBe(12500);
    expect(percentOff(14500, 10, 'DKK')).toBe(13100);
    expect(percentOff(9900, 30, 'NOK')).toBe(6900);
    // 12,95 × 0,9 = 11,655 → 11,66 €; 4,90 × 0,85 = 4,165 → 4,17 €.
    expect(percentOff(1295, 10, 'EUR')).toBe(1166);
    expect(percentOff(490, 15, 'EUR')).toBe(417);
  });

  test('a regular price with öre stays as it is when no campaign applies', () => {
    expect(priceWithCampaign(9950, 2500, 0, 'SEK').sellingIncVat).toBe(9950);
  });
});
