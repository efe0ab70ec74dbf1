// Issue 15 item 4: navigation that feels instant with no script of ours. Catalog pages ask the browser
// to prefetch the catalog links a shopper is about to open (Speculation Rules, on hover or press), never
// an account, cart, checkout or /api/ link; a shopper who asked to save data or is on a 2g connection
// (spec §9) gets none, also from a kept page; and a prefetch does not use up the one-time notice meant
// for the shopper's own visit.
import { describe, expect, test } from 'vitest';
import { fetchWorker, settle } from '../helpers';
import { createProduct } from './factories';
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

  test('every page asks for the connection type and says its answer differs by it', async () => {
    const answer = await fetchWorker('/en');
    expect(answer.headers.get('accept-ch')).toBe('ECT');
    expect(answer.headers.get('vary')).toMatch(/Save-Data, ECT/);
  });

  test('a 2g or slow-2g connection gets no prefetching, a 3g or 4g one does', async () => {
    for (const ect of ['2g', 'slow-2g']) {
      const answer = await fetchWorker('/varumarken', { headers: { ECT: ect } });
      expect(answer.status).toBe(200);
      expect(rulesOf(await answer.text())).toBeNull();
    }
    for (const ect of ['3g', '4g']) {
      const answer = await fetchWorker('/varumarken', { headers: { ECT: ect } });
      expect(rulesOf(await answer.text())).not.toBeNull();
    }
  });

  test('a kept page is kept apart for 2g: each connection gets its own variant, and each its hint request', async () => {
    const product = await createProduct({ name: 'Snabbpenna Tvågé' });
    const path = `/p/${product.alias}`;
    const fast = await fetchWorker(path, { headers: { ECT: '4g' } });
    expect(fast.headers.get('x-page-cache')).toBe('miss');
    expect(rulesOf(await fast.text())).not.toBeNull();
    await settle(200);

    const slow = await fetchWorker(path, { headers: { ECT: '2g' } });
    expect(slow.headers.get('x-page-cache')).toBe('miss');
    expect(rulesOf(await slow.text())).toBeNull();
    await settle(200);

    const slowAgain = await fetchWorker(path, { headers: { ECT: 'slow-2g' } });
    expect(slowAgain.headers.get('x-page-cache')).toBe('hit');
    expect(slowAgain.headers.get('accept-ch')).toBe('ECT');
    expect(slowAgain.headers.get('vary')).toMatch(/ECT/);
    expect(rulesOf(await slowAgain.text())).toBeNull();

    const fastAgain = await fetchWorker(path, { headers: { ECT: '4g' } });
    expect(fastAgain.headers.get('x-page-cache')).toBe('hit');
    expect(fastAgain.headers.get('accept-ch')).toBe('ECT');
    expect(rulesOf(await fastAgain.text())).not.toBeNull();
  });

  test("a prefetch leaves the one-time notice for the shopper's own visit", async () => {
    const prefetch = await fetchWorker('/varumarken', { headers: { Cookie: FLASH, 'Sec-Purpose': 'prefetch' } });
    expect(flashNotice(await prefetch.text())).toBeNull();
    expect(prefetch.headers.getSetCookie().join('\n')).not.toContain('ralph-flash=');
    const visit = await fetchWorker('/varumarken', { headers: { Cookie: FLASH } });
    expect(flashNotice(await visit.text())?.text).toBe('Du är utloggad.');
  });
});
