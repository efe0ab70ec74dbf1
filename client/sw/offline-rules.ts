/**
 * What the service worker (client/sw/sw.ts) does with a request (issue 28), as plain functions it and the
 * unit tests share. The network always answers first; the worker only keeps copies for when it cannot.
 * - The build's content-hashed files (/assets/…): from any build's cache first (an open page of the build
 *   before keeps loading its chunks after a deployment), else the network.
 * - A page the shop marked as one to keep (`X-Offline-Copy: public` for catalog and content pages seen
 *   logged out, `personal` for the checkout's cart and pages a customer saw logged in): kept when it
 *   answers, shown from that copy, read-only and with the notice, when the network fails. Personal copies
 *   go at logout (docs/decisions/026).
 * - The catalog's pictures (/images/…, public to everyone): kept as they answer, so a page seen offline
 *   shows its pictures; from the network whenever it answers.
 * - Every other request (the API, forms, the back office, my pages, payments): the network only.
 */
import { OFFLINE_COPY_HEADER, OFFLINE_SESSION_HEADER, type OfflineCopy } from '../../core/offline';

export type OfflineLocale = 'sv' | 'da' | 'en' | 'fi' | 'nb';
const LOCALES: readonly OfflineLocale[] = ['sv', 'da', 'en', 'fi', 'nb'];

export type RequestKind = 'asset' | 'page' | 'image' | 'network';

/** How the worker treats a GET of `url` (its own origin's only) made as `mode`. */
export function requestKind(url: URL, origin: string, mode: string): RequestKind {
  if (url.origin !== origin) return 'network';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (url.pathname.startsWith('/images/') && mode !== 'navigate') return 'image';
  if (mode === 'navigate' && !/^\/(?:admin|api|graphql|images|_dev|__bench)(?:\/|$)/.test(url.pathname)) return 'page';
  return 'network';
}

/** Whether a picture's answer may be kept: a whole, public one (never a partial or a private answer). */
export function keepsImage(status: number, headers: Headers): boolean {
  const cacheControl = headers.get('Cache-Control') ?? '';
  return (
    status === 200 && (headers.get('Content-Type') ?? '').startsWith('image/') && !/no-store|private/.test(cacheControl)
  );
}

/**
 * Whether a page's answer says a customer is logged in (`X-Offline-Session`), or null when it does not
 * say: the worker notes it on every page, so a logout's next page forgets the personal copies at once,
 * script or none.
 */
export function loggedInOf(headers: Headers): boolean | null {
  const session = headers.get(OFFLINE_SESSION_HEADER);
  return session === 'customer' ? true : session === 'guest' ? false : null;
}

/** Whether a page's answer may be kept as an offline copy, and as which kind. */
export function copyOf(status: number, headers: Headers): OfflineCopy | null {
  if (status !== 200 || !(headers.get('Content-Type') ?? '').includes('text/html')) return null;
  const copy = headers.get(OFFLINE_COPY_HEADER);
  return copy === 'public' || copy === 'personal' ? copy : null;
}

const isOfflineLocale = (tag: string): tag is OfflineLocale => LOCALES.includes(tag as OfflineLocale);

/** The language of a page's path: its locale prefix (`/en/…`, or `/se/en/…` with markets in the path). */
export function localeOfPath(pathname: string): OfflineLocale {
  const [first, second] = pathname.split('/').filter(Boolean);
  // With the market in the path the language comes second (/fi/sv/…: Swedish in Finland), else first.
  for (const segment of [second, first]) if (segment && isOfflineLocale(segment)) return segment;
  return 'sv';
}

/** The language a kept page was written in: its `<html lang>` (`sv`, `nb-NO`…), else its path's. */
export function localeOfPage(html: string, pathname: string): OfflineLocale {
  const lang = /<html\b[^>]*\blang="([a-z]{2})\b/i.exec(html)?.[1]?.toLowerCase();
  return lang && isOfflineLocale(lang) ? lang : localeOfPath(pathname);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/**
 * A page as the worker shows it offline: read-only. Marked offline on <html> (the stylesheet greys its
 * forms), every form inert (neither a pointer nor the keyboard reaches it: nothing is bought, sent or
 * searched), without its page script (React's inline parts stay), so no island wakes to ask the network and
 * change what the copy shows, and dressed in this build's stylesheet: a copy kept before a deployment
 * outlives its own build's files. Once the browser is online again the page asks for itself again
 * (BACK_ONLINE_SCRIPT, with the page's own nonce, which its kept Content-Security-Policy allows), so the
 * notice and the read-only copy do not outstay the network.
 */
export function readOnly(html: string, stylesheet: string): string {
  const nonce = /\snonce="([^"]+)"/.exec(html)?.[1];
  const copy = html
    .replace(/<html(\s|>)/i, '<html data-offline=""$1')
    .replace(/<form(\s|>)/gi, '<form inert=""$1')
    .replace(/<script\b[^>]*\ssrc=[^>]*>\s*<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
    .replace(/(<link\b[^>]*\brel="stylesheet"[^>]*\bhref=")\/assets\/[^"]+\.css"/i, `$1${stylesheet}"`);
  return nonce ? copy.replace(/<\/body>/i, `<script nonce="${nonce}">${BACK_ONLINE_SCRIPT}</script></body>`) : copy;
}

/**
 * What a page shown offline runs: back online, it is loaded again from the network, a second later: the
 * browser tells the page first, and a reload at that very moment could still meet the worker offline and
 * bring the copy back, with no second `online` to come.
 */
export const BACK_ONLINE_SCRIPT = "addEventListener('online',()=>setTimeout(()=>location.reload(),1000),{once:true})";

/** A kept page as it is shown offline: read-only, with the notice first in <body>. */
export function offlineCopy(html: string, notice: string, stylesheet: string): string {
  return readOnly(html, stylesheet).replace(
    /<body([^>]*)>/i,
    `<body$1><p class="offline-notice" role="status">${escapeHtml(notice)}</p>`,
  );
}

/**
 * Which earlier builds' caches may go: those no open page uses. `pages` is each open page's build entry
 * (undefined: the page has not said; then nothing goes, as it may be an earlier build's), `holds(cache,
 * entry)` whether a build's cache has that entry. The current build's cache always stays.
 */
export async function unusedBuildCaches(
  caches: readonly string[],
  current: string,
  pages: readonly (string | undefined)[],
  holds: (cache: string, entry: string) => Promise<boolean>,
): Promise<string[]> {
  if (pages.some((entry) => entry === undefined)) return [];
  const unused: string[] = [];
  for (const cache of caches) {
    if (cache === current) continue;
    const used = await Promise.all(pages.map((entry) => holds(cache, entry!)));
    if (!used.includes(true)) unused.push(cache);
  }
  return unused;
}
