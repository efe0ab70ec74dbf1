import { describe, expect, test } from 'vitest';
import { pathFor, type ParamsArgument, type Screen } from '../../locales/routes';
import type { LinkBuilder } from '../../client/views/components/ShopContext';
import { brandIndex, indexLetter, OTHER_GROUP } from '../../client/views/components/brand-index';
import { localizedHref, shelfLink } from '../../client/views/components/widgets/widget-links';

/** The link builder of a request in `locale` without markets in the path. */
const linksIn = (locale: 'sv' | 'en' | 'da'): LinkBuilder =>
  (<S extends Screen>(screen: S, ...params: ParamsArgument<S>) => pathFor(screen, locale, ...params)) as LinkBuilder;

describe('widget links', () => {
  test('a link written with another locale’s prefix points at the same page in the visitor’s locale', () => {
    expect(localizedHref('/en/dc/vinterrea', linksIn('sv'))).toBe('/dc/vinterrea');
    expect(localizedHref('/dc/vinterrea', linksIn('en'))).toBe('/en/dc/vinterrea');
    expect(localizedHref('/nyheter', linksIn('en'))).toBe('/en/news');
    expect(localizedHref('/nyheder', linksIn('sv'))).toBe('/nyheter');
    expect(localizedHref('/varumarken', linksIn('da'))).toBe('/da/varemaerker');
  });

  test('query and hash are kept, and API paths without a prefix get the visitor’s prefix', () => {
    expect(localizedHref('/c/gelpennor?sort=latest#top', linksIn('en'))).toBe('/en/c/gelpennor?sort=latest#top');
    expect(localizedHref('/', linksIn('en'))).toBe('/en');
  });

  test('links to other sites and relative links are left as written', () => {
    expect(localizedHref('https://example.com/varumarken', linksIn('en'))).toBe('https://example.com/varumarken');
    expect(localizedHref('//cdn.example.com/x', linksIn('en'))).toBe('//cdn.example.com/x');
    expect(localizedHref('mailto:kundservice@example.com', linksIn('en'))).toBe('mailto:kundservice@example.com');
  });

  test('a shelf links to the list it is a selection of, and the newest products to the news page', () => {
    expect(shelfLink({ sort: 'MOST_SOLD', take: 8, categoryAlias: 'gel-pens' }, linksIn('en'))).toBe('/en/c/gel-pens');
    expect(shelfLink({ sort: 'MOST_SOLD', take: 8, discountCampaignAlias: 'vinterrea' }, linksIn('sv'))).toBe(
      '/dc/vinterrea',
    );
    expect(shelfLink({ sort: 'LATEST', take: 8 }, linksIn('da'))).toBe('/nyheder');
    expect(shelfLink({ sort: 'MOST_SOLD', take: 8 }, linksIn('sv'))).toBeNull();
  });
});

describe('brand index', () => {
  const brand = (name: string) => ({ alias: name.toLowerCase(), name, count: 1 });

  test('Swedish has Å, Ä and Ö after Z, Danish Æ, Ø and Å; English folds them into A and O', () => {
    const brands = [brand('Åhléns'), brand('Ögonblick'), brand('Ørsted'), brand('Abena')];
    const sv = brandIndex(brands, 'sv');
    expect(sv.map((group) => group.letter).slice(-3)).toEqual(['Å', 'Ä', 'Ö']);
    expect(sv.find((group) => group.letter === 'Å')!.brands.map((b) => b.name)).toEqual(['Åhléns']);
    expect(sv.find((group) => group.letter === 'Ö')!.brands.map((b) => b.name)).toEqual(['Ögonblick', 'Ørsted']);
    const da = brandIndex(brands, 'da');
    expect(da.map((group) => group.letter).slice(-3)).toEqual(['Æ', 'Ø', 'Å']);
    expect(da.find((group) => group.letter === 'Ø')!.brands.map((b) => b.name)).toEqual(['Ögonblick', 'Ørsted']);
    const en = brandIndex(brands, 'en');
    expect(en.find((group) => group.letter === 'A')!.brands.map((b) => b.name)).toEqual(['Abena', 'Åhléns']);
    expect(en.find((group) => group.letter === 'O')!.brands.map((b) => b.name)).toEqual(['Ögonblick', 'Ørsted']);
  });

  test('every letter is listed, empty ones too, and names starting with a digit form a last group', () => {
    const index = brandIndex([brand('3M'), brand('Zebra')], 'en');
    expect(index).toHaveLength(27);
    expect(index.find((group) => group.letter === 'Q')!.brands).toEqual([]);
    expect(index.at(-1)).toMatchObject({ letter: OTHER_GROUP, id: 'brands-other' });
    expect(indexLetter('Éclat', 'sv')).toBe('E');
    expect(indexLetter('Ärlig', 'da')).toBe('Æ');
  });

  test('brands within a letter are in the language’s order, whatever their case', () => {
    const index = brandIndex([brand('Stabilo'), brand('sharpie'), brand('Scotch')], 'sv');
    expect(index.find((group) => group.letter === 'S')!.brands.map((b) => b.name)).toEqual([
      'Scotch',
      'sharpie',
      'Stabilo',
    ]);
  });
});
