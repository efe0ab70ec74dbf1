/**
 * The shop's service worker (issue 28; spec §7 "A service worker registers at site root"), built by
 * scripts/build-client.mjs with this build's file list and messages (SW_BUILD). What it does with each
 * request is client/sw/offline-rules.ts.
 *
 * Deployments: a new worker caches its build's files on install and takes over at once, but the caches of
 * earlier builds stay while a page of theirs is open (each page tells the worker its build: its entry
 * script's address), so an open page still finds the chunks it loads later. A page whose chunk is
 * nowhere reloads once a minute at most (client/browser/chunk-failure.ts), as before.
 */
import {
  copyOf,
  keepsImage,
  localeOfPage,
  localeOfPath,
  loggedInOf,
  offlineCopy,
  readOnly,
  requestKind,
  unusedBuildCaches,
  type OfflineLocale,
} from './offline-rules';

declare const SW_BUILD: {
  version: string;
  assets: string[];
  /** The build's stylesheet, which every page shown offline wears. */
  stylesheet: string;
  /** Per locale: the offline page's path and the notice over a kept copy. */
  offline: Record<OfflineLocale, { path: string; notice: string }>;
};

/**
 * The parts of the service worker's global scope used here, typed by hand: the `webworker` library's types
 * cannot share one program with the DOM's the pages use.
 */
interface WindowClient {
  id: string;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerMessageEvent extends ExtendableEvent {
  data: unknown;
  source: WindowClient | null;
}
interface WorkerScope {
  location: Location;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<WindowClient[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const ASSET_CACHE_PREFIX = 'shop-assets-';
const ASSETS = `${ASSET_CACHE_PREFIX}${SW_BUILD.version}`;
const PAGES = 'shop-pages';
const IMAGES = 'shop-images';
/** Kept pages: the oldest go first. */
const MAX_PAGES = 60;
/** Kept pictures (a page has a few): the oldest go first. */
const MAX_IMAGES = 240;
/** Each open page's build (its entry script's address), as the page told it. */
const builds = new Map<string, string>();

worker.addEventListener('install', (event) => {
  const offlinePages = Object.values(SW_BUILD.offline).map(({ path }) => path);
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) =>
        cache.addAll([
          ...SW_BUILD.assets,
          // Made for nobody: without the shopper's cookies.
          ...offlinePages.map((path) => new Request(path, { credentials: 'omit' })),
        ]),
      )
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim().then(forgetUnusedBuilds));
});

/** Where the worker remembers whether the last page it heard from was logged in (it may be stopped between). */
const SESSION_KEY = '/__sw/logged-in';

/**
 * Each page tells the worker its build and whether a customer is logged in (so does each page's answer:
 * X-Offline-Session). A page logged out after one logged in (a logout) makes the worker forget the copies
 * that were the customer's own.
 */
worker.addEventListener('message', (event) => {
  const data = event.data as { build?: unknown; loggedIn?: unknown } | null;
  const source = event.source;
  if (source && typeof data?.build === 'string') {
    builds.set(source.id, data.build);
    event.waitUntil(forgetUnusedBuilds());
  }
  if (typeof data?.loggedIn === 'boolean') event.waitUntil(noteSession(data.loggedIn));
});

async function noteSession(loggedIn: boolean): Promise<void> {
  const cache = await caches.open(PAGES);
  const before = await (await cache.match(SESSION_KEY))?.text();
  if (before === 'true' && !loggedIn) await forgetPersonalPages();
  if (before !== String(loggedIn)) await cache.put(SESSION_KEY, new Response(String(loggedIn)));
}

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const kind = requestKind(url, worker.location.origin, request.mode);
  if (kind === 'asset') event.respondWith(fromAnyBuild(request));
  else if (kind === 'image') event.respondWith(pictureNetworkFirst(event));
  else if (kind === 'page') event.respondWith(networkFirst(event, url));
});

/** A hashed file: the same name is the same bytes in every build, so any build's copy will do. */
async function fromAnyBuild(request: Request): Promise<Response> {
  return (await caches.match(request)) ?? fetch(request);
}

async function networkFirst(event: WorkerFetchEvent, url: URL): Promise<Response> {
  const key = url.origin + url.pathname + url.search;
  try {
    const response = await fetch(event.request);
    // The session first: a logout's page forgets the personal copies before anything is kept.
    const loggedIn = loggedInOf(response.headers);
    const noted = loggedIn === null ? Promise.resolve() : noteSession(loggedIn);
    if (copyOf(response.status, response.headers)) {
      // Cloned now: the page's body is on its way to the browser once this answer is returned.
      const copy = response.clone();
      event.waitUntil(noted.then(() => keep(PAGES, key, copy, MAX_PAGES)));
    } else event.waitUntil(noted);
    return response;
  } catch (error) {
    const kept = await (await caches.open(PAGES)).match(key);
    if (kept) {
      const html = await kept.text();
      const { notice } = SW_BUILD.offline[localeOfPage(html, url.pathname)];
      const headers = withoutLength(kept.headers);
      return new Response(offlineCopy(html, notice, SW_BUILD.stylesheet), { status: 200, headers });
    }
    // This build's offline page (an earlier build's cache may still hold one that links its files).
    const offline = await (await caches.open(ASSETS)).match(SW_BUILD.offline[localeOfPath(url.pathname)].path);
    if (!offline) throw error;
    return new Response(readOnly(await offline.text(), SW_BUILD.stylesheet), {
      status: 200,
      headers: withoutLength(offline.headers),
    });
  }
}

/** A page's headers for the page as the worker changed it. */
function withoutLength(headers: Headers): Headers {
  const changed = new Headers(headers);
  changed.delete('Content-Length');
  return changed;
}

/** A picture: the network's answer (kept when public), the kept one when the network fails. */
async function pictureNetworkFirst(event: WorkerFetchEvent): Promise<Response> {
  const key = event.request.url;
  try {
    const response = await fetch(event.request);
    if (keepsImage(response.status, response.headers)) event.waitUntil(keep(IMAGES, key, response.clone(), MAX_IMAGES));
    return response;
  } catch (error) {
    const kept = await (await caches.open(IMAGES)).match(key);
    if (kept) return kept;
    throw error;
  }
}

/** Keeps an answer under `key` as the newest, the oldest going beyond `most`. */
async function keep(cacheName: string, key: string, response: Response, most: number): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.delete(key);
  await cache.put(key, response);
  const keys = (await cache.keys()).filter((request) => !request.url.endsWith(SESSION_KEY));
  for (const old of keys.slice(0, Math.max(0, keys.length - most))) await cache.delete(old);
}

/** At logout: copies of pages that were the shopper's own (the checkout's cart) go. */
async function forgetPersonalPages(): Promise<void> {
  const cache = await caches.open(PAGES);
  for (const request of await cache.keys()) {
    const kept = await cache.match(request);
    if (kept && copyOf(kept.status, kept.headers) === 'personal') await cache.delete(request);
  }
}

/** Earlier builds' caches that no open page uses; none while an open page's build is unknown. */
async function forgetUnusedBuilds(): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window' });
  const names = (await caches.keys()).filter((name) => name.startsWith(ASSET_CACHE_PREFIX));
  const unused = await unusedBuildCaches(
    names,
    ASSETS,
    windows.map((client) => builds.get(client.id)),
    async (name, entry) => (await (await caches.open(name)).match(entry)) !== undefined,
  );
  for (const name of unused) await caches.delete(name);
}
