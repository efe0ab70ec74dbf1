/**
 * Money as shoppers read it, on the server, in the browser and in mails alike: integer minor units plus a
 * currency, the ex-VAT part of an amount, and the one price format (`formatMoney`). Isomorphic (no DOM,
 * no D1), so the server's views, the islands and the mail templates print every amount the same way.
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

/** The Nordic kronor: the shop writes them '174 kr', the amount first, in every language. */
const KRONOR: ReadonlySet<string> = new Set(['SEK', 'DKK', 'NOK']);

/** A locale's own way to write kronor after the amount ('kr', Danish 'kr.'); others ('kr 174', '174 SEK') get 'kr'. */
const KRONA_SYMBOL = /^kr\.?$/;

interface MoneyFormat {
  number: Intl.NumberFormat;
  /** The symbol after the amount (kronor); none when Intl's currency format is used as it is (euro). */
  suffix: string | null;
}

const formats = new Map<string, MoneyFormat>();

function moneyFormat(localeIso: string, currency: string, whole: boolean): MoneyFormat {
  const key = `${localeIso}|${currency}|${whole}`;
  let format = formats.get(key);
  if (!format) {
    const digits = whole ? 0 : 2;
    const currencyFormat = new Intl.NumberFormat(localeIso, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (KRONOR.has(currency)) {
      const symbol = currencyFormat.formatToParts(1).find((part) => part.type === 'currency')?.value ?? '';
      format = {
        number: new Intl.NumberFormat(localeIso, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
        suffix: KRONA_SYMBOL.test(symbol) ? symbol : 'kr',
      };
    } else {
      format = { number: currencyFormat, suffix: null };
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * The amount formatted for shoppers in `localeIso`. Kronor are written the shop's way in every language,
 * the locale's digits then the symbol: '174 kr', '1,399.20 kr' in English, '131 kr.' in Danish (never
 * 'kr 174' or '174 SEK'); euro as the language writes it: '4,90 €', '€4.90'. Whole amounts drop their
 * decimals, as Nordic shops print prices. Formatters are reused: they are immutable and cost to create.
 */
export function formatMoney({ amount, currency }: Money, localeIso: string): string {
  const format = moneyFormat(localeIso, currency, amount % 100 === 0);
  const text = format.number.format(amount / 100);
  // A no-break space keeps amount and symbol together, as Intl does.
  return format.suffix === null ? text : `${text}\u00a0${format.suffix}`;
}
