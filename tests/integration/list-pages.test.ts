import { describe, expect, test } from 'vitest';
import {
  alternates,
  cards,
  category,
  countProducts,
  heading,
  IN_CATEGORY,
  linkRel,
  linksNamed,
  openPage,
  row,
  text,
} from './list-helpers';

describe('category pages', () => {
  test('a category lists its products with their count, breadcrumbs and the first 48 cards', async () => {
    const pens = await category('kulspetspennor');
    const parent = await row<{ name: string; alias: string }>(
      "SELECT name, alias FROM category_texts WHERE category_id = ? AND language_id = 'sv-SE'",
      pens.parent_id,
    );
    const expected = await countProducts(IN_CATEGORY, pens.id);
    const page = await openPage('/c/kulspetspennor');
    expect(page.status).toBe(200);
    expect(heading(page.html)).toBe(pens.name);
    expect(text(page.html)).toContain(`${expected} produkter`);
    expect(cards(page.html)).toHaveLength(Math.min(48, expected));
    expect(cards(page.html).every((card) => card.list === pens.name && card.id !== '' && card.price > 0)).toBe(true);
    // Breadcrumbs: home, the parent category (a link), the category itself (the current page).
    expect(page.html).toMatch(/<nav class="breadcrumbs" aria-label="Brödsmulor">/);
    expect(linksNamed(page.html, parent.name)).toContain(`/c/${parent.alias}`);
    expect(page.html).toContain(`<span aria-current="page">${pens.name}</span>`);
  });

  test('a product card links to the product page and shows brand, price with VAT note and stock state', async () => {
    const page = await openPage('/c/kulspetspennor');
    const first = cards(page.html)[0]!;
    const product = await row<{ alias: string; brand: string }>(
      `SELECT t.alias, b.name AS brand FROM products p JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE'
        JOIN brands b ON b.id = p.brand_id WHERE p.id = ?`,
      Number(first.id),
    );
    const card = page.html.slice(page.html.indexOf(`data-item-id="${first.id}"`));
    const cardHtml = card.slice(0, card.indexOf('</article>'));
    expect(cardHtml).toContain(`href="/p/${product.alias}"`);
    expect(text(cardHtml)).toContain(product.brand);
    expect(text(cardHtml)).toMatch(/\d\u00a0kr/);
    expect(text(cardHtml)).toContain('inkl. moms');
    expect(text(cardHtml)).toMatch(/I lager|Endast \d+ kvar i lager|Slut i lager|Beställningsvara/);
    expect(cardHtml).toMatch(/<img [^>]*width="600" height="600"/);
  });

  test('a business customer sees the same cards with prices excluding VAT', async () => {
    const person = await openPage('/c/kulspetspennor');
    const business = await openPage('/c/kulspetspennor', { headers: { Cookie: 'ralph-user-type=ORGANIZATION' } });
    const first = cards(person.html)[0]!;
    const { vat_rate_bp: vatRate } = await row<{ vat_rate_bp: number }>(
      "SELECT vat_rate_bp FROM prices WHERE product_id = ? AND market_id = '1|se'",
      Number(first.id),
    );
    expect(cards(business.html)[0]!.id).toBe(first.id);
    const card = (html: string) => {
      const start = html.indexOf(`data-item-id="${first.id}"`);
      return text(html.slice(start, html.indexOf('</article>', start)));
    };
    /** The card's selling price as a number: '159 kr' → 159, '127,20 kr' → 127.2. */
    const shownPrice = (html: string) =>
      Number(
        /([\d\u00a0 ]+(?:,\d+)?)\u00a0kr/
          .exec(card(html))![1]!
          .replace(/[\u00a0 ]/g, '')
          .replace(',', '.'),
      );
    expect(card(person.html)).toContain('inkl. moms');
    expect(card(business.html)).toContain('exkl. moms');
    expect(shownPrice(business.html)).toBeCloseTo(shownPrice(person.html) / (1 + vatRate / 10000), 1);
  });

  test("an English category has its English name and alias, and hreflang alternates under each language's alias", async () => {
    const sv = await category('kulspetspennor');
    const en = await category('kulspetspennor', 'en-US');
    const da = await category('kulspetspennor', 'da-DK');
    const page = await openPage(`/en/c/${en.alias}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en">');
    expect(heading(page.html)).toBe(en.name);
    expect(text(page.html)).toMatch(/\d+ products/);
    expect(linkRel(page.html, 'canonical')).toBe(`http://127.0.0.1/en/c/${en.alias}`);
    const fi = await category('kulspetspennor', 'fi-FI');
    const nb = await category('kulspetspennor', 'nb-NO');
    // Every language, as the sitemaps list the page (a URL without a market names no market).
    expect(alternates(page.html)).toEqual({
      sv: `http://127.0.0.1/c/${sv.alias}`,
      da: `http://127.0.0.1/da/c/${da.alias}`,
      en: `http://127.0.0.1/en/c/${en.alias}`,
      fi: `http://127.0.0.1/fi/c/${fi.alias}`,
      nb: `http://127.0.0.1/nb/c/${nb.alias}`,
      'x-default': `http://127.0.0.1/c/${sv.alias}`,
    });
    // A Danish visitor's page names the same.
    const danish = await openPage(`/da/c/${da.alias}`, { headers: { Cookie: 'ralph-selected-market=dk' } });
    expect(heading(danish.html)).toBe(da.name);
    expect(text(danish.html)).toMatch(/\d\u00a0kr\./);
    expect(alternates(danish.html)).toMatchObject({
      da: `http://127.0.0.1/da/c/${da.alias}`,
      en: `http://127.0.0.1/en/c/${en.alias}`,
    });
  });

  test("a category's Swedish alias under /en moves (301) to its English alias, query kept", async () => {
    const en = await category('kulspetspennor', 'en-US');
    const page = await openPage('/en/c/kulspetspennor?sort=lowest-price');
    expect(page.status).toBe(301);
    expect(page.location).toBe(`/en/c/${en.alias}?sort=lowest-price`);
  });

  test('a top category links its sub-categories; a category in a section shows the same list', async () => {
    const top = await category('skriva-rita');
    const page = await openPage('/c/skriva-rita');
    expect(heading(page.html)).toBe(top.name);
    expect(page.html).toContain('aria-label="Underkategorier"');
    expect(linksNamed(page.html, (await category('kulspetspennor')).name)).toContain('/c/kulspetspennor');
    const inSection = await openPage('/c/skriva-rita/kulspetspennor');
    expect(inSection.status).toBe(200);
    expect(heading(inSection.html)).toBe((await category('kulspetspennor')).name);
    expect(linkRel(inSection.html, 'canonical')).toBe('http://127.0.0.1/c/kulspetspennor');
  });

  test('an unknown category, brand or campaign is the 404 page', async () => {
    for (const path of [
      '/c/finns-inte',
      '/en/c/does-not-exist',
      '/b/finns-inte',
      '/dc/finns-inte',
      '/list/zzqxv-finns-inte',
    ]) {
      const page = await openPage(path);
      expect(page.status, path).toBe(404);
      expect(heading(page.html)).toBe(
        path.startsWith('/en') ? 'Page not found' : 'Sidan du söker kunde tyvärr inte hittas',
      );
    }
  });
});

describe('brand, campaign, news and generic lists', () => {
  test('a brand page lists the brand in Swedish and English, with a breadcrumb to the brands page', async () => {
    const pilot = await row<{ id: number; name: string }>("SELECT id, name FROM brands WHERE alias = 'pilot'");
    const expected = await countProducts('p.brand_id = ?', pilot.id);
    const sv = await openPage('/b/pilot');
    expect(sv.status).toBe(200);
    expect(heading(sv.html)).toBe(pilot.name);
    expect(text(sv.html)).toContain(`${expected} produkter`);
    expect(linksNamed(sv.html, 'Varumärken')).toContain('/varumarken');
    const en = await openPage('/en/b/pilot');
    expect(heading(en.html)).toBe(pilot.name);
    expect(text(en.html)).toContain(`${expected} products`);
    expect(alternates(en.html).sv).toBe('http://127.0.0.1/b/pilot');
  });

  test('a campaign page lists the products of the active campaign, each card labelled with it', async () => {
    const campaign = await row<{ id: number; name: string }>(
      `SELECT c.id, t.name FROM campaigns c JOIN campaign_texts t ON t.campaign_id = c.id AND t.language_id = 'sv-SE'
        WHERE c.alias = 'vinterrea'`,
    );
    const expected = await countProducts(
      'EXISTS (SELECT 1 FROM campaign_products cp WHERE cp.product_id = p.id AND cp.campaign_id = ?)',
      campaign.id,
    );
    const page = await openPage('/dc/vinterrea');
    expect(page.status).toBe(200);
    expect(heading(page.html)).toBe(campaign.name);
    expect(text(page.html)).toContain(`${expected} produkter`);
    expect(page.html.match(/class="product-card__campaign"/g)?.length).toBe(Math.min(48, expected));
    expect(page.html).toMatch(/class="badge badge--discount">-\d+(?:<!-- -->)? %/);
  });

  test('the new items page lists the newest products first, in Swedish and English', async () => {
    const newest = await row<{ id: number }>(
      `SELECT p.id FROM products p WHERE p.is_active = 1
        AND EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = p.id AND pr.market_id = '1|se')
        ORDER BY p.first_available_on DESC, p.id DESC LIMIT 1`,
    );
    const sv = await openPage('/nyheter');
    expect(sv.status).toBe(200);
    expect(heading(sv.html)).toBe('Nyheter');
    expect(cards(sv.html)[0]!.id).toBe(String(newest.id));
    const en = await openPage('/en/news');
    expect(heading(en.html)).toBe('New arrivals');
    expect(cards(en.html)[0]!.id).toBe(String(newest.id));
    expect(alternates(en.html)).toMatchObject({ sv: 'http://127.0.0.1/nyheter', en: 'http://127.0.0.1/en/news' });
    const danish = await openPage('/nyheder', { headers: { Cookie: 'ralph-selected-market=dk' } });
    expect(heading(danish.html)).toBe('Nyheder');
  });

  test('/list/{alias} shows the brand or category with that alias, canonical on its own page; /list shows everything', async () => {
    const brand = await openPage('/list/pilot');
    expect(brand.status).toBe(200);
    expect(heading(brand.html)).toBe('Pilot');
    expect(linkRel(brand.html, 'canonical')).toBe('http://127.0.0.1/b/pilot');
    const pens = await openPage('/l/kulspetspennor');
    expect(heading(pens.html)).toBe((await category('kulspetspennor')).name);
    const everything = await openPage('/list');
    expect(everything.status).toBe(200);
    expect(text(everything.html)).toContain(`${await countProducts('1 = 1')} produkter`);
  });

  test('/list/{text} that is no alias but finds products shows the search results', async () => {
    const page = await openPage('/list/penna');
    expect(page.status).toBe(200);
    expect(heading(page.html)).toBe('Sökresultat för ”penna”');
    expect(linkRel(page.html, 'canonical')).toBe('http://127.0.0.1/s/penna');
  });
});
