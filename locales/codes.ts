/** The shop's locales (spec §3), in a module of their own so that browser code can read them without the messages. */
export const LOCALES = ['sv', 'da', 'en', 'fi', 'nb'] as const;
export type Locale = (typeof LOCALES)[number];
