/**
 * The brands page's alphabetical index: every letter of the locale's alphabet (A–Z, plus Å Ä Ö in Swedish
 * and Finnish, Æ Ø Å in Danish and Norwegian), each with the brands whose name starts with it, sorted as
 * the language sorts. A letter the alphabet lacks is filed where the language files it (Ø under Ö in
 * Swedish, Ä under Æ in Danish), else read without its accent (É → E, and Å → A in English); a name that
 * starts with anything else (a digit) goes to one last group.
 */
import { LOCALE_ISO, type Locale } from '../../../locales';

const LATIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

const ALPHABETS: Record<Locale, readonly string[]> = {
  sv: [...LATIN, 'Å', 'Ä', 'Ö'],
  fi: [...LATIN, 'Å', 'Ä', 'Ö'],
  da: [...LATIN, 'Æ', 'Ø', 'Å'],
  nb: [...LATIN, 'Æ', 'Ø', 'Å'],
  en: LATIN,
};

/** Nordic letters each language files under one of its own (they have no accent to drop). */
const SWEDISH_FOLDS = { Ø: 'Ö', Æ: 'Ä' };
const DANISH_FOLDS = { Ö: 'Ø', Ä: 'Æ' };
const FOLDS: Record<Locale, Readonly<Record<string, string>>> = {
  sv: SWEDISH_FOLDS,
  fi: SWEDISH_FOLDS,
  da: DANISH_FOLDS,
  nb: DANISH_FOLDS,
  en: { Ø: 'O', Æ: 'A' },
};

/** The group of names that start with no letter of the alphabet. */
export const OTHER_GROUP = 'other';

export interface IndexedBrand {
  alias: string;
  name: string;
  /** Products of the brand in the market; null when the count is unknown. */
  count: number | null;
}

export interface BrandLetter {
  /** The letter as shown, or OTHER_GROUP. */
  letter: string;
  /** Anchor id of the letter's section. */
  id: string;
  brands: IndexedBrand[];
}

/** The index letter of a name in the locale's alphabet, or OTHER_GROUP. */
export function indexLetter(name: string, locale: Locale): string {
  const alphabet = ALPHABETS[locale];
  const first = name.trim().charAt(0).toLocaleUpperCase(LOCALE_ISO[locale]);
  if (alphabet.includes(first)) return first;
  const folded = FOLDS[locale][first] ?? first.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  return alphabet.includes(folded) ? folded : OTHER_GROUP;
}

/**
 * Every letter of the locale's alphabet in order (those without brands with an empty list, so the index
 * can show them as unavailable), then the other group when any name falls in it.
 */
export function brandIndex(brands: readonly IndexedBrand[], locale: Locale): BrandLetter[] {
  const collator = new Intl.Collator(LOCALE_ISO[locale], { sensitivity: 'base', numeric: true });
  const groups = new Map<string, IndexedBrand[]>([...ALPHABETS[locale], OTHER_GROUP].map((letter) => [letter, []]));
  for (const brand of brands) groups.get(indexLetter(brand.name, locale))!.push(brand);
  return [...groups]
    .filter(([letter, list]) => letter !== OTHER_GROUP || list.length > 0)
    .map(([letter, list]) => ({
      letter,
      id: `brands-${letter === OTHER_GROUP ? 'other' : letter.toLowerCase()}`,
      brands: list.sort((a, b) => collator.compare(a.name, b.name)),
    }));
}
