// Cookie consent and the browser's own "no" (spec §3 'Cookie consent'): a browser that sends Do Not Track
// (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`) is not asked for statistics and marketing cookies
// that would not be used; the footer says its setting is respected. A kept page never carries one
// visitor's variant to another.
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env } from '../helpers';
import { createProduct } from './factories';

const app = createApp();
const withTagManager = { ...env, GTM_ID: 'GTM-AB12CD3' };

const BANNER = '<section id="cookie-consent" class="consent-banner"';
const RESPECTED_SV =
  'Din webbläsare ber om att inte spåras (Do Not Track eller Global Privacy Control). Det respekterar vi: vi använder bara nödvändiga cookies, inga för statistik eller marknadsföring.';

/** Work the page cache does after answering (keeping a page), awaited before the next view. */
let background: Promise<unknown>[] = [];
const ctx = {
  waitUntil: (promise: Promise<unknown>) => void background.push(promise),
  passThroughOnException: () => {},
  props: {},
} as unknown as ExecutionContext;

/** A page as the shopper gets it; `kept`: through the page cache (a catalog page), else rendered for them. */
async function view(path: string, headers: Record<string, string> = {}, { kept = false } = {}) {
  const response = await app.request(path, { headers }, withTagManager, kept ? ctx : undefined);
  const html = await response.text();
  await Promise.all(background);
  background = [];
  return { html, vary: response.headers.get('vary') ?? '', cache: response.headers.get('x-page-cache') };
}

const pageDataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data"[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as Record<
    string,
    unknown
  >;

describe('Do Not Track and Global Privacy Control', () => {
  test('a browser that sends neither is asked, with both choices', async () => {
    const { html, vary } = await view('/');
    expect(html).toContain(BANNER);
    expect(html).toContain('Godkänn alla');
    expect(html).toContain('Endast nödvändiga');
    expect(html).toContain('Cookieinställningar');
    expect(html).not.toContain(RESPECTED_SV);
    expect(vary).toContain('DNT, Sec-GPC');
  });

  test('with DNT: 1 nothing is asked, and the footer says the setting is respected', async () => {
    const { html, vary } = await view('/', { DNT: '1' });
    expect(html).not.toContain(BANNER);
    expect(html).not.toContain('Godkänn alla');
    expect(html).not.toContain('Cookieinställningar');
    expect(html).toContain(`<p class="site-footer__consent-text">${RESPECTED_SV}</p>`);
    expect(pageDataOf(html)).toMatchObject({ gtm_id: 'GTM-AB12CD3', consent: 'rejected' });
    expect(vary).toContain('DNT, Sec-GPC');
  });

  test('with Sec-GPC: 1 an earlier “accept” is not used either', async () => {
    const { html } = await view('/', { 'Sec-GPC': '1', Cookie: 'ralph-consent=accepted' });
    expect(html).not.toContain(BANNER);
    expect(html).not.toContain('Du har godkänt cookies för statistik och marknadsföring.');
    expect(html).toContain(RESPECTED_SV);
    expect(pageDataOf(html)).toMatchObject({ consent: 'rejected' });
  });

  test('the notice is in every language of the shop', async () => {
    const expected: [string, string, string][] = [
      [
        '/en',
        'se',
        'Your browser asks not to be tracked (Do Not Track or Global Privacy Control). We respect that: we use only necessary cookies, none for statistics or marketing.',
      ],
      [
        '/da',
        'dk',
        'Din browser beder om ikke at blive sporet (Do Not Track eller Global Privacy Control). Det respekterer vi: vi bruger kun nødvendige cookies, ingen til statistik eller markedsføring.',
      ],
      [
        '/nb',
        'no',
        'Nettleseren din ber om ikke å bli sporet (Do Not Track eller Global Privacy Control). Det respekterer vi: vi bruker bare nødvendige informasjonskapsler, ingen for statistikk eller markedsføring.',
      ],
      [
        '/fi',
        'fi',
        'Selaimesi pyytää, ettei sinua seurata (Do Not Track tai Global Privacy Control). Kunnioitamme sitä: käytämme vain välttämättömiä evästeitä, emme tilasto- tai markkinointievästeitä.',
      ],
    ];
    for (const [path, market, text] of expected) {
      const { html } = await view(path, { 'Sec-GPC': '1', Cookie: `ralph-selected-market=${market}` });
      expect(html).toContain(text);
      expect(html).not.toContain(BANNER);
    }
  });

  test('a kept page asks the next visitor though a Do Not Track browser filled it, and never asks that browser', async () => {
    const product = await createProduct({ name: 'Spårfri Penna' });
    const path = `/p/${product.alias}`;

    const first = await view(path, { DNT: '1' }, { kept: true });
    expect(first.cache).toBe('miss');
    expect(first.html).toContain('Spårfri Penna');
    expect(first.html).not.toContain(BANNER);
    expect(first.html).toContain(RESPECTED_SV);

    const other = await view(path, {}, { kept: true });
    expect(other.cache).toBe('hit');
    expect(other.html).toContain(BANNER);
    expect(other.html).not.toContain(RESPECTED_SV);
    expect(pageDataOf(other.html)).toMatchObject({ consent: null });

    const again = await view(path, { 'Sec-GPC': '1' }, { kept: true });
    expect(again.cache).toBe('hit');
    expect(again.html).not.toContain(BANNER);
    expect(again.html).toContain(`<p class="site-footer__consent-text">${RESPECTED_SV}</p>`);
    expect(again.html).not.toContain('Cookieinställningar');
    expect(pageDataOf(again.html)).toMatchObject({ consent: 'rejected' });
  });
});
