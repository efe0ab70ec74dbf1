/**
 * What the service worker (client/sw/sw.ts) does with a request (issue 28), as plain functions it and the
 * unit tests share. The network always answers first; the worker only keeps copies for when it cannot.
 * - The build's content-hashed files (/assets/…): from any build's cache first (an open page of the build
 *   before keeps loading its chunks after a deployment), else the network.
 * - A page the shop marked as one to keep (`X-Offline-Copy: public` for catalog and content pages,
 *   `personal` for the checkout's cart): kept when it answers, shown from that copy, read-only and with the
 *   notice, when the network fails. Personal copies go at logout.
 * - Every other request (the API, forms, the back office, my pages, payments): the network only.
 */

export type OfflineLocale = 'sv' | 'da' | 'en' | 'fi' | 'nb';
const LOCALES: readonly OfflineLocale[] = ['sv', 'da', 'en', 'fi', 'nb'];

import { OFFLINE_COPY_HEADER, type OfflineCopy } from '../../core/offline';

export type RequestKind = 'asset' | 'page' | 'network';

/** How the worker treats a GET of `url` (its own origin's only) made as `mode`. */
export function requestKind(url: URL, origin: string, mode: string): RequestKind {
  if (url.origin !== origin) return 'network';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (mode === 'navigate' && !/^\/(?:admin|api|graphql|_dev|__bench)(?:\/|$)/.test(url.pathname)) return 'page';
  return 'network';
}

/** Whether a page's answer may be kept as an offline copy, and as which kind. */
export function copyOf(status: number, headers: Headers): OfflineCopy | null {
  if (status !== 200 || !(headers.get('Content-Type') ?? '').includes('text/html')) return null;
  const copy = headers.get(OFFLINE_COPY_HEADER);
  return copy === 'public' || copy === 'personal' ? copy : null;
}

/** The language of a page's path: its locale prefix (`/en/…`, or `/se/en/…` with markets in the path). */
export function localeOfPath(pathname: string): OfflineLocale {
  const [first, second] = pathname.split('/').filter(Boolean);
  for (const segment of [first, second])
    if (LOCALES.includes(segment as OfflineLocale)) return segment as OfflineLocale;
  return 'sv';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/**
 * A kept page as it is shown offline: marked offline on <html> (the stylesheet makes its forms read-only)
 * with the notice first in <body>.
 */
export function offlineCopy(html: string, notice: string): string {
  const marked = html.replace(/<html(\s|>)/i, '<html data-offline=""$1');
  return marked.replace(/<body([^>]*)>/i, `<body$1><p class="offline-notice" role="status">${escapeHtml(notice)}</p>`);
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
