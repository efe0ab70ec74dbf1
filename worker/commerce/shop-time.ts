/**
 * The shop's clock (Europe/Stockholm): where its days begin and end (a withdrawal period's last day), and
 * how a date or a time is told to the shopper in their language, on pages and in mails alike. The
 * formatters are made once per language and style: Intl.DateTimeFormat is costly to construct.
 */

/** The shop's time zone: days begin and end at midnight here. */
export const SHOP_TIME_ZONE = 'Europe/Stockholm';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date ('26 november 2026'), or a date and time, in `languageId` on the shop's clock. */
export function shopDateTime(languageId: string, when: string | Date, withTime = false): string {
  const key = `${languageId}|${withTime}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(languageId, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone: SHOP_TIME_ZONE,
    });
    formatters.set(key, format);
  }
  return format.format(new Date(when));
}
