import { describe, expect, test } from 'vitest';
import { parseFacetId } from '../../worker/commerce/catalog/filter';
import { parseListPath, splitListPath } from '../../worker/commerce/catalog/taxonomy';

describe('facet ids', () => {
  test.each([
    ['c_10', { group: 'c', categoryId: 10 }],
    ['b_7', { group: 'b', brandId: 7 }],
    ['sk_76 x 76 mm', { group: 'sk', size: '76 x 76 mm' }],
    ['dc_4', { group: 'dc', campaignId: 4 }],
    ['d_21-30', { group: 'd', from: 21, to: 30 }],
    ['p_1_blue', { group: 'p_1', parameterId: 1, valueKey: 'blue' }],
    ['p_24_pack_10', { group: 'p_24', parameterId: 24, valueKey: 'pack_10' }],
  ])('%s names %j', (id, facet) => {
    expect(parseFacetId(id)).toEqual(facet);
  });

  test.each(['c_', 'c_abc', 'c_0', 'x_1', 'd_1-7', 'p_1', 'p_x_blue', 'blue', '_1'])('%s is not a facet id', (id) => {
    expect(parseFacetId(id)).toBeNull();
  });
});

describe('list paths', () => {
  test('category, brand, campaign and search paths name their list, with or without a locale prefix', () => {
    expect(parseListPath('/c/skriva-rita/kulspetspennor')).toEqual({ kind: 'category', alias: 'kulspetspennor' });
    expect(parseListPath('/en/b/bic?sort=latest')).toEqual({ kind: 'brand', alias: 'bic' });
    expect(parseListPath('https://www.example.se/dc/vinterrea/')).toEqual({ kind: 'campaign', alias: 'vinterrea' });
    expect(parseListPath('/s/bl%C3%A5%20penna')).toEqual({ kind: 'search', alias: 'blå penna' });
  });

  test('other paths are no list', () => {
    expect(parseListPath('/kassan')).toBeNull();
    expect(parseListPath('/c')).toBeNull();
    expect(parseListPath('/b/bic/extra')).toBeNull();
  });

  test('a path is split into its locale prefix and the rest', () => {
    expect(splitListPath('/da/c/kuglepenne#top')).toEqual({ prefix: '/da', path: '/c/kuglepenne' });
    expect(splitListPath('/c/kulspetspennor/')).toEqual({ prefix: '', path: '/c/kulspetspennor' });
    expect(splitListPath('/en')).toEqual({ prefix: '/en', path: '/' });
  });
});
