/**
 * Money: integer minor units plus a currency. Amounts are stored including VAT; the ex-VAT part and the
 * VAT are derived here. Rounding to whole minor units happens once, in these functions.
 */

export interface Money {
  /** Minor units (öre, cent). */
  amount: number;
  currency: string;
}

/** Amount excluding VAT of an amount including VAT, with the rate in basis points (2500 = 25 %). */
export function exVat(incVat: number, vatRateBp: number): number {
  return Math.round((incVat * 10000) / (10000 + vatRateBp));
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The amount formatted for shoppers in `localeIso`: '49 kr', '4,90 €'. Whole amounts drop their decimals,
 * as Nordic shops print prices. Formatters are reused; they are immutable and cost to create.
 */
export function formatMoney({ amount, currency }: Money, localeIso: string): string {
  const whole = amount % 100 === 0;
  const key = `${localeIso}|${currency}|${whole}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeIso, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    formatters.set(key, format);
  }
  return format.format(amount / 100);
}
