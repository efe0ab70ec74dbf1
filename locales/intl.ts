/**
 * Intl formatters kept for the isolate's life, by language and options: creating one costs far more than
 * using it, and a page formats many numbers and dates. Immutable, so sharing them is safe.
 */
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(localeIso: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${localeIso}|${JSON.stringify(options)}`;
  let format = NUMBER_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeIso, options);
    NUMBER_FORMATS.set(key, format);
  }
  return format;
}

export function dateTimeFormat(localeIso: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${localeIso}|${JSON.stringify(options)}`;
  let format = DATE_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeIso, options);
    DATE_FORMATS.set(key, format);
  }
  return format;
}
