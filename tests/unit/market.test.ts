import { describe, expect, test } from 'vitest';
import { selectMarket, visitorCountry } from '../../worker/middleware/market';
import type { Channel, Market } from '../../worker/commerce/channel/channel';

const market = (alias: string, countryCode: string): Market =>
  ({ id: `1|${alias}`, alias, countryCode, onlyDisplayInCheckout: false }) as Market;
const channel = {
  id: '1|se',
  defaultMarketId: '1|se',
  markets: [market('se', 'SE'), market('dk', 'DK'), market('no', 'NO'), market('fi', 'FI')],
} as Channel;

describe('market selection', () => {
  test('path, then cookie, then country, then the default market', () => {
    expect(selectMarket(channel, { pathAlias: 'no', cookie: 'dk', country: 'FI' })).toMatchObject({
      from: 'path',
      market: { alias: 'no' },
    });
    expect(selectMarket(channel, { cookie: 'dk', country: 'FI' })).toMatchObject({
      from: 'cookie',
      market: { alias: 'dk' },
    });
    expect(selectMarket(channel, { cookie: 'zz', country: 'FI' })).toMatchObject({
      from: 'country',
      market: { alias: 'fi' },
    });
    expect(selectMarket(channel, { country: 'DE' })).toMatchObject({ from: 'default', market: { alias: 'se' } });
  });

  test('the country comes from request.cf, then the CF-IPCountry header, and must be a country code', () => {
    const withHeader = new Request('http://x/', { headers: { 'CF-IPCountry': 'NO' } });
    expect(visitorCountry(withHeader)).toBe('NO');
    const withCf = Object.assign(new Request('http://x/', { headers: { 'CF-IPCountry': 'NO' } }), {});
    Object.defineProperty(withCf, 'cf', { value: { country: 'FI' } });
    expect(visitorCountry(withCf)).toBe('FI');
    expect(visitorCountry(new Request('http://x/', { headers: { 'CF-IPCountry': 'XX1' } }))).toBeUndefined();
  });
});
