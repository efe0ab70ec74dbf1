/**
 * Plural categories with one `Intl.PluralRules` per language for the isolate's life: creating one costs
 * far more than asking it, and a list page asks for every filter value. No messages in here, so islands
 * may import it without pulling the locale files into the browser.
 */
const RULES = new Map<string, Intl.PluralRules>();

/** 'one' or 'other' for `count` in the language `localeIso` (e.g. 'sv-SE'). */
export function pluralCategory(localeIso: string, count: number): 'one' | 'other' {
  let rules = RULES.get(localeIso);
  if (!rules) {
    rules = new Intl.PluralRules(localeIso);
    RULES.set(localeIso, rules);
  }
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/** 'zero' for no items, else the language's 'one' or 'other' (messages with zero/one/other forms). */
export function countForm(localeIso: string, count: number): 'zero' | 'one' | 'other' {
  return count === 0 ? 'zero' : pluralCategory(localeIso, count);
}
