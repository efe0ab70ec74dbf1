// What an isolate keeps between requests so a page costs less to render again: a kept API answer parsed
// once (worker/graphql/cache.ts parsedAnswer), the menus' links built once (worker/render/chrome-menus.ts),
// the header's key naming them by a number (Prerendered contentKey), an operation's cost worked out once
// (worker/graphql/limits.ts). Shared values are frozen: a page cannot change them for the next shopper.
import { buildSchema, getOperationAST, parse } from 'graphql';
import { describe, expect, test } from 'vitest';
import { pathFor, type ParamsArgument, type Screen } from '../../locales/routes';
import type { LinkBuilder } from '../../client/views/components/ShopContext';
import { parsedAnswer, type CacheEntry } from '../../worker/graphql/cache';
import { menuNavLinks } from '../../worker/render/chrome-menus';
import { contentKey } from '../../client/views/components/Prerendered';
import { costLimitError } from '../../worker/graphql/limits';

const english: LinkBuilder = <S extends Screen>(screen: S, ...params: ParamsArgument<S>) =>
  pathFor(screen, 'en', ...params);

describe('a kept answer, parsed once', () => {
  test('every read of the same entry gets the same object, which nobody can change', () => {
    const entry: CacheEntry = { body: '{"data":{"product":{"name":"Blå penna","skus":[{"stock":2}]}}}', storedAt: 1 };
    const first = parsedAnswer({ key: 'gql:1:a', entry }) as { data: { product: { name: string; skus: object[] } } };
    const again = parsedAnswer({ key: 'gql:1:a', entry });
    expect(again).toBe(first);
    expect(first.data.product.name).toBe('Blå penna');
    expect(() => {
      first.data.product.name = 'Röd penna';
    }).toThrow(TypeError);
    expect(() => first.data.product.skus.push({ stock: 0 })).toThrow(TypeError);
    expect(first.data.product.name).toBe('Blå penna');
  });

  test('an entry refreshed under the same key is read anew', () => {
    const old: CacheEntry = { body: '{"data":{"stock":2}}', storedAt: 1 };
    const fresh: CacheEntry = { body: '{"data":{"stock":0}}', storedAt: 2 };
    expect(parsedAnswer({ key: 'gql:1:b', entry: old })).toEqual({ data: { stock: 2 } });
    expect(parsedAnswer({ key: 'gql:1:b', entry: fresh })).toEqual({ data: { stock: 0 } });
  });
});

describe('menu links, built once per menu and the page they mark', () => {
  const menu = [
    { label: 'Varumärken', hidden: false, canonicalUrl: '/varumarken' },
    { label: 'Kampanjer', hidden: false, canonicalUrl: '/dc/vinterrea' },
  ];

  test('the same menu on the same page gives the same frozen links; another page marks its own', () => {
    const brands = menuNavLinks(menu, english, '/en/brands', '/en');
    expect(menuNavLinks(menu, english, '/en/brands', '/en')).toBe(brands);
    expect(brands.map((link) => [link.href, link.current])).toEqual([
      ['/en/brands', true],
      ['/en/dc/vinterrea', false],
    ]);
    expect(Object.isFrozen(brands) && Object.isFrozen(brands[0])).toBe(true);
    const campaign = menuNavLinks(menu, english, '/en/dc/vinterrea', '/en');
    expect(campaign.map((link) => link.current)).toEqual([false, true]);
  });

  test('pages the menu does not link to (two product pages) share one set of links, none marked', () => {
    const pen = menuNavLinks(menu, english, '/en/p/blue-pen-12', '/en');
    expect(menuNavLinks(menu, english, '/en/p/red-pen-13?size=m', '/en')).toBe(pen);
    expect(pen.map((link) => [link.href, link.current])).toEqual([
      ['/en/brands', false],
      ['/en/dc/vinterrea', false],
    ]);
    expect(menuNavLinks(menu, english, '/en/brands?sort=name', '/en')).toBe(
      menuNavLinks(menu, english, '/en/brands', '/en'),
    );
  });

  test('no menu (a failed read) gives no links', () => {
    expect(menuNavLinks(null, english, '/en', '/en')).toEqual([]);
  });
});

describe("the header's key names a content by a number", () => {
  test('the same content has the same number, other content another', () => {
    const links = menuNavLinks([{ label: 'Nyheter', hidden: false, canonicalUrl: '/nyheter' }], english, '/en', '/en');
    const same = JSON.parse(JSON.stringify(links)) as object;
    const other = [{ label: 'News', href: '/en/news', external: false, current: false, children: [] }];
    expect(contentKey(same)).toBe(contentKey(links));
    expect(contentKey(other)).not.toBe(contentKey(links));
  });
});

describe("an operation's cost, worked out once per page size", () => {
  const schema = buildSchema(`
    type Query { products(take: Int): Page }
    type Page { products: [Product] }
    type Product { name: String, tags: [String] }
  `);
  const document = parse('query list($take: Int) { products(take: $take) { products { name tags } } }');
  const operation = getOperationAST(document)!;

  test('the same operation is within the limit at 48 products and over it at a million, in any order', () => {
    const over = (take: number) => costLimitError(schema, document, operation, { take })?.extensions.code;
    expect(over(48)).toBeUndefined();
    expect(over(1_000_000)).toBe('COST_LIMIT_EXCEEDED');
    expect(over(48)).toBeUndefined();
    expect(over(1_000_000)).toBe('COST_LIMIT_EXCEEDED');
  });
});
