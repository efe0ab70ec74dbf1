// The one price format (core/money.ts): kronor the shop's way in every language, the amount then 'kr';
// euro as the language writes it. Server views, islands and mails all print through formatMoney.
import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../core/money';
import { formatAmount } from '../../client/views/components/list/list-links';

/** Intl keeps amount and currency together with a no-break space (and groups Nordic digits with one). */
const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

describe('kronor read "174 kr" in every language', () => {
  test('English prices in SEK, NOK and DKK put the amount first: 174 kr, never kr 174', () => {
    expect(formatMoney({ amount: 17400, currency: 'SEK' }, 'en-US')).toBe(nbsp('174 kr'));
    expect(formatMoney({ amount: 17400, currency: 'NOK' }, 'en-US')).toBe(nbsp('174 kr'));
    expect(formatMoney({ amount: 17400, currency: 'DKK' }, 'en-US')).toBe(nbsp('174 kr'));
  });

  test('English keeps its own digits: 1,399.20 kr and the free-shipping limit 499 kr', () => {
    expect(formatMoney({ amount: 139920, currency: 'SEK' }, 'en-US')).toBe(nbsp('1,399.20 kr'));
    expect(formatMoney({ amount: 49900, currency: 'SEK' }, 'en-US')).toBe(nbsp('499 kr'));
  });

  test('Swedish stays as it was: 174 kr and 1 399,20 kr', () => {
    expect(formatMoney({ amount: 17400, currency: 'SEK' }, 'sv-SE')).toBe(nbsp('174 kr'));
    expect(formatMoney({ amount: 139920, currency: 'SEK' }, 'sv-SE')).toBe(nbsp('1 399,20 kr'));
  });

  test('Norwegian and Danish pages keep their notation (Danish writes kr.)', () => {
    expect(formatMoney({ amount: 17400, currency: 'NOK' }, 'nb-NO')).toBe(nbsp('174 kr'));
    expect(formatMoney({ amount: 13100, currency: 'DKK' }, 'da-DK')).toBe(nbsp('131 kr.'));
  });

  test('Finnish prices in kronor say kr, not the ISO code: 174 kr, never 174 SEK', () => {
    expect(formatMoney({ amount: 17400, currency: 'SEK' }, 'fi-FI')).toBe(nbsp('174 kr'));
  });

  test('a negative amount keeps its sign in front: -50 kr', () => {
    expect(formatMoney({ amount: -5000, currency: 'SEK' }, 'en-US')).toBe(nbsp('-50 kr'));
  });
});

describe('euro as the language writes it', () => {
  test('Finnish euro: 12,50 € and 4 €', () => {
    expect(formatMoney({ amount: 1250, currency: 'EUR' }, 'fi-FI')).toBe(nbsp('12,50 €'));
    expect(formatMoney({ amount: 400, currency: 'EUR' }, 'fi-FI')).toBe(nbsp('4 €'));
  });

  test('English euro: €12.50', () => {
    expect(formatMoney({ amount: 1250, currency: 'EUR' }, 'en-US')).toBe('€12.50');
  });
});

describe('the list page price filter prints amounts the same way', () => {
  test('120 kr in English and Swedish, 45 € in Finnish', () => {
    expect(formatAmount(120, 'en-US', 'SEK')).toBe(nbsp('120 kr'));
    expect(formatAmount(120, 'sv-SE', 'SEK')).toBe(nbsp('120 kr'));
    expect(formatAmount(45, 'fi-FI', 'EUR')).toBe(nbsp('45 €'));
  });
});
