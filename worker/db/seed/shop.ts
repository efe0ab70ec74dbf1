// The shop itself: languages, currencies, the channel, its four markets and how a SEK price becomes a
// believable price in each market's currency.
import { type LanguageId, type Tr, tr } from './vocabulary';

export const SHOP_NAME = 'Kontorsgiganten';
export const CHANNEL_ID = '1|se';

export const LANGUAGE_ROWS: readonly (readonly [id: LanguageId, code: string, name: string])[] = [
  ['sv-SE', 'sv', 'Svenska'],
  ['da-DK', 'da', 'Dansk'],
  ['en-US', 'en', 'English'],
  ['fi-FI', 'fi', 'Suomi'],
  ['nb-NO', 'nb', 'Norsk bokmål'],
];

export type CurrencyCode = 'SEK' | 'DKK' | 'NOK' | 'EUR';

export const CURRENCY_ROWS: readonly (readonly [
  code: CurrencyCode,
  name: string,
  symbol: string,
  minorUnits: number,
  rateToSek: number,
])[] = [
  ['SEK', 'Svensk krona', 'kr', 2, 1],
  ['DKK', 'Dansk krone', 'kr', 2, 1.55],
  ['NOK', 'Norsk krone', 'kr', 2, 1],
  ['EUR', 'Euro', '€', 2, 11.5],
];

/** Theme keys become page style variables (spec §3); the primary colour is spec §9's #FDD600. */
export const CHANNEL_SETTINGS: readonly (readonly [key: string, value: string])[] = [
  ['theme.primary', '#FDD600'],
  ['theme.onPrimary', '#1A1A1A'],
  ['theme.accent', '#1A4785'],
  ['theme.sale', '#D0021B'],
  ['theme.background', '#FFFFFF'],
  ['theme.text', '#1A1A1A'],
  ['theme.radius', '6px'],
];

export interface Market {
  id: string;
  alias: string;
  countryCode: string;
  currency: CurrencyCode;
  defaultLanguage: LanguageId;
  languages: readonly LanguageId[];
  vatRateBp: number;
  /** Shipping fee and free-shipping threshold inc. VAT, minor units (spec §1: 49 kr, free from 499 kr). */
  shippingFee: number;
  freeShippingFrom: number;
  countryName: Tr;
}

export const MARKETS: readonly Market[] = [
  {
    id: '1|se',
    alias: 'se',
    countryCode: 'SE',
    currency: 'SEK',
    defaultLanguage: 'sv-SE',
    languages: ['sv-SE', 'en-US'],
    vatRateBp: 2500,
    shippingFee: 4900,
    freeShippingFrom: 49900,
    countryName: tr('Sverige', 'Sverige', 'Sweden', 'Ruotsi', 'Sverige'),
  },
  {
    id: '1|dk',
    alias: 'dk',
    countryCode: 'DK',
    currency: 'DKK',
    defaultLanguage: 'da-DK',
    languages: ['da-DK', 'en-US'],
    vatRateBp: 2500,
    shippingFee: 3900,
    freeShippingFrom: 39900,
    countryName: tr('Danmark', 'Danmark', 'Denmark', 'Tanska', 'Danmark'),
  },
  {
    id: '1|no',
    alias: 'no',
    countryCode: 'NO',
    currency: 'NOK',
    defaultLanguage: 'nb-NO',
    languages: ['nb-NO', 'en-US'],
    vatRateBp: 2500,
    shippingFee: 5900,
    freeShippingFrom: 59900,
    countryName: tr('Norge', 'Norge', 'Norway', 'Norja', 'Norge'),
  },
  {
    id: '1|fi',
    alias: 'fi',
    countryCode: 'FI',
    currency: 'EUR',
    defaultLanguage: 'fi-FI',
    languages: ['fi-FI', 'sv-SE', 'en-US'],
    vatRateBp: 2550,
    shippingFee: 490,
    freeShippingFrom: 4900,
    countryName: tr('Finland', 'Finland', 'Finland', 'Suomi', 'Finland'),
  },
];

/** Nearest of the candidates to a value. */
function nearest(value: number, candidates: readonly number[]): number {
  let best = candidates[0] as number;
  for (const c of candidates) if (Math.abs(c - value) < Math.abs(best - value)) best = c;
  return best;
}

/** Whole kronor ending in 9 (29, 149), or in 49/99 from 1 000 kr (1 299, 5 499). */
export function roundKronor(value: number): number {
  if (value >= 1000) return Math.max(999, Math.round((value + 1) / 50) * 50 - 1);
  return Math.max(9, Math.round((value + 1) / 10) * 10 - 1);
}

/** Whole Danish kroner ending in 5 or 9 (35, 39, 145, 149). */
function roundDanishKroner(value: number): number {
  const base = Math.floor(value / 10) * 10;
  return nearest(
    value,
    [base - 5, base - 1, base + 5, base + 9, base + 15].filter((c) => c > 0),
  );
}

/** Euro ending in .90 or .95, returned in cents. */
function roundEuroCents(value: number): number {
  const whole = Math.floor(value);
  const candidates = [whole - 1, whole, whole + 1].flatMap((w) => [w + 0.9, w + 0.95]).filter((c) => c > 0);
  return Math.round(nearest(value, candidates) * 100);
}

/** The regular price inc. VAT in a market's minor units, from the Swedish price in whole kronor. */
export function marketPrice(sekWhole: number, currency: CurrencyCode): number {
  switch (currency) {
    case 'SEK':
      return sekWhole * 100;
    case 'DKK':
      return roundDanishKroner(sekWhole * 0.68) * 100;
    case 'NOK':
      return roundKronor(sekWhole * 1.02) * 100;
    case 'EUR':
      return roundEuroCents(sekWhole / 11.5);
  }
}
