/**
 * Locale of the request (spec §4, DESIGN.md step 3): the route prefix (/da, /en, /fi, /nb; Swedish has
 * none). The edge-routing issue adds cookie and redirects; the first visit never takes the language
 * from the browser (spec §1).
 */
import { createMiddleware } from 'hono/factory';
import { createTranslator, DEFAULT_LOCALE, LOCALE_ISO, isLocale, type Locale } from '../../locales';
import type { AppEnv } from '../app-env';

/** The locale a path is in, from its first segment after the optional market prefix. */
export function localeOfPath(path: string, marketInPath: boolean): Locale {
  const segments = path.split('/').filter(Boolean);
  const candidate = marketInPath ? segments[1] : segments[0];
  return isLocale(candidate) && candidate !== DEFAULT_LOCALE ? candidate : DEFAULT_LOCALE;
}

export function localeSelection() {
  return createMiddleware<AppEnv>(async function localeSelection(c, next) {
    const locale = localeOfPath(c.req.path, c.var.config.marketInPath);
    c.set('locale', locale);
    c.set('languageId', LOCALE_ISO[locale]);
    c.set('t', createTranslator(locale));
    await next();
  });
}
