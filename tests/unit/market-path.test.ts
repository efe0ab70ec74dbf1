import { describe, expect, test } from 'vitest';
import { marketPathPrefix, withMarketPath, withoutMarketPath } from '../../core/market-path';

describe('paths with the market and language in front', () => {
  test('the API writes the prefix before site paths only', () => {
    expect(marketPathPrefix('se', 'sv')).toBe('/se/sv');
    expect(withMarketPath('/se/sv', '/c/pennor')).toBe('/se/sv/c/pennor');
    expect(withMarketPath('/se/sv', '/')).toBe('/se/sv');
    expect(withMarketPath('/se/sv', 'https://example.com/x')).toBe('https://example.com/x');
    expect(withMarketPath('/se/sv', '//cdn.example.com/x')).toBe('//cdn.example.com/x');
    expect(withMarketPath('', '/c/pennor')).toBe('/c/pennor');
    expect(withMarketPath('/se/sv', null)).toBeNull();
  });

  test('a storefront reads past it', () => {
    expect(withoutMarketPath('/se/sv/c/pennor')).toBe('/c/pennor');
    expect(withoutMarketPath('/dk/da/dc/vinterrea?x=1')).toBe('/dc/vinterrea?x=1');
    expect(withoutMarketPath('/se/sv')).toBe('/');
    expect(withoutMarketPath('/c/pennor')).toBe('/c/pennor');
    expect(withoutMarketPath('/om-oss')).toBe('/om-oss');
    expect(withoutMarketPath('/en/brands')).toBe('/en/brands');
    expect(withoutMarketPath(null)).toBeNull();
  });
});

describe('what is not a market and language', () => {
  test('a locale prefix followed by a route segment stays', () => {
    expect(withoutMarketPath('/en/dc/vinterrea')).toBe('/en/dc/vinterrea');
    expect(withoutMarketPath('/da/om-os')).toBe('/da/om-os');
    expect(withoutMarketPath('/fi/sv/dc/vinterrea')).toBe('/dc/vinterrea');
  });
});
