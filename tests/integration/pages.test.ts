import { describe, expect, test } from 'vitest';
import { env, fetchWorker, withCharacters } from '../helpers';

async function newestProductName(languageId: string): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT t.name FROM products p JOIN product_texts t ON t.product_id = p.id AND t.language_id = ?
     WHERE p.is_active = 1 ORDER BY p.first_available_on DESC, p.id DESC LIMIT 1`,
  )
    .bind(languageId)
    .first<{ name: string }>();
  if (!row) throw new Error('no products seeded');
  return row.name;
}

/** Text as React escapes it in HTML. */
const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

describe('home page', () => {
  test('the start page is Swedish and lists the newest seeded products', async () => {
    const response = await fetchWorker('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    const body = await response.text();
    expect(body).toMatch(/^<!DOCTYPE html><html lang="sv">/);
    expect(body).toContain('<meta name="theme-color" content="#FDD600"/>');
    expect(body).toContain('Allt för kontoret');
    expect(body).toContain(html(await newestProductName('sv-SE')));
    // The start page's product shelves (widgets) each show 8 cards.
    expect(body.match(/class="product-card"/g)!.length % 8).toBe(0);
    expect(body.match(/class="product-card"/g)!.length).toBeGreaterThanOrEqual(8);
    expect(body).toContain('Fri frakt över 499\u00a0kr');
  });

  test('/en serves the start page in English with English product names', async () => {
    const body = await (await fetchWorker('/en')).text();
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('Everything for the office');
    expect(body).toContain(html(await newestProductName('en-US')));
  });

  test('every locale prefix serves its language', async () => {
    for (const [path, text] of [
      ['/da', 'Alt til kontoret'],
      ['/fi', 'Kaikki toimistoon'],
      ['/nb', 'Alt til kontoret'],
    ]) {
      const response = await fetchWorker(path!);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(text);
    }
  });

  test('a visitor from Finland sees euro prices on the first page and gets the market cookie', async () => {
    const response = await fetchWorker('/', { headers: { 'CF-IPCountry': 'FI' } });
    const body = withCharacters(await response.text());
    expect(body).toMatch(/\d\u00a0€</);
    expect(body).not.toMatch(/\d\u00a0kr</);
    expect(body).toContain('Fri frakt över 49\u00a0€');
    expect(response.headers.getSetCookie().join()).toMatch(/ralph-selected-market=fi;/);
  });

  test('the market cookie wins over the visitor country', async () => {
    const body = withCharacters(
      await (await fetchWorker('/', { headers: { 'CF-IPCountry': 'FI', Cookie: 'ralph-selected-market=dk' } })).text(),
    );
    expect(body).toContain('Fri frakt över 399\u00a0kr'); // Denmark's free-shipping threshold
    expect(body).not.toMatch(/\d\u00a0€/);
  });

  test('a company customer sees prices excluding VAT', async () => {
    const body = await (await fetchWorker('/', { headers: { Cookie: 'ralph-user-type=ORGANIZATION' } })).text();
    expect(body).toContain('exkl. moms');
    expect(body).not.toContain('inkl. moms');
  });
});

describe('error pages', () => {
  test('/404 renders the Swedish 404 page with status 404', async () => {
    const response = await fetchWorker('/404');
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toContain('Sidan du söker kunde tyvärr inte hittas');
    expect(body).toContain('href="/"');
  });

  test('an unknown path renders the 404 page in the language of its prefix', async () => {
    const sv = await fetchWorker('/finns-inte/alls');
    expect(sv.status).toBe(404);
    expect(await sv.text()).toContain('Sidan du söker kunde tyvärr inte hittas');
    const en = await fetchWorker('/en/no-such-page');
    expect(en.status).toBe(404);
    const body = await en.text();
    expect(body).toContain('Page not found');
    expect(body).toContain('href="/en"');
  });

  test('a failure renders the generic error page with its status and no internals', async () => {
    const { createApp } = await import('../../worker/app');
    const response = await createApp().request('/', {}, { ...env, CHANNEL_ID: '9|zz' });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain('Oj, något gick visst fel');
    expect(body).toContain('class="button button--primary" href="/"');
    expect(body).not.toMatch(/CHANNEL_ID|db:reset|Error:|at \w+ \(/);
  });

  test('invalid configuration is reported as a server error page, not a crash', async () => {
    const { createApp } = await import('../../worker/app');
    const response = await createApp().request('/en', {}, { ...env, MARKET_IN_PATH: 'maybe' });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('Oops, something went wrong');
  });
});
