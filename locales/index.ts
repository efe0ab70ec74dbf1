/**
 * The shop's five languages (spec §1, §3) and their messages. Swedish is the source and the fallback:
 * every other file is typed against it, so a key missing in any language fails `npm run typecheck`.
 */
import rosetta from 'rosetta';
import sv from './sv.json';
import da from './da.json';
import en from './en.json';
import fi from './fi.json';
import nb from './nb.json';
import { countForm } from './plural';

export type Messages = typeof sv;

import { LOCALES, type Locale } from './codes';
export { LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = 'sv';

/** Locale code to the iso the commerce API takes as `languageId` (spec §3 Locale). */
export const LOCALE_ISO: Record<Locale, string> = {
  sv: 'sv-SE',
  da: 'da-DK',
  en: 'en-US',
  fi: 'fi-FI',
  nb: 'nb-NO',
};

const MESSAGES: Record<Locale, Messages> = { sv, da, en, fi, nb };

/** Dot paths of every message in the source file, e.g. 'errors.title'. */
export type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Paths<Messages>;

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Every language's messages in one rosetta, always asked with the language: no module holds a "current
 * locale". A key missing in the language falls back to Swedish.
 */
const i18n = rosetta<Messages>({ ...MESSAGES });

/**
 * Messages without parameters, per language, looked up once per isolate: they never change, and a page
 * asks for a hundred of them (each lookup walks the key's path and runs the template). Remembered per
 * request before, which made a page's first render a third dearer than the next.
 */
const PLAIN_MESSAGES = new Map<Locale, Map<string, string>>();
/** More keys than the messages have (a key built from data that names none): start over. */
const MAX_PLAIN_MESSAGES = 10_000;

function plainMessages(locale: Locale): Map<string, string> {
  let plain = PLAIN_MESSAGES.get(locale);
  if (!plain) PLAIN_MESSAGES.set(locale, (plain = new Map()));
  return plain;
}

/** A translator for `locale` (a request's). */
export function createTranslator(locale: Locale): Translate {
  const plain = plainMessages(locale);
  return (key, params) => {
    if (params) return i18n.t(key, params, locale) || i18n.t(key, params, 'sv');
    let text = plain.get(key);
    if (text === undefined) {
      text = i18n.t(key, undefined, locale) || i18n.t(key, undefined, 'sv');
      if (plain.size >= MAX_PLAIN_MESSAGES) plain.clear();
      plain.set(key, text);
    }
    return text;
  };
}

/** Plural category of `count` in `locale`, for messages with zero/one/other forms. */
export function pluralKey(locale: Locale, count: number): 'zero' | 'one' | 'other' {
  return countForm(LOCALE_ISO[locale], count);
}

/** The locale of an API languageId ('fi-FI' or 'fi'), Swedish when unknown. */
export function localeOfLanguageId(languageId: string | null | undefined): Locale {
  return LOCALES.find((locale) => LOCALE_ISO[locale] === languageId || locale === languageId) ?? DEFAULT_LOCALE;
}
