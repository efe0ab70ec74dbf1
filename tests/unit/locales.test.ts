import { describe, expect, test } from 'vitest';
import { createTranslator, LOCALES, pluralKey } from '../../locales';
import sv from '../../locales/sv.json';
import da from '../../locales/da.json';
import en from '../../locales/en.json';
import fi from '../../locales/fi.json';
import nb from '../../locales/nb.json';

const flatKeys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('locales', () => {
  test('every language has exactly the keys of Swedish, each with text', () => {
    const source = flatKeys(sv).sort();
    for (const messages of [da, en, fi, nb]) {
      expect(flatKeys(messages).sort()).toEqual(source);
    }
  });

  test('a translator fills parameters and keeps the spec texts in Swedish', () => {
    const t = createTranslator('sv');
    expect(t('errors.notFoundTitle')).toBe('Sidan du söker kunde tyvärr inte hittas');
    expect(t('errors.title')).toBe('Oj, något gick visst fel');
    expect(t('header.usp', { freeFrom: '499 kr' })).toContain('Fri frakt över 499 kr');
  });

  test('translators of different requests never share a language', () => {
    const [fiT, svT] = [createTranslator('fi'), createTranslator('sv')];
    expect(fiT('home.title')).toBe('Kaikki toimistoon');
    expect(svT('home.title')).toBe('Allt för kontoret');
    expect(LOCALES).toEqual(['sv', 'da', 'en', 'fi', 'nb']);
  });

  test('plural forms pick zero, one and other', () => {
    expect([0, 1, 2].map((n) => pluralKey('sv', n))).toEqual(['zero', 'one', 'other']);
  });
});
