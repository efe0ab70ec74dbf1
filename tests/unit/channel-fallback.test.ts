// Spec §8 "Markets fetch failure: warning, fallback data": the channel the shop falls back to when no copy
// of the real one was ever kept is the product's own definition, the same four markets the seed writes.
import { describe, expect, test } from 'vitest';
import { nordicChannel } from '../../worker/commerce/channel/nordic-channel';
import { CHANNEL_ID, CURRENCY_ROWS, LANGUAGE_ROWS, MARKETS } from '../../worker/db/seed/shop';

describe('the channel built from configuration', () => {
  test('has the four Nordic markets in their currencies, with Sweden first', () => {
    const channel = nordicChannel('1|se', 'se');
    expect(channel.markets.map((m) => `${m.id} ${m.countryCode} ${m.currency.code}`)).toEqual([
      '1|se SE SEK',
      '1|dk DK DKK',
      '1|no NO NOK',
      '1|fi FI EUR',
    ]);
    expect(channel.defaultMarketId).toBe('1|se');
    expect(channel.defaultLanguageId).toBe('sv-SE');
    // Spec §1: shipping 49 kr, free from 499 kr in Sweden (minor units).
    expect(channel.markets[0]).toMatchObject({ shippingFeeIncVat: 4900, freeShippingFromIncVat: 49900 });
  });

  test('takes its channel id and default market from CHANNEL_ID and FALLBACK_MARKET_ALIAS', () => {
    const channel = nordicChannel('2|dk', 'dk');
    expect(channel.id).toBe('2|dk');
    expect(channel.markets.map((m) => m.id)).toEqual(['2|se', '2|dk', '2|no', '2|fi']);
    expect(channel.defaultMarketId).toBe('2|dk');
    expect(nordicChannel('1|se', 'xx').defaultMarketId).toBe('1|se');
  });

  test('is what the seed writes into the database', () => {
    const channel = nordicChannel(CHANNEL_ID, 'se');
    expect(channel.languages.map((l) => [l.id, l.code, l.name])).toEqual(LANGUAGE_ROWS.map((row) => [...row]));
    expect(
      channel.markets.map((m) => ({
        id: m.id,
        alias: m.alias,
        countryCode: m.countryCode,
        currency: m.currency.code,
        defaultLanguage: m.defaultLanguageId,
        languages: m.allowedLanguages.map((l) => l.id),
        vatRateBp: m.vatRateBp,
        shippingFee: m.shippingFeeIncVat,
        freeShippingFrom: m.freeShippingFromIncVat,
        countryName: channel.languages.map((l) => m.countryNames[l.id]),
      })),
    ).toEqual(MARKETS.map((m) => ({ ...m, languages: [...m.languages], countryName: [...m.countryName] })));
    const currencies = channel.markets.map((m) => [
      m.currency.code,
      m.currency.name,
      m.currency.symbol,
      m.currency.rate,
    ]);
    const seeded = CURRENCY_ROWS.map(([code, name, symbol, , rate]) => [code, name, symbol, rate]);
    expect(currencies).toEqual(seeded);
  });
});
