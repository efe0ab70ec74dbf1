/**
 * The one error page (spec §2, §8): unknown paths render the localized 404 page with status 404; any
 * other failure renders the generic error page with its status and no internals. If even that fails,
 * a minimal page says so, with a link home.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { createTranslator, LOCALE_ISO, type Translate } from '../../locales';
import { ErrorPage } from '../../client/views/pages/ErrorPage';
import { shellVariables, type AppEnv } from '../app-env';
import { pageRenderer, pageTitle, renderPage } from './renderer';
import { localeOfPath } from '../urls/request';

/** Makes sure the translator exists even when the failure came before the locale middleware. */
function ensureLocale(c: Context<AppEnv>): Translate {
  const vars = shellVariables(c);
  if (vars.t !== undefined) return vars.t;
  const locale = localeOfPath(c.req.path, vars.config?.marketInPath ?? false);
  c.set('locale', locale);
  c.set('languageId', LOCALE_ISO[locale]);
  const t = createTranslator(locale);
  c.set('t', t);
  return t;
}

/**
 * Sets up the page renderer when the failure came before it: only an invalid configuration fails that
 * early (the config middleware runs first), so neither the security headers nor the renderer ran.
 */
async function ensureRenderer(c: Context<AppEnv>): Promise<void> {
  if (shellVariables(c).config !== undefined) return;
  await pageRenderer()(c, async () => {});
}

async function renderErrorPage(c: Context<AppEnv>, status: number): Promise<Response> {
  await ensureRenderer(c);
  const t = ensureLocale(c);
  const title = status === 404 ? t('errors.notFoundTitle') : t('errors.title');
  try {
    return await renderPage(c, <ErrorPage status={status} />, { title: pageTitle(c, title), status, prerender: true });
  } catch (error) {
    console.error('An error occurred while showing the error page', error);
    return new Response(
      '<!doctype html><meta charset="utf-8"><title>Error</title><p>An error occurred while showing the error page.</p><p><a href="/">Home</a></p>',
      { status, headers: { 'Content-Type': 'text/html; charset=UTF-8' } },
    );
  }
}

export const notFound: NotFoundHandler<AppEnv> = function notFound(c) {
  return renderErrorPage(c, 404);
};

export const onError: ErrorHandler<AppEnv> = function onError(error, c) {
  const status = error instanceof HTTPException ? error.status : 500;
  if (status >= 500) console.error('request failed', c.req.method, c.req.path, error);
  return renderErrorPage(c, status);
};
