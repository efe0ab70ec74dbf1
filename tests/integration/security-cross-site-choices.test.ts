// Issue 24: a link on another site switched a shopper's market, language and customer type (a GET with
// side effects). Such a link still leads to the page it names, but only the shop's own links and forms,
// or an address the shopper typed, change what they chose.
import { describe, expect, test } from 'vitest';
import { fetchWorker } from '../helpers';

const SWITCHES = [
  ['/api/market?alias=fi&redirect=%2F', 'ralph-selected-market=fi'],
  ['/api/locale?locale=en&path=%2Fvarumarken', 'ralph-locale=en'],
  ['/api/customer-type?type=ORGANIZATION&redirect=%2F', 'ralph-user-type=ORGANIZATION'],
] as const;

function follow(path: string, site: string) {
  return fetchWorker(path, { redirect: 'manual', headers: { 'Sec-Fetch-Site': site } });
}

const cookies = (response: Response) => response.headers.getSetCookie().join('\n');

describe('a link from another site changes no choice', () => {
  test.each(SWITCHES)('%s from another site leads on and stores nothing', async (path, stored) => {
    const response = await follow(path, 'cross-site');
    expect(response.status).toBe(303);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(cookies(response)).not.toContain(stored.split('=')[0] + '=');
  });

  test.each(SWITCHES)('%s from the shop itself or a typed address stores the choice', async (path, stored) => {
    for (const site of ['same-origin', 'none']) {
      const response = await follow(path, site);
      expect(response.status).toBe(303);
      expect(cookies(response)).toContain(`${stored};`);
    }
  });

  test('the language link from another site still opens the page in that language', async () => {
    const response = await follow('/api/locale?locale=en&path=%2Fvarumarken', 'cross-site');
    expect(response.headers.get('Location')).toBe('/en/brands');
  });
});
