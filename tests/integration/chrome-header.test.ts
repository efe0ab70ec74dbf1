// The page chrome as a shopper gets it in the HTML (issue 5 "Header and footer", "Analytics"): the menus
// from the API with links in the page's language, the market and language picker, the customer-type
// form, the no-JS search form, the shop's terms in the market's currency and the analytics page data.
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env, fetchWorker, withCharacters } from '../helpers';
import { loggedInCustomer } from './cart-helpers';

/** React's escaping of text and attribute values. */
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetchWorker(path, { headers });
  expect(response.status).toBe(200);
  return withCharacters(await response.text());
}

/** The main navigation's HTML. */
function mainNav(html: string): string {
  const match = /<nav id="site-menu"[\s\S]*?<\/nav>/.exec(html);
  if (!match) throw new Error('no main navigation');
  return match[0];
}

function footer(html: string): string {
  const match = /<footer class="site-footer">[\s\S]*?<\/footer>/.exec(html);
  if (!match) throw new Error('no footer');
  return match[0];
}

/** `<a ... href="…">label</a>` with the href first among its attributes, as the components render them. */
function linkTo(href: string, label: string): RegExp {
  const quote = (text: string) => escaped(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<a[^>]*href="${quote(href)}"[^>]*>${quote(label)}</a>`);
}

interface MenuRow {
  label: string;
  type: string;
  target: string;
  alias: string | null;
}

/** The top items of a seeded menu in a language, with the category or page alias their target names. */
async function menuItems(location: string, languageId: string): Promise<MenuRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT t.label, i.type, i.target, COALESCE(ct.alias, pt.alias) AS alias
     FROM menu_items i JOIN menus m ON m.id = i.menu_id
     JOIN menu_item_texts t ON t.item_id = i.id AND t.language_id = ?1
     LEFT JOIN category_texts ct ON i.type = 'CATEGORY' AND ct.category_id = CAST(i.target AS INTEGER) AND ct.language_id = ?1
     LEFT JOIN content_page_texts pt ON i.type = 'PAGE' AND pt.page_id = CAST(i.target AS INTEGER) AND pt.language_id = ?1
     WHERE m.location = ?2 AND i.parent_id IS NULL ORDER BY i.sort_order`,
  )
    .bind(languageId, location)
    .all<MenuRow>();
  expect(results.length).toBeGreaterThan(0);
  return results;
}

describe('main menu', () => {
  test('the Swedish page lists every top item of the API menu with Swedish links', async () => {
    const nav = mainNav(await page('/'));
    for (const item of await menuItems('main', 'sv-SE')) {
      const href = item.type === 'CATEGORY' ? `/c/${item.alias}` : item.target;
      expect(nav).toContain(escaped(item.label));
      if (item.type === 'CATEGORY') expect(nav).toMatch(linkTo(href, `Visa allt inom ${item.label}`));
      else if (!nav.includes(`<summary class="main-nav__link">${escaped(item.label)}</summary>`))
        expect(nav).toMatch(linkTo(href, item.label));
    }
    expect(nav).toMatch(linkTo('/varumarken', 'Varumärken'));
    expect(nav).toMatch(linkTo('/nyheter', 'Nyheter'));
  });

  test('the English page maps the Swedish custom paths and aliases to the English routes', async () => {
    const nav = mainNav(await page('/en'));
    const items = await menuItems('main', 'en-US');
    const category = items.find((item) => item.type === 'CATEGORY')!;
    expect(nav).toMatch(linkTo(`/en/c/${category.alias}`, `All in ${category.label}`));
    expect(nav).toMatch(linkTo('/en/brands', 'Brands'));
    expect(nav).toMatch(linkTo('/en/news', 'New arrivals'));
    // The campaigns' custom targets are Swedish paths (/dc/…): they get the English prefix.
    expect(nav).toMatch(/href="\/en\/dc\/[a-z0-9-]+"/);
    expect(nav).not.toMatch(/href="\/(?:c|dc|varumarken|nyheter)\b/);
  });

  test('subcategories are links inside a disclosure the menu button opens without JavaScript', async () => {
    const html = await page('/');
    expect(html).toMatch(/<button type="button" class="menu-button" popoverTarget="site-menu">/);
    const nav = mainNav(html);
    expect(nav).toContain('popover="auto"');
    expect(nav).toContain('aria-label="Huvudmeny"');
    const { results } = await env.DB.prepare(
      `SELECT ct.alias, t.label FROM menu_items i JOIN menu_item_texts t ON t.item_id = i.id AND t.language_id = 'sv-SE'
       JOIN category_texts ct ON ct.category_id = CAST(i.target AS INTEGER) AND ct.language_id = 'sv-SE'
       WHERE i.parent_id IS NOT NULL AND i.type = 'CATEGORY' LIMIT 3`,
    ).all<{ alias: string; label: string }>();
    for (const child of results) expect(nav).toMatch(linkTo(`/c/${child.alias}`, child.label));
    expect(nav).toMatch(/<details class="main-nav__group" name="main-nav"/);
  });

  test('the link of the page being shown is marked as the current page', async () => {
    // Whatever the brands page answers, its header marks the brands link.
    const nav = mainNav(await (await fetchWorker('/en/brands')).text());
    expect(nav).toContain('<a class="main-nav__link" href="/en/brands" aria-current="page">Brands</a>');
    expect(nav).toContain('<a class="main-nav__link" href="/en/news">');
  });
});

describe('markets in the path', () => {
  const app = createApp();
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

  test('menu links and switches keep the /{market}/{locale} form', async () => {
    const response = await app.request('/fi/en', {}, { ...env, MARKET_IN_PATH: 'true' }, ctx);
    expect(response.status).toBe(200);
    const html = await response.text();
    const nav = mainNav(html);
    expect(nav).toMatch(linkTo('/fi/en/brands', 'Brands'));
    expect(nav).toMatch(/href="\/fi\/en\/c\/[a-z0-9-]+"/);
    // The market endpoint moves the path itself, so no language hop is added.
    expect(html).toContain(`href="/api/market?alias=dk&amp;redirect=${encodeURIComponent('/fi/en')}"`);
    expect(html).toMatch(/<a class="header-action" href="\/fi\/en\/account\?redirect=%2Ffi%2Fen"/);
  });
});

describe('footer', () => {
  test('the footer states the shop terms in kronor in Sweden, with Swish among the payment methods', async () => {
    const html = footer(await page('/'));
    expect(html).toContain('Frakt 49\u00a0kr, fri frakt över 499\u00a0kr');
    expect(html).toContain('Returavgift 49\u00a0kr, bokas via kundtjänst');
    expect(html).toContain('Vi skickar inom 2–3 arbetsdagar');
    expect(html).toContain('14 dagars ångerrätt');
    expect(html).toContain('3 års reklamationsrätt');
    expect(html).toContain('Faktura 30 dagar');
    for (const method of ['Kort', 'Swish', 'Faktura', 'Delbetalning']) expect(html).toContain(`>${method}</li>`);
  });

  test('in Finland the amounts are in euro and Swish is not offered', async () => {
    const html = footer(await page('/fi', { Cookie: 'ralph-selected-market=fi' }));
    expect(html).toContain('Toimitus 4,90\u00a0€, ilmainen toimitus yli 49\u00a0€ tilauksiin');
    expect(html).not.toContain('Swish');
  });

  test('the footer menu from the API links the content pages in the page language', async () => {
    const html = footer(await page('/en'));
    for (const item of await menuItems('footer', 'en-US')) {
      if (item.type === 'PAGE') expect(html).toMatch(linkTo(`/en/${item.alias}`, item.label));
    }
    expect(html).toMatch(linkTo('/en/brands', 'Brands'));
  });
});

describe('market and language picker', () => {
  test('every market of the channel is a switch link back to this page, the current one marked', async () => {
    const html = await page('/en/brands?page=2');
    const redirect = encodeURIComponent('/en/brands?page=2');
    expect(html).toMatch(
      new RegExp(`href="/api/market\\?alias=fi&amp;redirect=${redirect}"[^>]*>Finland \\(EUR\\)</a>`),
    );
    expect(html).toMatch(
      new RegExp(
        `href="/api/market\\?alias=se&amp;redirect=${redirect}"[^>]*aria-current="true"[^>]*>Sweden \\(SEK\\)</a>`,
      ),
    );
  });

  test('a market without the current language switches to its own language on the way back', async () => {
    const html = await page('/');
    const hop = `/api/locale?locale=da&path=${encodeURIComponent('/')}`;
    const href = `/api/market?alias=dk&redirect=${encodeURIComponent(hop)}`;
    expect(html).toContain(`href="${escaped(href)}"`);
    const switched = await fetchWorker(href, { redirect: 'manual' });
    expect(switched.status).toBe(303);
    expect(switched.headers.get('Location')).toBe(hop);
    expect(switched.headers.getSetCookie().join()).toContain('ralph-selected-market=dk');
    const translated = await fetchWorker(hop, { redirect: 'manual' });
    expect(translated.headers.get('Location')).toBe('/da');
  });

  test('the languages are those the market allows, each in its own name, the current one marked', async () => {
    const html = await page('/fi', { Cookie: 'ralph-selected-market=fi' });
    const { results } = await env.DB.prepare(
      `SELECT l.code FROM market_languages ml JOIN languages l ON l.id = ml.language_id WHERE ml.market_id = '1|fi' ORDER BY ml.sort_order`,
    ).all<{ code: string }>();
    const names: Record<string, string> = {
      sv: 'Svenska',
      en: 'English',
      fi: 'Suomi',
      da: 'Dansk',
      nb: 'Norsk bokmål',
    };
    for (const { code } of results) {
      // Each link leads to this page's own version in that language (its hreflang alternate).
      const path = encodeURIComponent(code === 'sv' ? '/' : `/${code}`);
      expect(html).toContain(
        `href="/api/locale?locale=${code}&amp;path=${path}" rel="nofollow" lang="${code}" hrefLang="${code}"`,
      );
      expect(html).toContain(`>${names[code]}</a>`);
    }
    expect(html).toMatch(/lang="fi" hrefLang="fi" aria-current="true">Suomi</);
    expect(html).not.toContain('locale=da&amp;');
  });
});

describe('header controls', () => {
  test('the customer-type switch is a POST form with both types and this page as redirect', async () => {
    const html = await page('/en/brands');
    const form = /<form class="customer-type"[^>]*>[\s\S]*?<\/form>/.exec(html)![0];
    expect(form).toMatch(/^<form class="customer-type" (?=[^>]*action="\/api\/customer-type")(?=[^>]*method="post")/);
    expect(form).toContain('<input type="hidden" name="redirect" value="/en/brands"/>');
    expect(form).toMatch(
      /<button (?=[^>]*type="submit")(?=[^>]*name="type")(?=[^>]*value="PERSON")(?=[^>]*aria-pressed="true")[^>]*>Private</,
    );
    expect(form).toMatch(
      /<button (?=[^>]*type="submit")(?=[^>]*name="type")(?=[^>]*value="ORGANIZATION")(?=[^>]*aria-pressed="false")[^>]*>Business</,
    );
  });

  test('the search box is a GET form to /api/search with the field q, labelled in the page language', async () => {
    const html = await page('/en');
    expect(html).toMatch(/<form class="search-box" role="search" (?=[^>]*action="\/api\/search")(?=[^>]*method="get")/);
    expect(html).toMatch(
      /<label class="visually-hidden" for="site-search-input">Search products<\/label><input id="site-search-input"(?=[^>]*type="search")(?=[^>]*name="q")/,
    );
    const props = /<script type="application\/json" data-island-props="SearchBox"[^>]*>([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(props![1]!)).toMatchObject({
      productPath: '/en/p/{alias}',
      scope: { marketId: '1|se', languageId: 'en-US' },
    });
  });

  test('a guest gets the login link back to this page and the login panel, a customer the link to the account', async () => {
    const guest = await page('/en/brands');
    expect(guest).toMatch(
      /<a class="header-action" href="\/en\/account\?redirect=%2Fen%2Fbrands"[^>]*>[\s\S]*?Log in</,
    );
    expect(guest).toContain('<div class="login-panel" id="login-panel" popover="auto" role="dialog"');
    expect(guest).toMatch(/<form class="account-form"[^>]*action="\/api\/account\/login" method="post">/);
    const { token } = await loggedInCustomer('chrome-header@example.com');
    const html = await page('/en', { Cookie: `ralph-auth=${token}` });
    expect(html).toMatch(/<summary class="header-action" data-account-link="">[\s\S]*?My account</);
    expect(html).toMatch(/<a class="account-menu__item" href="\/en\/account">My account<\/a>/);
    expect(html).toMatch(
      /<form [^>]*action="\/api\/account\/logout"[^>]*><input type="hidden" name="redirect" value="\/en"/,
    );
    expect(html).not.toContain('id="login-panel"');
  });

  test('the page data for analytics is JSON with the page type, locale, market, currency and customer type', async () => {
    const html = await page('/en', { Cookie: 'ralph-selected-market=fi; ralph-user-type=ORGANIZATION' });
    const json = /<script type="application\/json" id="page-data"[^>]*>([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(json![1]!)).toEqual({
      page_type: 'index',
      locale: 'en',
      language: 'en-US',
      market: 'fi',
      currency: 'EUR',
      customer_type: 'ORGANIZATION',
      logged_in: false,
      gtm_id: null,
      consent: null,
    });
  });
});
