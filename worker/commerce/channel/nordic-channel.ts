/**
 * The channel as the product defines it (DESIGN.md; spec §1, §9): Sweden, Denmark, Norway and Finland in
 * SEK, DKK, NOK and EUR, in Swedish, Danish, English, Finnish and Norwegian bokmål. The shop answers with
 * it when the channel cannot be read and no copy of it was ever kept (spec §8: "Markets fetch failure:
 * warning, fallback data"); only the channel id and the default market come from configuration
 * (CHANNEL_ID, FALLBACK_MARKET_ALIAS). worker/db/seed/shop.ts writes the same markets into the database;
 * a unit test (tests/unit/channel-fallback.test.ts) keeps the two alike.
 */
import type { Channel, Currency, Language, Market } from './channel';

const SWEDISH: Language = { id: 'sv-SE', code: 'sv', name: 'Svenska' };
const DANISH: Language = { id: 'da-DK', code: 'da', name: 'Dansk' };
const ENGLISH: Language = { id: 'en-US', code: 'en', name: 'English' };
const FINNISH: Language = { id: 'fi-FI', code: 'fi', name: 'Suomi' };
const NORWEGIAN: Language = { id: 'nb-NO', code: 'nb', name: 'Norsk bokmål' };
const LANGUAGES = [SWEDISH, DANISH, ENGLISH, FINNISH, NORWEGIAN];

const SEK: Currency = { code: 'SEK', name: 'Svensk krona', symbol: 'kr', rate: 1 };
const DKK: Currency = { code: 'DKK', name: 'Dansk krone', symbol: 'kr', rate: 1.55 };
const NOK: Currency = { code: 'NOK', name: 'Norsk krone', symbol: 'kr', rate: 1 };
const EUR: Currency = { code: 'EUR', name: 'Euro', symbol: '€', rate: 11.5 };

/** A country's name in the five languages, in the order of LANGUAGES. */
function countryNames(sv: string, da: string, en: string, fi: string, nb: string): Record<string, string> {
  return { 'sv-SE': sv, 'da-DK': da, 'en-US': en, 'fi-FI': fi, 'nb-NO': nb };
}

type MarketDefinition = Omit<Market, 'id' | 'channelId' | 'groupKey' | 'virtual' | 'onlyDisplayInCheckout'>;

/** The four markets in display order; shipping in minor units inc. VAT (spec §1: 49 kr, free from 499 kr). */
const MARKETS: readonly MarketDefinition[] = [
  {
    alias: 'se',
    countryCode: 'SE',
    countryNames: countryNames('Sverige', 'Sverige', 'Sweden', 'Ruotsi', 'Sverige'),
    currency: SEK,
    defaultLanguageId: 'sv-SE',
    allowedLanguages: [SWEDISH, ENGLISH],
    vatRateBp: 2500,
    shippingFeeIncVat: 4900,
    freeShippingFromIncVat: 49900,
  },
  {
    alias: 'dk',
    countryCode: 'DK',
    countryNames: countryNames('Danmark', 'Danmark', 'Denmark', 'Tanska', 'Danmark'),
    currency: DKK,
    defaultLanguageId: 'da-DK',
    allowedLanguages: [DANISH, ENGLISH],
    vatRateBp: 2500,
    shippingFeeIncVat: 3900,
    freeShippingFromIncVat: 39900,
  },
  {
    alias: 'no',
    countryCode: 'NO',
    countryNames: countryNames('Norge', 'Norge', 'Norway', 'Norja', 'Norge'),
    currency: NOK,
    defaultLanguageId: 'nb-NO',
    allowedLanguages: [NORWEGIAN, ENGLISH],
    vatRateBp: 2500,
    shippingFeeIncVat: 5900,
    freeShippingFromIncVat: 59900,
  },
  {
    alias: 'fi',
    countryCode: 'FI',
    countryNames: countryNames('Finland', 'Finland', 'Finland', 'Suomi', 'Finland'),
    currency: EUR,
    defaultLanguageId: 'fi-FI',
    allowedLanguages: [FINNISH, SWEDISH, ENGLISH],
    vatRateBp: 2550,
    shippingFeeIncVat: 490,
    freeShippingFromIncVat: 4900,
  },
];

/**
 * The channel `channelId` with the product's four markets. Market ids follow the API's
 * `{channel number}|{alias}` (channel '1|se' has market '1|se', '1|dk', …); the default market is
 * `fallbackMarketAlias`, else Sweden.
 */
export function nordicChannel(channelId: string, fallbackMarketAlias: string): Channel {
  const channelNumber = channelId.split('|')[0] || '1';
  const markets = MARKETS.map((market): Market => ({
    ...market,
    id: `${channelNumber}|${market.alias}`,
    channelId,
    groupKey: 'nordics',
    virtual: false,
    onlyDisplayInCheckout: false,
  }));
  const fallback = markets.find((market) => market.alias === fallbackMarketAlias) ?? (markets[0] as Market);
  return {
    id: channelId,
    name: 'Kontorsgiganten',
    type: 'WEB',
    url: '',
    defaultMarketId: fallback.id,
    defaultLanguageId: SWEDISH.id,
    languages: LANGUAGES,
    markets,
  };
}
