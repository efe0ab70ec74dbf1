import { describe, expect, test } from 'vitest';
import { cards, heading, linkRel, main, openPage, text } from './list-helpers';

describe('search results', () => {
  test('/s/{term} lists what the search finds, by relevance unless the shopper sorts', async () => {
    const page = await openPage('/s/penna');
    expect(page.status).toBe(200);
    expect(heading(page.html)).toBe('Sökresultat för ”penna”');
    expect(cards(page.html).length).toBeGreaterThan(0);
    expect(page.html).toMatch(/<option value="relevance" aria-current="true" selected="">Relevans<\/option>/);
    expect(linkRel(page.html, 'canonical')).toBe('http://127.0.0.1/s/penna');
    // Relevance is the default here, so naming it is redirected away; another sort stays.
    expect((await openPage('/s/penna?sort=relevance')).location).toBe('/s/penna');
    const byPrice = await openPage('/s/penna?sort=lowest-price');
    expect(byPrice.status).toBe(200);
    const prices = cards(byPrice.html).map((card) => card.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('English search results', async () => {
    const page = await openPage('/en/s/pencil');
    expect(page.status).toBe(200);
    expect(heading(page.html)).toBe('Search results for “pencil”');
    expect(text(page.html)).toMatch(/\d+ products?/);
    expect(cards(page.html).length).toBeGreaterThan(0);
  });

  test('a term nothing matches shows "Tyvärr hittades inget som matchar din sökning" and a search form', async () => {
    const page = await openPage('/s/qqxxzzvv');
    expect(page.status).toBe(200);
    expect(text(main(page.html))).toContain('Tyvärr hittades inget som matchar din sökning');
    expect(text(main(page.html))).not.toContain('Inga produkter matchar ditt urval');
    expect(cards(page.html)).toEqual([]);
    const form = /<form class="search-again"[^>]*>/.exec(page.html)?.[0] ?? '';
    expect(form).toContain('action="/api/search"');
    expect(form).toContain('method="get"');
    expect(main(page.html)).toMatch(/<input [^>]*type="search"[^>]*name="q" value="qqxxzzvv"/);
    const english = await openPage('/en/s/qqxxzzvv');
    expect(text(main(english.html))).toContain('Sorry, nothing matched your search');
  });

  test('filters that exclude every hit show "Inga produkter matchar ditt urval" with a way back', async () => {
    const page = await openPage('/s/penna?price=900000~');
    expect(page.status).toBe(200);
    expect(text(main(page.html))).toContain('Inga produkter matchar ditt urval');
    expect(text(main(page.html))).not.toContain('Tyvärr hittades inget');
    expect(page.html).toContain('href="/s/penna"');
  });

  test('a term with spaces and letters outside ASCII round-trips through the path', async () => {
    const page = await openPage(`/s/${encodeURIComponent('blå penna')}`);
    expect(page.status).toBe(200);
    expect(heading(page.html)).toBe('Sökresultat för ”blå penna”');
  });
});

describe('the search form endpoint (no JavaScript)', () => {
  test('GET /api/search?q= answers 303 with the results page in the language of the form', async () => {
    const sv = await openPage('/api/search?q=bl%C3%A5+penna');
    expect(sv.status).toBe(303);
    expect(sv.location).toBe('/s/bl%C3%A5%20penna');
    const en = await openPage('/api/search?q=pencil&locale=en');
    expect(en.location).toBe('/en/s/pencil');
    const fromEnglishPage = await openPage('/api/search?q=pencil', {
      headers: { Referer: 'http://127.0.0.1/en/c/pens' },
    });
    expect(fromEnglishPage.location).toBe('/en/s/pencil');
  });

  test('an empty search goes back to the page it came from, else to the start page', async () => {
    const back = await openPage('/api/search?q=+', { headers: { Referer: 'http://127.0.0.1/en/news?page=2' } });
    expect(back.status).toBe(303);
    expect(back.location).toBe('/en/news?page=2');
    expect((await openPage('/api/search?q=&locale=en')).location).toBe('/en');
    expect((await openPage('/api/search?q=', { headers: { Referer: 'https://evil.example/x' } })).location).toBe('/');
  });
});
