/**
 * The back office's two languages (issue 27: Swedish and English). Swedish is the source: the English
 * file is typed against it, so a key missing there fails `npm run typecheck`. The shop's five languages
 * (locales/index.ts) are the shoppers'; staff read these.
 */
import rosetta from 'rosetta';
import sv from './sv.json';
import en from './en.json';
import type { Paths } from '../index';

export type AdminMessages = typeof sv;
export const ADMIN_LOCALES = ['sv', 'en'] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];
export type AdminKey = Paths<AdminMessages>;
export type AdminTranslate = (key: AdminKey, params?: Record<string, string | number>) => string;

const MESSAGES: Record<AdminLocale, AdminMessages> = { sv, en };

/** Intl's name of each language's locale, for dates and money in the back office. */
export const ADMIN_LOCALE_ISO: Record<AdminLocale, string> = { sv: 'sv-SE', en: 'en-GB' };

export function isAdminLocale(value: unknown): value is AdminLocale {
  return value === 'sv' || value === 'en';
}

/** A translator for one request; a key missing in English falls back to Swedish. */
export function createAdminTranslator(locale: AdminLocale): AdminTranslate {
  const i18n = rosetta<AdminMessages>({ [locale]: MESSAGES[locale], sv: MESSAGES.sv });
  i18n.locale(locale);
  return (key, params) => i18n.t(key, params) || i18n.t(key, params, 'sv');
}
