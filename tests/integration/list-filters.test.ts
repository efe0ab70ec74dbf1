import { describe, expect, test } from 'vitest';
import { cards, category, countProducts, IN_CATEGORY, linkRel, linksNamed, openPage, row, text } from './list-helpers';

const PARAMETER_VALUE = `EXISTS (SELECT 1 FROM product_parameter_values v WHERE v.product_id = p.id AND v.parameter_id = ?
  AND v.language_id = 'sv-SE' AND v.value_key = ?)`;

async function pensAndBrands() {
  const pens = await category('kulspetspennor');
  const pilot = await row<{ id: number; name: string }>("SELECT id, name FROM brands WHERE alias = 'pilot'");
  const bic = await row<{ id: number; name: string }>("SELECT id, name FROM brands WHERE alias = 'bic'");
  return { pens, pilot, bic };
}

/** The filter panel's checkbox of a value: its `value` attribute and whether it is ticked. */
function checkbox(html: string, name: string, id: string): { ticked: boolean; count: number } | null {
  const match = new RegExp(
    `<input type="checkbox" name="${name}"( checked="")? value="[^"]*~${id}"/>[\\s\\S]*?filter-value__count">\\((\\d+)\\)`,
  ).exec(html);
  return match ? { ticked: match[1] !== undefined, count: Number(match[2]) } : null;
}

describe('filters', () => {
  test('the filter panel counts each brand of the category as D1 does', async () => {
    const { pens, pilot, bic } = await pensAndBrands();
    const page = await openPage('/c/kulspetspennor');
    for (const brand of [pilot, bic]) {
      const expected = await countProducts(`${IN_CATEGORY} AND p.brand_id = ?`, pens.id, brand.id);
      expect(checkbox(page.html, 'brands', String(brand.id)), brand.name).toEqual({ ticked: false, count: expected });
    }
  });

  test('a brand filter narrows the list to that brand, ticks its box and shows a removable chip', async () => {
    const { pens, pilot } = await pensAndBrands();
    const expected = await countProducts(`${IN_CATEGORY} AND p.brand_id = ?`, pens.id, pilot.id);
    const page = await openPage(`/c/kulspetspennor?brands=Pilot~${pilot.id}`);
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain(`${expected} produkter`);
    expect(cards(page.html)).toHaveLength(expected);
    const brands = await Promise.all(
      cards(page.html).map((card) =>
        row<{ brand_id: number }>('SELECT brand_id FROM products WHERE id = ?', Number(card.id)),
      ),
    );
    expect(new Set(brands.map((b) => b.brand_id))).toEqual(new Set([pilot.id]));
    expect(checkbox(page.html, 'brands', String(pilot.id))?.ticked).toBe(true);
    // The chip removes the filter; the canonical link is the bare list.
    expect(page.html).toContain('aria-label="Ta bort filtret Pilot"');
    expect(page.html).toMatch(/<a class="filter-chip" href="\/c\/kulspetspennor" aria-label="Ta bort filtret Pilot">/);
    expect(linkRel(page.html, 'canonical')).toBe('http://127.0.0.1/c/kulspetspennor');
  });

  test('two brands widen the list (OR), a colour narrows it (AND), as D1 counts them', async () => {
    const { pens, pilot, bic } = await pensAndBrands();
    const either = await countProducts(`${IN_CATEGORY} AND p.brand_id IN (?, ?)`, pens.id, pilot.id, bic.id);
    const both = await openPage(`/c/kulspetspennor?brands=BIC~${bic.id},Pilot~${pilot.id}`);
    expect(text(both.html)).toContain(`${either} produkter`);
    const blue = await countProducts(
      `${IN_CATEGORY} AND p.brand_id IN (?, ?) AND ${PARAMETER_VALUE}`,
      pens.id,
      pilot.id,
      bic.id,
      1,
      'blue',
    );
    const page = await openPage(`/c/kulspetspennor?brands=BIC~${bic.id},Pilot~${pilot.id}&p-color=Bl%C3%A5~1_blue`);
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain(`${blue} produkt`);
    expect(cards(page.html)).toHaveLength(blue);
    expect(page.html).toContain('aria-label="Ta bort filtret Blå"');
  });

  test("the GET form's ticked boxes redirect to the one canonical URL, which survives a reload", async () => {
    const { pilot, bic } = await pensAndBrands();
    const submitted = await openPage(
      `/c/kulspetspennor?brands=Pilot%7E${pilot.id}&brands=BIC%7E${bic.id}&price-min=&price-max=100&sort=latest`,
    );
    expect(submitted.status).toBe(302);
    // Brands in the form's order, price as min~max, the default sort (latest) left out.
    expect(submitted.location).toBe(`/c/kulspetspennor?brands=Pilot~${pilot.id},BIC~${bic.id}&price=~100`);
    const reloaded = await openPage(submitted.location!);
    expect(reloaded.status).toBe(200);
    expect(checkbox(reloaded.html, 'brands', String(pilot.id))?.ticked).toBe(true);
    expect(checkbox(reloaded.html, 'brands', String(bic.id))?.ticked).toBe(true);
    expect(reloaded.html).toMatch(/name="price-max"[^>]*value="100"/);
    expect(reloaded.html).toContain('aria-label="Ta bort filtret Upp till 100\u00a0kr"');
  });

  test('a price range keeps only products whose selling price is inside it', async () => {
    const page = await openPage('/c/kulspetspennor?price=20~60');
    const prices = cards(page.html).map((card) => card.price);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price) => price >= 20 && price <= 60)).toBe(true);
    expect(page.html).toContain('aria-label="Ta bort filtret 20\u00a0kr–60\u00a0kr"');
  });

  test('a label with an apostrophe or a letter outside ASCII is a stable URL (no redirect loop)', async () => {
    const caran = await row<{ id: number }>("SELECT id FROM brands WHERE name = 'Caran d''Ache'");
    const chip = await openPage(`/c/fargpennor?brands=Caran%20d'Ache~${caran.id}`);
    expect(chip.status).toBe(200);
    expect(chip.html).toContain('aria-label="Ta bort filtret Caran d&#x27;Ache"');
    const blue = await openPage('/c/kulspetspennor?p-color=Bl%C3%A5~1_blue');
    expect(blue.status).toBe(200);
  });

  test('filter ids the API does not know are dropped from the URL', async () => {
    const page = await openPage('/c/kulspetspennor?brands=Nope~abc&discount=x~1-99');
    expect(page.status).toBe(302);
    expect(page.location).toBe('/c/kulspetspennor');
  });

  test('the filter form is a GET form to the list with an apply button, and "clear all" keeps the sort', async () => {
    const { pilot } = await pensAndBrands();
    const page = await openPage(`/c/kulspetspennor?brands=Pilot~${pilot.id}&sort=lowest-price`);
    const form = /<form id="list-filters"[^>]*>/.exec(page.html)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/c/kulspetspennor"');
    expect(page.html).toMatch(/<button type="submit" class="button button--primary">Visa<\/button>/);
    expect(linksNamed(page.html, 'Rensa alla')).toContain('/c/kulspetspennor?sort=lowest-price');
  });
});

describe('sort', () => {
  test('a category starts with the newest products; the sort select names the choice', async () => {
    const { pens } = await pensAndBrands();
    const newest = await row<{ id: number }>(
      `SELECT p.id FROM products p WHERE p.is_active = 1 AND ${IN_CATEGORY} ORDER BY p.first_available_on DESC, p.id DESC LIMIT 1`,
      pens.id,
    );
    const page = await openPage('/c/kulspetspennor');
    expect(cards(page.html)[0]!.id).toBe(String(newest.id));
    expect(page.html).toMatch(/<option value="latest" aria-current="true" selected="">Senaste<\/option>/);
  });

  test('lowest and highest price order the cards by selling price', async () => {
    const low = cards((await openPage('/c/kulspetspennor?sort=lowest-price')).html).map((card) => card.price);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = cards((await openPage('/c/kulspetspennor?sort=highest-price')).html).map((card) => card.price);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect(high[0]).toBeGreaterThan(low[0]!);
  });

  test('most sold puts the best seller first', async () => {
    const { pens } = await pensAndBrands();
    const best = await row<{ id: number }>(
      `SELECT p.id FROM products p WHERE p.is_active = 1 AND ${IN_CATEGORY} ORDER BY p.sold_count DESC, p.id DESC LIMIT 1`,
      pens.id,
    );
    const page = await openPage('/c/kulspetspennor?sort=most-sold');
    expect(cards(page.html)[0]!.id).toBe(String(best.id));
    expect(page.html).toMatch(/<option value="most-sold" aria-current="true" selected="">/);
  });
});

describe('pagination', () => {
  test('page 1 says how many of how many the shopper has seen and links "show more" to page 2', async () => {
    const top = await category('skriva-rita');
    const total = await countProducts(IN_CATEGORY, top.id);
    const page = await openPage('/c/skriva-rita');
    expect(cards(page.html)).toHaveLength(48);
    expect(text(page.html)).toContain(`Du har sett 48 av ${total} produkter`);
    expect(linksNamed(page.html, 'Visa fler')).toEqual(['/c/skriva-rita?page=2']);
    expect(linkRel(page.html, 'next')).toBe('http://127.0.0.1/c/skriva-rita?page=2');
    expect(linkRel(page.html, 'prev')).toBeNull();
    expect(linksNamed(page.html, 'Visa föregående')).toEqual([]);
  });

  test('page 3 shows the products of page 3, with links to pages 2 and 4 and its own canonical URL', async () => {
    const first = cards((await openPage('/c/skriva-rita?sort=most-sold')).html);
    const second = cards((await openPage('/c/skriva-rita?sort=most-sold&page=2')).html);
    const third = await openPage('/c/skriva-rita?sort=most-sold&page=3');
    const thirdCards = cards(third.html);
    expect(thirdCards).toHaveLength(48);
    const ids = new Set([...first, ...second].map((card) => card.id));
    expect(thirdCards.some((card) => ids.has(card.id))).toBe(false);
    expect(linksNamed(third.html, 'Visa föregående')).toEqual(['/c/skriva-rita?sort=most-sold&page=2']);
    expect(linksNamed(third.html, 'Visa fler')).toEqual(['/c/skriva-rita?sort=most-sold&page=4']);
    expect(linkRel(third.html, 'prev')).toBe('http://127.0.0.1/c/skriva-rita?sort=most-sold&page=2');
    expect(linkRel(third.html, 'canonical')).toBe('http://127.0.0.1/c/skriva-rita?page=3');
    expect(text(third.html)).toContain('Du har sett 144 av');
  });

  test('the last page has no "show more"; a page past the end goes to the last page; page=1 is the bare list', async () => {
    const { pens } = await pensAndBrands();
    const total = await countProducts(IN_CATEGORY, pens.id);
    const last = Math.ceil(total / 48);
    const page = await openPage(`/c/kulspetspennor?page=${last}`);
    expect(text(page.html)).toContain(`Du har sett ${total} av ${total} produkter`);
    expect(linksNamed(page.html, 'Visa fler')).toEqual([]);
    expect(linkRel(page.html, 'next')).toBeNull();
    const past = await openPage(`/c/kulspetspennor?page=${last + 5}`);
    expect(past.status).toBe(302);
    expect(past.location).toBe(`/c/kulspetspennor?page=${last}`);
    expect((await openPage('/c/kulspetspennor?page=1')).location).toBe('/c/kulspetspennor');
  });

  test('English pagination texts', async () => {
    const en = await category('skriva-rita', 'en-US');
    const page = await openPage(`/en/c/${en.alias}?page=2`);
    expect(text(page.html)).toMatch(/You have seen 96 of \d+ products/);
    expect(linksNamed(page.html, 'Show previous')).toEqual([`/en/c/${en.alias}`]);
    expect(linksNamed(page.html, 'Show more')).toEqual([`/en/c/${en.alias}?page=3`]);
  });
});
