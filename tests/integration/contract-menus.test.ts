// Issue 25, the Geins contract, menus: the reference storefront asks getMenuAtLocation for six locations
// (ralph-storefront CaHeader main-desktop, default layout main-mobile, CaTopBar top-bar, CaFooter
// footer-first and footer-second, the content page info-pages). Our menus stood at 'main' and 'footer'
// only, so each of them answered null and its header, footer and menu panel were empty.
import { describe, expect, test } from 'vitest';
import { graphql } from '../helpers';
import { referenceOperation } from '../operations';

const MENU = referenceOperation('global/menu.graphql');

type Item = { label: string; canonicalUrl: string; children: Item[] | null };
type Menu = { getMenuAtLocation: { menuItems: Item[] } | null };

const menuAt = (menuLocationId: string, languageId = 'sv-SE') =>
  graphql<Menu>(MENU, { menuLocationId, channelId: '1|se', languageId, marketId: 'se' });

const labels = (menu: Menu) => menu.getMenuAtLocation!.menuItems.map((item) => item.label);

describe('the menus at the reference storefront’s locations', () => {
  test('every one of its six locations has a menu', async () => {
    for (const location of ['main-desktop', 'main-mobile', 'top-bar', 'footer-first', 'footer-second', 'info-pages']) {
      const { data, errors } = await menuAt(location);
      expect(errors, location).toBeUndefined();
      expect(data!.getMenuAtLocation?.menuItems.length, location).toBeGreaterThan(0);
    }
  });

  test('the main menu on desktop and mobile is the shop’s main menu, children and all', async () => {
    const main = (await menuAt('main')).data!;
    expect((await menuAt('main-desktop')).data).toEqual(main);
    expect((await menuAt('main-mobile')).data).toEqual(main);
    expect(labels(main).slice(0, 2)).toEqual(['Skriva & rita', 'Papper & block']);
    expect(main.getMenuAtLocation!.menuItems[0]!.children!.map((child) => child.label)).toContain('Kulspetspennor');
  });

  test('the top bar and the second footer column, in the shopper’s language', async () => {
    expect(labels((await menuAt('top-bar')).data!)).toEqual(['Kundservice & kontakt', 'Leveranser', 'Köpvillkor']);
    expect(labels((await menuAt('footer-second')).data!)).toEqual(['Kampanjer', 'Nyheter', 'Varumärken']);
    expect(labels((await menuAt('footer-second', 'en-US')).data!)).toEqual(['Offers', 'New arrivals', 'Brands']);
    expect(labels((await menuAt('footer-first')).data!)).toEqual(labels((await menuAt('footer')).data!));
  });

  test('a location nobody put a menu at is still null', async () => {
    const { data, errors } = await menuAt('sidebar');
    expect(errors).toBeUndefined();
    expect(data!.getMenuAtLocation).toBeNull();
  });
});
