/**
 * Money: integer minor units plus a currency. Amounts are stored including VAT; the ex-VAT part and the
 * VAT are derived here. Rounding happens once, in these functions: a computed selling price to the
 * currency's unit (`percentOff`), an ex-VAT part to the minor unit (`exVat`).
 */

// The ex-VAT rule and the price format are isomorphic (the islands and mails print amounts too): core/money.ts.
export { exVat, formatMoney, type Money } from '../../../core/money';

const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set(['SEK', 'DKK', 'NOK']);

/**
 * Minor units a computed selling price is rounded to in `currency` (docs/decisions/010-price-rounding.md):
 * whole kronor (100 öre) in SEK, DKK and NOK, as Nordic shops price; one cent in EUR and any other currency.
 */
export function priceRoundingUnit(currency: string): number {
  return WHOLE_UNIT_CURRENCIES.has(currency) ? 100 : 1;
}

/**
 * `amountIncVat` less `percent` %, rounded half up to the currency's unit (priceRoundingUnit): the one
 * place a campaign or percent code makes a selling price. 139 kr − 10 % = 125,10 → 125 kr; 12,90 € − 10 %
 * = 11,61 €. Integer arithmetic, so no float ever decides a half.
 */
export function percentOff(amountIncVat: number, percent: number, currency: string): number {
  const unit = priceRoundingUnit(currency);
  const kept = Math.min(100, Math.max(0, percent));
  // amount × (100 − p) / (100 × unit), rounded half up, back to minor units.
  const numerator = amountIncVat * (100 - kept);
  const denominator = 100 * unit;
  return Math.floor((2 * numerator + denominator) / (2 * denominator)) * unit;
}
