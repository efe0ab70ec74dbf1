import { describe, expect, test } from 'vitest';
import {
  facetIdOf,
  otherParameters,
  parseSelection,
  serializeSelection,
  withoutValue,
} from '../../core/list-selection';
import { defaultListSort } from '../../worker/pages/list/sort';
import { readConfig } from '../../worker/config';

describe('the URL form of a list selection (spec §9)', () => {
  test('comma-separated label~id per group, parameters under p- keys, price as min~max', () => {
    const selection = parseSelection(
      '?brands=Pilot~12,Pentel~7&p-color=Bl%C3%A5~1_blue&price=10~200&sort=lowest-price&page=2',
    );
    expect(selection).toEqual({
      groups: [
        {
          key: 'brands',
          values: [
            { id: '12', label: 'Pilot' },
            { id: '7', label: 'Pentel' },
          ],
        },
        { key: 'p-color', values: [{ id: '1_blue', label: 'Blå' }] },
      ],
      price: { min: 10, max: 200 },
      sort: 'lowest-price',
      page: 2,
    });
    expect(facetIdOf('brands', '12')).toBe('b_12');
    expect(facetIdOf('skus', 'A4')).toBe('sk_A4');
    expect(facetIdOf('p-color', '1_blue')).toBe('p_1_blue');
  });

  test('serializing what was parsed gives the same URL, so a shared link stays as it is', () => {
    const url = '?brands=Pilot~12,Pentel~7&p-color=Bl%C3%A5~1_blue&price=10~200&sort=lowest-price&page=2';
    expect(serializeSelection(parseSelection(url))).toBe(url);
  });

  test('labels with commas, tildes and apostrophes survive the round trip', () => {
    const selection = parseSelection(
      serializeSelection({
        groups: [
          { key: 'p-line-width', values: [{ id: '5_0-5', label: '0,5 mm ~ fin' }] },
          { key: 'brands', values: [{ id: '11', label: "Caran d'Ache" }] },
        ],
        price: null,
        sort: null,
        page: 1,
      }),
    );
    expect(selection.groups).toEqual([
      { key: 'brands', values: [{ id: '11', label: "Caran d'Ache" }] },
      { key: 'p-line-width', values: [{ id: '5_0-5', label: '0,5 mm ~ fin' }] },
    ]);
  });

  test("the GET form's repeated keys and price fields read as the same selection", () => {
    const form = parseSelection('?brands=Pilot%7E12&brands=Pentel%7E7&brands=Pilot%7E12&price-min=&price-max=200&q=x');
    expect(serializeSelection(form)).toBe('?brands=Pilot~12,Pentel~7&price=~200');
    expect(otherParameters('?brands=Pilot%7E12&utm_source=news+letter')).toEqual([['utm_source', 'news letter']]);
  });

  test('unreadable values are left out: unknown sorts, bad pages, empty groups, keys that are no group', () => {
    expect(parseSelection('?sort=cheapest&page=-1&brands=&colour=red&price=abc')).toEqual({
      groups: [],
      price: null,
      sort: null,
      page: 1,
    });
    expect(parseSelection('?page=99999').page).toBe(125);
    expect(parseSelection('?price=300~100').price).toEqual({ min: 100, max: 300 });
  });

  test('removing a value (a chip) goes back to page 1 and drops an emptied group', () => {
    const selection = parseSelection('?brands=Pilot~12&discount=21-30~21-30&page=3');
    expect(serializeSelection(withoutValue(selection, 'brands', '12'))).toBe('?discount=21-30~21-30');
  });
});

describe('the default sort of a list (spec §4)', () => {
  const config = {
    productListDefaultSort: 'MOST_SOLD' as const,
    customSortRoutes: [{ name: 'brand___en', sort: 'PRICE' as const }],
  };

  test('search routes sort by relevance, other lists by the configured default', () => {
    expect(defaultListSort(config, { name: 'search___sv', screen: 'search' }, true)).toBe('RELEVANCE');
    expect(defaultListSort(config, { name: 'category___sv', screen: 'category' }, false)).toBe('MOST_SOLD');
  });

  test('a custom sort route wins over the default, by route name or by screen in every locale', () => {
    expect(defaultListSort(config, { name: 'brand___en', screen: 'brand' }, false)).toBe('PRICE');
    expect(defaultListSort(config, { name: 'brand___sv', screen: 'brand' }, false)).toBe('MOST_SOLD');
    const everyLocale = { ...config, customSortRoutes: [{ name: 'brand', sort: 'PRICE_DESC' as const }] };
    expect(defaultListSort(everyLocale, { name: 'brand___fi', screen: 'brand' }, false)).toBe('PRICE_DESC');
  });

  test('new items are the latest unless a custom route says otherwise', () => {
    expect(defaultListSort(config, { name: 'news___sv', screen: 'news' }, false)).toBe('LATEST');
    const custom = { ...config, customSortRoutes: [{ name: 'news', sort: 'MOST_SOLD' as const }] };
    expect(defaultListSort(custom, { name: 'news___sv', screen: 'news' }, false)).toBe('MOST_SOLD');
  });
});

describe('list configuration', () => {
  const base = { CHANNEL_ID: '1|se', FALLBACK_MARKET_ALIAS: 'se', LOCAL_RUN: 'true' };
  const read = (vars: Record<string, string>) => readConfig({ ...base, ...vars } as unknown as Env);

  test('PRODUCT_LIST_DEFAULT_SORT and CUSTOM_SORT_ROUTES are read as typed values, LATEST and none by default', () => {
    expect(read({})).toMatchObject({ productListDefaultSort: 'LATEST', customSortRoutes: [] });
    expect(
      read({ PRODUCT_LIST_DEFAULT_SORT: 'MOST_SOLD', CUSTOM_SORT_ROUTES: '[{"name":"news","sort":"PRICE"}]' }),
    ).toMatchObject({
      productListDefaultSort: 'MOST_SOLD',
      customSortRoutes: [{ name: 'news', sort: 'PRICE' }],
    });
  });

  test('a sort the shop does not offer, or custom routes that are not the JSON form, fail naming the variable', () => {
    expect(() => read({ PRODUCT_LIST_DEFAULT_SORT: 'CHEAPEST' })).toThrow(/PRODUCT_LIST_DEFAULT_SORT/);
    expect(() => read({ CUSTOM_SORT_ROUTES: 'news=LATEST' })).toThrow(/CUSTOM_SORT_ROUTES must be a JSON array/);
    expect(() => read({ CUSTOM_SORT_ROUTES: '[{"name":"news","sort":"CHEAPEST"}]' })).toThrow(/CUSTOM_SORT_ROUTES/);
  });
});
