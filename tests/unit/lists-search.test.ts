import { describe, expect, test } from 'vitest';
import { oneEditQuery, searchTerms, substringEditDistance } from '../../worker/commerce/catalog/search';

describe('search terms', () => {
  test("a shopper's text becomes distinct lower-case terms without punctuation", () => {
    expect(searchTerms('  Kulspetspenna, BLÅ  "Kulspetspenna" (10-pack)! ')).toEqual([
      'kulspetspenna',
      'blå',
      '10-pack',
    ]);
  });

  test('an article number keeps its hyphens and a text of only punctuation has no terms', () => {
    expect(searchTerms('KG-107919')).toEqual(['kg-107919']);
    expect(searchTerms(' ,;!? ')).toEqual([]);
  });
});

describe('edit distance to a part of a text', () => {
  test.each([
    ['penna', 'kulspetspenna blå', 0],
    ['pennna', 'kulspetspenna blå', 1],
    ['pena', 'kulspetspenna', 1],
    ['stablio', 'stabilo boss', 1],
    ['pemna', 'kulspetspenna', 1],
    ['haftapparat', 'häftapparat', 1],
    ['zzxqv', 'kulspetspenna', 5],
  ])('%s in "%s" takes %i edits', (pattern, text, edits) => {
    expect(substringEditDistance(pattern, text)).toBe(edits);
  });
});

describe('the index query for one typo', () => {
  test('it holds the term, its one-letter deletions and swaps, and the pieces around each letter', () => {
    const query = oneEditQuery('stablio');
    expect(query).toContain('("stablio")');
    expect(query).toContain('("stabilo")');
    expect(query).toContain('("stabio")');
    expect(query).toContain('("sta" AND "lio")');
    expect(query.startsWith('(') && query.endsWith(')')).toBe(true);
  });
});
