// Issue 25, the Geins contract, the market in the path: the reference storefront's default URLs are
// /se/sv/p/<alias>, and its product and list pages redirect whenever `canonicalUrl` differs from the path
// (ralph-ui MixProductPage, MixListInfo). Our canonical URLs lacked the prefix, so it redirected every
// product view. With MARKET_IN_PATH on, every canonical URL carries the market and language.
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env } from '../helpers';
import { referenceOperation } from '../operations';

const app = createApp();
const PRODUCT = referenceOperation('product/product.graphql');
const LIST_INFO = referenceOperation('productlist/list-page.graphql');
const MENU = referenceOperation('global/menu.graphql');

/** The API as a deployment with MARKET_IN_PATH set to `on` answers it. */
async function query<T>(on: boolean, document: string, variables: Record<string, unknown>) {
  const response = await app.request(
    '/graphql',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: document, variables }),
    },
    { ...env, MARKET_IN_PATH: on ? 'true' : 'false' },
    createExecutionContext(),
  );
  return (await response.json()) as { data?: T; errors?: unknown[] };
}

async function seededProduct() {
  const row = await env.DB.prepare(
    "SELECT t.alias FROM product_texts t JOIN products p ON p.id = t.product_id WHERE t.language_id = 'da-DK' AND p.is_active = 1 ORDER BY p.id LIMIT 1",
  ).first<{ alias: string }>();
  return row!.alias;
}

type Product = {
  product: { canonicalUrl: string; brand: { canonicalUrl: string } | null; primaryCategory: { canonicalUrl: string } };
};

describe('canonical URLs with the market in the path', () => {
  test('a product’s canonical URL is its path with the market and language in front, and without them when off', async () => {
    const alias = await seededProduct();
    const danish = { alias, channelId: '1|se', languageId: 'da-DK', marketId: 'dk' };
    const on = await query<Product>(true, PRODUCT, danish);
    expect(on.errors).toBeUndefined();
    expect(on.data!.product.canonicalUrl).toBe(`/dk/da/p/${alias}`);
    expect(on.data!.product.brand!.canonicalUrl).toMatch(/^\/dk\/da\/b\/[a-z0-9-]+$/);
    expect(on.data!.product.primaryCategory.canonicalUrl).toMatch(/^\/dk\/da\/c\/[a-z0-9-]+$/);
    const off = await query<Product>(false, PRODUCT, danish);
    expect(off.data!.product.canonicalUrl).toBe(`/p/${alias}`);
  });

  test('listPageInfo of /se/sv/c/<alias> answers that very path as its canonical URL (no redirect)', async () => {
    const category = await env.DB.prepare(
      "SELECT alias FROM category_texts WHERE language_id = 'sv-SE' ORDER BY category_id LIMIT 1",
    ).first<{ alias: string }>();
    const path = `/se/sv/c/${category!.alias}`;
    const info = await query<{ listPageInfo: { canonicalUrl: string } }>(true, LIST_INFO, {
      url: path,
      channelId: '1|se',
      languageId: 'sv-SE',
      marketId: 'se',
    });
    expect(info.errors).toBeUndefined();
    expect(info.data!.listPageInfo.canonicalUrl).toBe(path);
  });

  test('menu links carry the prefix; links to other sites do not', async () => {
    type Item = { canonicalUrl: string; children: Item[] | null };
    const menu = await query<{ getMenuAtLocation: { menuItems: Item[] } }>(true, MENU, {
      menuLocationId: 'main-desktop',
      channelId: '1|se',
      languageId: 'en-US',
      marketId: 'fi',
    });
    expect(menu.errors).toBeUndefined();
    const urls = menu.data!.getMenuAtLocation.menuItems.flatMap((item) => [
      item.canonicalUrl,
      ...(item.children ?? []).map((child) => child.canonicalUrl),
    ]);
    expect(urls).toContain('/fi/en/varumarken');
    expect(urls.every((url) => url.startsWith('/fi/en/'))).toBe(true);
  });
});

describe('our storefront with the market in the path reads the prefixed URLs', () => {
  async function page(path: string) {
    const response = await app.request(path, {}, { ...env, MARKET_IN_PATH: 'true' }, createExecutionContext());
    return { status: response.status, html: await response.text() };
  }

  test('the start page’s menu, category puffs and campaign links point at its own pages once', async () => {
    const home = await page('/se/sv');
    expect(home.status).toBe(200);
    expect(home.html).not.toContain('/se/sv/se/sv');
    const categoryLink = /href="(\/se\/sv\/c\/[a-z0-9-]+)"/.exec(home.html)?.[1];
    expect(categoryLink).toBeDefined();
    const list = await page(categoryLink!);
    expect(list.status).toBe(200);
    expect(list.html).not.toContain('/se/sv/se/sv');
  });

  test('in English the menu’s links are the English routes (the API’s /se/en/varumarken is /se/en/brands)', async () => {
    const home = await page('/se/en');
    expect(home.status).toBe(200);
    expect(home.html).toContain('href="/se/en/brands"');
    expect(home.html).not.toContain('href="/se/en/varumarken"');
  });
});
