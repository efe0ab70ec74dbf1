/**
 * What a page says and does about cookie consent (issue 12; spec §3 'Cookie consent'). There is something
 * to consent to only when a tag manager is configured (`GTM_ID`). The shopper's own choice is the
 * `ralph-consent` cookie. A browser that sends Do Not Track (`DNT: 1`) or Global Privacy Control
 * (`Sec-GPC: 1`, https://privacycg.github.io/gpc-spec/) has already said no: the shop honours that as a
 * standing "only necessary" (the tag manager never loads with it, client/browser/analytics.ts), so the
 * banner does not ask for what would not be used, and the footer says why instead.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ConsentChoice } from '../../client/views/components/chrome-data';
import { shellVariables, type AppEnv } from '../app-env';
import { CONSENT_COOKIE } from '../session/cookies';

/** The request headers that say no to tracking; a page that reads them varies by them. */
const PRIVACY_SIGNAL_HEADERS = ['DNT', 'Sec-GPC'] as const;

export interface ConsentState {
  /** A tag manager is configured: there is something to consent to. */
  offered: boolean;
  /** The browser refuses tracking (Do Not Track or Global Privacy Control), with a tag manager configured. */
  refusedByBrowser: boolean;
  /** The shopper's own choice, or null before they made one (or with a cookie that is not a choice). */
  choice: ConsentChoice | null;
}

/** This request's consent: the configuration, the browser's signals and the shopper's cookie. */
export function consentStateOf(c: Context<AppEnv>): ConsentState {
  const offered = Boolean(shellVariables(c).config?.gtmId);
  const value = getCookie(c, CONSENT_COOKIE);
  const choice = value === 'accepted' || value === 'rejected' ? value : null;
  if (!offered) return { offered, refusedByBrowser: false, choice };
  // The same address answers with or without the banner: a cache between must keep them apart.
  c.header('Vary', PRIVACY_SIGNAL_HEADERS.join(', '), { append: true });
  const refusedByBrowser = PRIVACY_SIGNAL_HEADERS.some((name) => c.req.header(name)?.trim() === '1');
  return { offered, refusedByBrowser, choice };
}

/** What the analytics data layer may do: the browser's no wins over a yes given before it. */
export function effectiveConsent(state: ConsentState): ConsentChoice | null {
  return state.refusedByBrowser ? 'rejected' : state.choice;
}

/** The request the page cache renders for everyone carries no privacy signal (its banner asks). */
export function withoutPrivacySignals(headers: Headers): void {
  for (const name of PRIVACY_SIGNAL_HEADERS) headers.delete(name);
}
