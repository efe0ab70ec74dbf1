import { describe, expect, test } from 'vitest';
import { env, fetchWorker, withCharacters } from '../helpers';

/** Text as React escapes it in HTML. */
const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

/** Every `href` of the links in a piece of HTML. */
const hrefs = (body: string) => [...body.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]!);

/** The HTML of the element with `id` up to the next element with an id of the same prefix (rough, enough here). */
function sectionOf(body: string, startMarker: string, endMarker: string): string {
  const start = body.indexOf(startMarker);
  expect(start, `${startMarker} is on the page`).toBeGreaterThan(-1);
  const end = body.indexOf(endMarker, start + startMarker.length);
  return body.slice(start, end === -1 ? undefined : end);
}

interface WidgetRow {
  id: number;
  type: string;
  configuration: string;
}

/** The start page's widgets with their configuration in a language, in display order. */
async function frontpageWidgets(languageId: string): Promise<(WidgetRow & { config: Record<string, unknown> })[]> {
  const { results } = await env.DB.prepare(
    `SELECT w.id, w.type, c.configuration FROM widgets w
     JOIN widget_areas a ON a.id = w.area_id AND a.family = 'Frontpage'
     JOIN widget_configs c ON c.widget_id = w.id AND c.language_id = ?
     ORDER BY w.container, w.sort_order`,
  )
    .bind(languageId)
    .all<WidgetRow>();
  return results.map((row) => ({ ...row, config: JSON.parse(row.configuration) as Record<string, unknown> }));
}

async function topCategoryAliases(languageId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT t.alias FROM categories c JOIN category_texts t ON t.category_id = c.id AND t.language_id = ?
     WHERE c.parent_id IS NULL AND c.is_hidden = 0 ORDER BY c.id`,
  )
    .bind(languageId)
    .all<{ alias: string }>();
  return results.map((row) => row.alias);
}

/** Price campaigns running now with products on sale in Sweden, and how many. */
async function runningCampaigns(): Promise<{ alias: string; name: string; count: number }[]> {
  const { results } = await env.DB.prepare(
    `SELECT c.alias, t.name, COUNT(DISTINCT p.id) AS count
     FROM campaigns c
     JOIN campaign_texts t ON t.campaign_id = c.id AND t.language_id = 'sv-SE'
     JOIN campaign_products cp ON cp.campaign_id = c.id
     JOIN products p ON p.id = cp.product_id AND p.is_active = 1
     JOIN prices pr ON pr.product_id = p.id AND pr.market_id = (SELECT id FROM markets WHERE alias = 'se')
     WHERE c.kind = 'PRICE_CAMPAIGN' AND c.is_active = 1 AND c.starts_at <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
       AND (c.ends_at IS NULL OR c.ends_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
     GROUP BY c.id ORDER BY c.id`,
  ).all<{ alias: string; name: string; count: number }>();
  return results;
}

/** Brands with products for sale in Sweden, and how many. */
async function brandsInSweden(): Promise<{ alias: string; name: string; count: number }[]> {
  const { results } = await env.DB.prepare(
    `SELECT b.alias, b.name, COUNT(*) AS count FROM brands b
     JOIN products p ON p.brand_id = b.id AND p.is_active = 1
     JOIN prices pr ON pr.product_id = p.id AND pr.market_id = (SELECT id FROM markets WHERE alias = 'se')
     GROUP BY b.id ORDER BY b.name`,
  ).all<{ alias: string; name: string; count: number }>();
  return results;
}

async function contentPage(pageId: number): Promise<Record<string, { alias: string; title: string }>> {
  const { results } = await env.DB.prepare(
    `SELECT l.code AS locale, t.alias, t.title FROM content_page_texts t JOIN languages l ON l.id = t.language_id
     WHERE t.page_id = ?`,
  )
    .bind(pageId)
    .all<{ locale: string; alias: string; title: string }>();
  return Object.fromEntries(results.map((row) => [row.locale, { alias: row.alias, title: row.title }]));
}

describe('start page', () => {
  test('shows every widget of the editors’ area in Swedish: banners, category puffs, shelves and text', async () => {
    const response = await fetchWorker('/');
    expect(response.status).toBe(200);
    const body = await response.text();
    const widgets = await frontpageWidgets('sv-SE');
    expect(widgets.map((widget) => widget.type)).toEqual(
      expect.arrayContaining(['BANNER', 'CATEGORY_PUFFS', 'PRODUCT_LIST', 'TEXT']),
    );
    for (const widget of widgets) expect(body).toContain(html(String(widget.config.title)));
    const text = widgets.find((widget) => widget.type === 'TEXT')!;
    expect(body).toContain(String(text.config.html));
    // One h1 (the shop's heading); the widgets are sections under it.
    expect(body.match(/<h1[ >]/g)).toHaveLength(1);
    expect(body).toContain('Allt för kontoret');
    // Product shelves are filled with product cards; the banner picture has its size.
    expect(body.match(/class="product-card"/g)!.length).toBeGreaterThanOrEqual(8);
    expect(body).toMatch(/<img src="\/images\/products\/notebook-red\.svg" alt="" width="600" height="600"/);
  });

  test('with its data quick to read, the page arrives complete: nothing is left for a script to swap in', async () => {
    await fetchWorker('/').then((response) => response.text()); // warms the catalog cache
    const body = withCharacters(await (await fetchWorker('/')).text());
    // React streams a late Suspense boundary as a hidden <div id="S:n"> that only a script moves into place.
    expect(body).not.toMatch(/<div hidden="" id="S:|<div hidden id="S:/);
    expect(body).not.toContain('Hämtar produkter…');
    expect(body).not.toContain('Hämtar kampanjer…');
    expect(body).toContain('class="campaign-card"');
    expect(body).toContain('class="category-puff"');
  });

  test('widget links lead to the pages of the visitor’s language, whatever language the editor wrote them in', async () => {
    const [sv, en] = await Promise.all([
      fetchWorker('/').then((r) => r.text()),
      fetchWorker('/en').then((r) => r.text()),
    ]);
    // The seeded banners link to the winter sale and to the new items.
    expect(hrefs(sv)).toEqual(expect.arrayContaining(['/dc/vinterrea', '/nyheter']));
    expect(hrefs(en)).toEqual(expect.arrayContaining(['/en/dc/vinterrea', '/en/news']));
    expect(hrefs(en)).not.toContain('/nyheter');
    // Category puffs link to each top category by its alias in the language.
    const [svAliases, enAliases] = await Promise.all([topCategoryAliases('sv-SE'), topCategoryAliases('en-US')]);
    for (const alias of svAliases) expect(hrefs(sv)).toContain(`/c/${alias}`);
    for (const alias of enAliases) expect(hrefs(en)).toContain(`/en/c/${alias}`);
    // The gel pen shelf's "show all" goes to the gel pens in English.
    const gelPens = (await frontpageWidgets('en-US')).find((widget) => widget.config.categoryAlias);
    expect(hrefs(en)).toContain(`/en/c/${gelPens!.config.categoryAlias}`);
    expect(en).toContain(html(String(gelPens!.config.title)));
  });

  test('lists the campaigns running now, each with its product count and a link to its list', async () => {
    const body = await (await fetchWorker('/')).text();
    expect(body).toContain('Aktuella kampanjer');
    // The list streams in after the shell (behind Suspense), so it is found by its own markup.
    const section = sectionOf(body, '<ul class="campaign-list">', '</ul>');
    const campaigns = await runningCampaigns();
    expect(campaigns.length).toBeGreaterThan(1);
    for (const campaign of campaigns) {
      expect(section).toContain(`href="/dc/${campaign.alias}">${html(campaign.name)}</a>`);
      expect(section).toContain(`${campaign.count} produkter`);
    }
    expect(section).not.toContain('/dc/sommarrea'); // the summer sale is over
    expect(hrefs(section)).toHaveLength(campaigns.length);
  });

  test('the English start page links its campaigns in English', async () => {
    const body = await (await fetchWorker('/en')).text();
    expect(body).toContain('Current offers');
    const section = sectionOf(body, '<ul class="campaign-list">', '</ul>');
    for (const campaign of await runningCampaigns()) expect(hrefs(section)).toContain(`/en/dc/${campaign.alias}`);
  });
});

describe('brands page', () => {
  test('lists every brand sold in Sweden once, with its product count and a link to its list', async () => {
    const response = await fetchWorker('/varumarken');
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/<h1[^>]*>Varumärken<\/h1>/);
    const brands = await brandsInSweden();
    expect(brands.length).toBeGreaterThan(50);
    const brandLinks = hrefs(body).filter((href) => href.startsWith('/b/'));
    expect(brandLinks.sort()).toEqual(brands.map((brand) => `/b/${brand.alias}`).sort());
    for (const brand of brands) {
      const link = sectionOf(body, `href="/b/${brand.alias}"`, '</a>');
      expect(link).toContain(html(brand.name));
      expect(link).toContain(brand.count === 1 ? '1 produkt<' : `${brand.count} produkter<`);
    }
  });

  test('the letter index links the letters that have brands and shows the others as no link', async () => {
    const body = await (await fetchWorker('/varumarken')).text();
    const index = sectionOf(body, '<nav class="letter-nav"', '</nav>');
    const brands = await brandsInSweden();
    const initials = new Set(brands.map((brand) => brand.name.charAt(0).toUpperCase()));
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ') {
      const anchor = `#brands-${letter.toLowerCase()}`;
      if (initials.has(letter)) {
        expect(index).toContain(`href="${anchor}"`);
        expect(body).toContain(`id="brands-${letter.toLowerCase()}"`);
      } else {
        expect(index).not.toContain(`href="${anchor}"`);
        expect(index).toMatch(new RegExp(`letter-nav__letter--empty">${letter}<`));
      }
    }
    expect(initials.has('Q')).toBe(false); // the seed has no brand on Q: the index shows it disabled
  });

  test('the English brands page links brand lists under /en and names the Swedish page as its other language', async () => {
    const response = await fetchWorker('/en/brands');
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/<h1[^>]*>Brands<\/h1>/);
    const brands = await brandsInSweden();
    for (const brand of brands) expect(body).toContain(`href="/en/b/${brand.alias}"`);
    expect(body).toContain('<link rel="alternate" hrefLang="sv" href="http://127.0.0.1/varumarken"/>');
    // Every language's page, as the sitemaps list them.
    expect(body).toContain('<link rel="alternate" hrefLang="en" href="http://127.0.0.1/en/brands"/>');
    expect(body).toContain('<link rel="alternate" hrefLang="da" href="http://127.0.0.1/da/varemaerker"/>');
  });
});

describe('content pages', () => {
  test('a content page by its Swedish alias shows its title, text and breadcrumbs', async () => {
    const page = await contentPage(1);
    const response = await fetchWorker(`/${page.sv!.alias}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(`<h1 class="content-page__title">${html(page.sv!.title)}</h1>`);
    const config = await env.DB.prepare(
      `SELECT c.configuration FROM widget_configs c JOIN widgets w ON w.id = c.widget_id
       JOIN widget_areas a ON a.id = w.area_id WHERE a.page_id = 1 AND c.language_id = 'sv-SE'`,
    ).first<{ configuration: string }>();
    expect(body).toContain((JSON.parse(config!.configuration) as { html: string }).html);
    const crumbs = sectionOf(body, '<nav class="breadcrumbs"', '</nav>');
    expect(crumbs).toContain('href="/">Start</a>');
    expect(crumbs).toContain(`aria-current="page">${html(page.sv!.title)}<`);
    expect(body).toContain(`<link rel="canonical" href="http://127.0.0.1/${page.sv!.alias}"/>`);
  });

  test('the same page in English has its English alias, title and hreflang to each language’s own alias', async () => {
    const page = await contentPage(2);
    const response = await fetchWorker(`/en/${page.en!.alias}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('<html lang="en">');
    expect(body).toContain(`<h1 class="content-page__title">${html(page.en!.title)}</h1>`);
    expect(body).toContain('href="/en">Home</a>');
    expect(body).toContain(`<link rel="alternate" hrefLang="sv" href="http://127.0.0.1/${page.sv!.alias}"/>`);
    expect(body).toContain(`<link rel="alternate" hrefLang="en" href="http://127.0.0.1/en/${page.en!.alias}"/>`);
    expect(body).toContain(`<link rel="alternate" hrefLang="x-default" href="http://127.0.0.1/${page.sv!.alias}"/>`);
  });

  test('a Danish visitor’s content page names the Danish alias among its alternates', async () => {
    const page = await contentPage(2);
    const body = await (
      await fetchWorker(`/da/${page.da!.alias}`, { headers: { Cookie: 'ralph-selected-market=dk' } })
    ).text();
    expect(body).toContain(`<h1 class="content-page__title">${html(page.da!.title)}</h1>`);
    expect(body).toContain(`<link rel="alternate" hrefLang="da" href="http://127.0.0.1/da/${page.da!.alias}"/>`);
  });

  test('another language’s alias answers 301 to the page’s alias in the visitor’s language', async () => {
    const page = await contentPage(1);
    const response = await fetchWorker(`/en/${page.sv!.alias}?ref=footer`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`/en/${page.en!.alias}?ref=footer`);
  });

  test('/content/{alias} shows the page too, with the catch-all path as its canonical URL', async () => {
    const page = await contentPage(3);
    const response = await fetchWorker(`/content/${page.sv!.alias}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(html(page.sv!.title));
    expect(body).toContain(`<link rel="canonical" href="http://127.0.0.1/${page.sv!.alias}"/>`);
  });

  test('an alias no page has is the 404 page, in the language of the path', async () => {
    const sv = await fetchWorker('/ingen-sida-heter-sa');
    expect(sv.status).toBe(404);
    expect(await sv.text()).toContain('Sidan du söker kunde tyvärr inte hittas');
    const en = await fetchWorker('/en/no-page-is-called-this');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('<html lang="en">');
    expect((await fetchWorker('/content/ingen-sida-heter-sa')).status).toBe(404);
  });

  test('an old one-segment URL in the URL history still answers 301 to its new place', async () => {
    const page = await contentPage(2);
    await env.DB.prepare(`INSERT OR REPLACE INTO url_history (old_path, new_path, created_at) VALUES (?, ?, ?)`)
      .bind('/gamla-villkor', `/${page.sv!.alias}`, '2026-01-01T00:00:00Z')
      .run();
    const response = await fetchWorker('/gamla-villkor?x=1', { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`/${page.sv!.alias}?x=1`);
  });
});

describe('widget preview', () => {
  test('/preview-widgets shows every start page widget labelled with its type, and is not indexed', async () => {
    const response = await fetchWorker('/preview-widgets');
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).toContain('Förhandsvisning av widgetar');
    const widgets = await frontpageWidgets('sv-SE');
    expect(body.match(/class="widget-preview__label"/g)).toHaveLength(widgets.length);
    for (const label of [
      'Banner, hel bredd',
      'Kategoripuffar, hel bredd',
      'Produktlista, hel bredd',
      'Text, halv bredd',
    ]) {
      expect(body).toContain(label);
    }
    // The area can be changed without JavaScript: a GET form naming every content page.
    const form = body.match(/<form class="preview-page__form"[^>]*>/)?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/preview-widgets"');
    expect(body).toContain('<option value="om-oss">Om oss</option>');
  });

  test('a content page’s area is previewed with ?alias=, and /content without an alias is the preview too', async () => {
    const body = await (await fetchWorker('/content?alias=om-oss')).text();
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).toContain('Text, hel bredd');
    expect(body).toContain('<option value="om-oss" selected="">Om oss</option>');
    const missing = await (await fetchWorker('/en/preview-widgets?alias=nothing-here')).text();
    expect(missing).toContain('There is no such area.');
  });

  test('ordinary pages are indexed', async () => {
    expect(await (await fetchWorker('/om-oss')).text()).not.toContain('name="robots"');
  });
});
