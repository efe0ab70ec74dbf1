// Issue 15 item 4: navigation that feels instant with no script of ours. Catalog pages ask the browser
// to prefetch the catalog links a shopper is about to open (Speculation Rules, on hover or press), never
// an account, cart, checkout or /api/ link; a shopper who asked to save data gets none; and a prefetch
// does not use up the one-time notice meant for the shopper's own visit.
import { describe, expect, test } from 'vitest';
import { fetchWorker } from '../helpers';
import { flashNotice } from './forms-helpers';

interface Rules {
  prefetch: { source: string; eagerness: string; where: { and: [{ href_matches: string[] }, unknown] } }[];
}

function rulesOf(html: string): Rules | null {
  const match = /<script type="speculationrules" nonce="[^"]+">([^<]+)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Rules) : null;
}

const FLASH = `ralph-flash=${encodeURIComponent(JSON.stringify({ kind: 'success', key: 'forms.account.loggedOut', params: {} }))}`;

describe('speculation rules', () => {
  test('a catalog page prefetches catalog links on intent, and nothing personal or under /api/', async () => {
    const answer = await fetchWorker('/en');
    expect(answer.headers.get('vary')).toMatch(/Save-Data/);
    const rules = rulesOf(await answer.text());
    expect(rules).not.toBeNull();
    const [rule] = rules!.prefetch;
    expect(rule!.source).toBe('document');
    expect(rule!.eagerness).toBe('moderate');
    const patterns = rule!.where.and[0].href_matches;
    for (const pattern of ['/p/*', '/c/*', '/*/p/*', '/*/*/c/*', '/b/*', '/s/*']) expect(patterns).toContain(pattern);
    expect(patterns.some((pattern) => /api|kassan|checkout|account|mina-sidor|favoriter/.test(pattern))).toBe(false);
    expect(rule!.where.and[1]).toEqual({ not: { selector_matches: '[rel~="nofollow"]' } });
  });

  test('Save-Data: on gets no prefetching', async () => {
    const answer = await fetchWorker('/', { headers: { 'Save-Data': 'on' } });
    expect(answer.status).toBe(200);
    expect(rulesOf(await answer.text())).toBeNull();
  });

  test("a prefetch leaves the one-time notice for the shopper's own visit", async () => {
    const prefetch = await fetchWorker('/varumarken', { headers: { Cookie: FLASH, 'Sec-Purpose': 'prefetch' } });
    expect(flashNotice(await prefetch.text())).toBeNull();
    expect(prefetch.headers.getSetCookie().join('\n')).not.toContain('ralph-flash=');
    const visit = await fetchWorker('/varumarken', { headers: { Cookie: FLASH } });
    expect(flashNotice(await visit.text())?.text).toBe('Du är utloggad.');
  });
});
