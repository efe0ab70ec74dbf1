// The header's pure parts: menu URLs from the API (Swedish paths without prefix) as links in the
// shopper's locale, the loading bar's timing (spec §4, §9) and when the header hides on scroll.
import { describe, expect, test } from 'vitest';
import { pathFor, type ParamsArgument, type Screen } from '../../locales/routes';
import type { Locale } from '../../locales';
import type { LinkBuilder } from '../../client/views/components/ShopContext';
import { cachedMenuUrl, localizeMenuUrl, toNavLinks } from '../../worker/render/chrome-menus';
import {
  LOADING_DELAY_MS,
  LOADING_DURATION_MS,
  LOADING_MAX_PROGRESS,
  loadingBarVisible,
  loadingProgress,
} from '../../client/browser/loading-bar';
import { headerHidden } from '../../client/browser/page-chrome';

function linksIn(locale: Locale): LinkBuilder {
  return <S extends Screen>(screen: S, ...params: ParamsArgument<S>) => pathFor(screen, locale, ...params);
}

describe('menu links', () => {
  test("the API's Swedish paths become the same screens in the shopper's locale", () => {
    const en = linksIn('en');
    expect(localizeMenuUrl('/varumarken', en)).toEqual({ href: '/en/brands', external: false });
    expect(localizeMenuUrl('/nyheter', linksIn('da'))).toEqual({ href: '/nyheder', external: false });
    expect(localizeMenuUrl('/c/pennor', en)).toEqual({ href: '/en/c/pennor', external: false });
    expect(localizeMenuUrl('/dc/vinterrea?sort=PRICE#lista', en)).toEqual({
      href: '/en/dc/vinterrea?sort=PRICE#lista',
      external: false,
    });
    expect(localizeMenuUrl('/om-oss', linksIn('fi'))).toEqual({ href: '/fi/om-oss', external: false });
    expect(localizeMenuUrl('/varumarken', linksIn('sv'))).toEqual({ href: '/varumarken', external: false });
  });

  test('a mapped link is remembered per locale base, so each locale keeps its own', () => {
    expect(cachedMenuUrl('/varumarken', linksIn('en'), '/en')?.href).toBe('/en/brands');
    expect(cachedMenuUrl('/varumarken', linksIn('fi'), '/fi')?.href).toBe('/fi/tavaramerkkeja');
    expect(cachedMenuUrl('/varumarken', () => 'not asked again', '/en')?.href).toBe('/en/brands');
  });

  test('links to other sites stay as they are; an item without URL has no link', () => {
    expect(localizeMenuUrl('https://example.com/blogg', linksIn('en'))).toEqual({
      href: 'https://example.com/blogg',
      external: true,
    });
    expect(localizeMenuUrl(null, linksIn('en'))).toBeNull();
  });

  test('hidden items and items without a label are left out; the current page is marked', () => {
    const links = toNavLinks(
      [
        { label: 'Varumärken', hidden: false, canonicalUrl: '/varumarken', children: [] },
        { label: 'Dold', hidden: true, canonicalUrl: '/nyheter' },
        { label: null, hidden: false, canonicalUrl: '/nyheter' },
        null,
        {
          label: 'Kampanjer',
          hidden: false,
          canonicalUrl: '/dc/vinterrea',
          children: [{ label: 'Rea', hidden: false, canonicalUrl: '/dc/rea' }],
        },
      ],
      linksIn('en'),
      '/en/brands?page=2',
      '/en',
    );
    expect(links).toEqual([
      { label: 'Varumärken', href: '/en/brands', external: false, current: true, children: [] },
      {
        label: 'Kampanjer',
        href: '/en/dc/vinterrea',
        external: false,
        current: false,
        children: [{ label: 'Rea', href: '/en/dc/rea', external: false, current: false, children: [] }],
      },
    ]);
  });
});

describe('loading bar timing', () => {
  test('the bar shows only after the 1000 ms delay, or at once when the navigation failed', () => {
    expect(LOADING_DELAY_MS).toBe(1000);
    expect(loadingBarVisible(900, false)).toBe(false);
    expect(loadingBarVisible(1000, false)).toBe(true);
    expect(loadingBarVisible(0, true)).toBe(true);
  });

  test('the bar fills quickly, then slowly, and stops short of full at the end of the 5000 ms duration', () => {
    expect(LOADING_DURATION_MS).toBe(5000);
    expect(loadingProgress(0)).toBe(0);
    const quarter = loadingProgress(1250);
    const half = loadingProgress(2500);
    expect(quarter).toBeGreaterThan(0.25 * LOADING_MAX_PROGRESS);
    expect(half - quarter).toBeLessThan(quarter);
    expect(loadingProgress(5000)).toBeCloseTo(LOADING_MAX_PROGRESS);
    expect(loadingProgress(60_000)).toBeCloseTo(LOADING_MAX_PROGRESS);
    expect(LOADING_MAX_PROGRESS).toBeLessThan(1);
  });
});

describe('header on scroll', () => {
  test('the header hides when scrolling down past it and comes back when scrolling up', () => {
    expect(headerHidden(0, 400, 160, false)).toBe(true);
    expect(headerHidden(400, 300, 160, true)).toBe(false);
    expect(headerHidden(100, 150, 160, false)).toBe(false); // still within the header's height
    expect(headerHidden(400, 404, 160, true)).toBe(true); // a few pixels change nothing
  });
});
