import { describe, expect, test } from 'vitest';
import { exVat, formatMoney } from '../../worker/commerce/pricing/money';
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
    const price = priceWithCampaign(14900, 2500, 20);
    expect(price).toMatchObject({
      regularIncVat: 14900,
      sellingIncVat: 11920,
      sellingExVat: 9536,
      discountIncVat: 2980,
      discountPercentage: 20,
      vat: 2384,
      isDiscounted: true,
    });
    expect(price.sellingExVat + price.vat).toBe(price.sellingIncVat);
  });

  test('no campaign means no discount', () => {
    expect(priceWithCampaign(2900, 2500, 0)).toMatchObject({
      sellingIncVat: 2900,
      isDiscounted: false,
      discountPercentage: 0,
    });
  });
});
