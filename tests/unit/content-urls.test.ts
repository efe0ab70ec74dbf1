import { describe, expect, test } from 'vitest';
import { aliasOfUrl, menuItemUrl, type MenuTarget } from '../../worker/commerce/content/content';

const resolved: Omit<MenuTarget, 'type' | 'target'> = {
  categoryAlias: 'gelpennor',
  categoryHidden: 0,
  brandAlias: 'pilot',
  pageAlias: 'om-oss',
};

describe('menu item URLs', () => {
  test('each kind of item links to its own route, without a locale prefix', () => {
    expect(menuItemUrl({ ...resolved, type: 'CATEGORY', target: '17' })).toBe('/c/gelpennor');
    expect(menuItemUrl({ ...resolved, type: 'BRAND', target: 'pilot' })).toBe('/b/pilot');
    expect(menuItemUrl({ ...resolved, type: 'PAGE', target: '1' })).toBe('/om-oss');
    expect(menuItemUrl({ ...resolved, type: 'CUSTOM', target: '/dc/vinterrea' })).toBe('/dc/vinterrea');
  });

  test('an item whose target is gone or hidden has no URL, so it is left out of the menu', () => {
    expect(menuItemUrl({ ...resolved, categoryAlias: null, type: 'CATEGORY', target: '999' })).toBeNull();
    expect(menuItemUrl({ ...resolved, categoryHidden: 1, type: 'CATEGORY', target: '17' })).toBeNull();
    expect(menuItemUrl({ ...resolved, pageAlias: null, type: 'PAGE', target: '9' })).toBeNull();
  });
});

describe('the alias of a content page URL', () => {
  test('is the last path segment, whatever prefix, host or query surrounds it', () => {
    expect(aliasOfUrl('/om-oss')).toBe('om-oss');
    expect(aliasOfUrl('/en/about-us?ref=footer#top')).toBe('about-us');
    expect(aliasOfUrl('https://www.example.se/fi/tietoa-meista/')).toBe('tietoa-meista');
    expect(aliasOfUrl('/content/k%C3%B6pvillkor')).toBe('köpvillkor');
  });

  test('is absent for the root and survives a malformed escape', () => {
    expect(aliasOfUrl('/')).toBeNull();
    expect(aliasOfUrl('/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
