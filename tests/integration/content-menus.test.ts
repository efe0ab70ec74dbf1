import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import menuOperation from '../fixtures/ralph-operations/global/menu.graphql?raw';
import menuItemBase from '../fixtures/ralph-operations/global/menu-item-base.graphql?raw';
import menuItem from '../fixtures/ralph-operations/global/menu-item.graphql?raw';

/** The reference storefront's getMenuAtLocation with its imported fragments. */
const MENU = `${menuItem}\n${menuItemBase}\n${menuOperation}`;

interface Item {
  id: string;
  label: string;
  type: string;
  order: number;
  targetBlank: boolean;
  canonicalUrl: string;
  children: Item[];
}

async function categoryText(categoryId: number, languageId: string) {
  return env.DB.prepare('SELECT name, alias FROM category_texts WHERE category_id = ? AND language_id = ?')
    .bind(categoryId, languageId)
    .first<{ name: string; alias: string }>();
}

describe('getMenuAtLocation', () => {
  test('the main menu in Danish is the category tree with Danish labels and category URLs', async () => {
    const { data, errors } = await graphql(MENU, { menuLocationId: 'main', languageId: 'da-DK', marketId: 'dk' });
    expect(errors).toBeUndefined();
    const items = data?.getMenuAtLocation.menuItems as Item[];
    const roots = await env.DB.prepare(
      `SELECT i.type, i.target FROM menu_items i JOIN menus m ON m.id = i.menu_id
       WHERE m.location = 'main' AND i.parent_id IS NULL ORDER BY i.sort_order`,
    ).all<{ type: string; target: string }>();
    expect(items.map((item) => item.type)).toEqual(roots.results.map((row) => row.type.toLowerCase()));

    const first = items[0]!;
    const top = await categoryText(Number(roots.results[0]!.target), 'da-DK');
    expect(first).toMatchObject({ label: top!.name, canonicalUrl: `/c/${top!.alias}`, order: 1, targetBlank: false });

    const leaves = await env.DB.prepare(
      `SELECT t.name, t.alias FROM menu_items i JOIN category_texts t ON t.category_id = CAST(i.target AS INTEGER) AND t.language_id = 'da-DK'
       WHERE i.parent_id = ? ORDER BY i.sort_order`,
    )
      .bind(Number(first.id))
      .all<{ name: string; alias: string }>();
    expect(leaves.results.length).toBeGreaterThan(1);
    expect(first.children.map((child) => [child.label, child.canonicalUrl])).toEqual(
      leaves.results.map((leaf) => [leaf.name, `/c/${leaf.alias}`]),
    );
  });

  test('custom items keep their target as URL and nest their children', async () => {
    const { data } = await graphql(MENU, { menuLocationId: 'main', languageId: 'da-DK' });
    const offers = (data?.getMenuAtLocation.menuItems as Item[]).find((item) => item.label === 'Kampagner')!;
    expect(offers).toMatchObject({ type: 'custom', canonicalUrl: '/dc/vinterrea' });
    expect(offers.children.length).toBeGreaterThan(0);
    expect(offers.children.every((child) => child.type === 'custom' && child.canonicalUrl.startsWith('/dc/'))).toBe(
      true,
    );
  });

  test('the footer menu in English links each content page by its English alias', async () => {
    const { data } = await graphql(MENU, { menuLocationId: 'footer', languageId: 'en-US' });
    const items = data?.getMenuAtLocation.menuItems as Item[];
    const pages = await env.DB.prepare(
      `SELECT title, alias FROM content_page_texts WHERE language_id = 'en-US' ORDER BY page_id`,
    ).all<{ title: string; alias: string }>();
    expect(items.filter((item) => item.type === 'page').map((item) => [item.label, item.canonicalUrl])).toEqual(
      pages.results.map((page) => [page.title, `/${page.alias}`]),
    );
    expect(items.map((item) => item.canonicalUrl)).toContain('/about-us');
    expect(items.every((item) => item.children.length === 0)).toBe(true);
  });

  test('a location with no menu answers null', async () => {
    const { data, errors } = await graphql(MENU, { menuLocationId: 'sidebar' });
    expect(errors).toBeUndefined();
    expect(data?.getMenuAtLocation).toBeNull();
  });
});
