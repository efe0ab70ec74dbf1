/**
 * The page's live parts (issue 28): while the page is visible, a graphql-ws socket to the room its
 * `[data-live-kind]` element names (client/views/components/LiveSubject.tsx), with the spec's connection
 * parameters (§7: `Authorization`, here the page's live token) and retry rules (live-timing.ts). An answer
 * whose state differs from the page's (core/live/subscriptions.ts) renders the page's `[data-live-region]`
 * parts anew from the server, so the words, prices and buttons are the server's own, in the shopper's
 * language. Hidden, the socket closes: a room costs nothing while nobody looks (live/live-room.ts). A login
 * or logout in another tab starts it again with the page's new token (spec §4).
 */
import { createClient, type Client } from 'graphql-ws';
import { LIVE_REFRESH_HEADER, LIVE_SUBSCRIPTIONS, liveStateOf, type LiveRoomKind } from '../../core/live/subscriptions';
import { readShopScope } from '../store/scope';
import { subscribe } from '../store/channel';
import { countItems, showCartCountNow } from './cart-count';
import { LIVE_TIMEOUT_MS, liveRetryDelay } from './live-timing';

/** Set on the live element while a socket is open (tests and the bench read it). */
const OPEN_ATTRIBUTE = 'data-live-open';

function socketUrl(url: string): string {
  const absolute = new URL(url, location.href);
  if (absolute.protocol === 'http:') absolute.protocol = 'ws:';
  if (absolute.protocol === 'https:') absolute.protocol = 'wss:';
  return absolute.href;
}

/** What a shopper types in: a live region holding the focus in one of these waits for them. */
const TYPING = 'input, textarea, select, [contenteditable]';

let refreshing: Promise<void> | null = null;
let refreshAgain = false;

/** Renders the page's live regions anew: the page as the server renders it now, past any kept copy. */
async function refreshRegions(element: HTMLElement): Promise<void> {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      const response = await fetch(location.href, {
        headers: { [LIVE_REFRESH_HEADER]: '1' },
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      for (const region of document.querySelectorAll<HTMLElement>('[data-live-region]')) {
        const fresh = page.querySelector(`[data-live-region="${region.dataset.liveRegion}"]`);
        // The page has changed shape (a cart ordered or emptied in another browser): the whole page anew.
        if (!fresh) return location.reload();
        // A region the shopper is typing in stays as it is until they are done.
        const active = document.activeElement;
        const focused = active && region.contains(active) ? active : null;
        // A field the shopper is typing in stays as it is; the region is renewed once they leave it.
        if (focused?.matches(TYPING)) {
          focused.addEventListener('blur', () => void refreshRegions(element).catch(() => undefined), { once: true });
          continue;
        }
        const replacement = document.importNode(fresh, true) as HTMLElement;
        // What the shopper opened stays open (an order's details on my pages), and the focus where it was.
        const details = [...region.querySelectorAll('details')];
        const opened = details.map((each) => each.open);
        const focusedDetails = focused ? details.findIndex((each) => each.querySelector('summary') === focused) : -1;
        replacement.querySelectorAll('details').forEach((each, index) => {
          if (opened[index]) each.open = true;
          if (index === focusedDetails) requestAnimationFrame(() => each.querySelector('summary')?.focus());
        });
        region.replaceWith(replacement);
      }
      const state = page.querySelector<HTMLElement>('[data-live-kind]')?.dataset.liveState;
      if (state) element.dataset.liveState = state;
    } while (refreshAgain);
  })().finally(() => (refreshing = null));
  return refreshing;
}

/** Starts the page's live parts; call once, with the page's live element. */
export function startLive(element: HTMLElement): void {
  const kind = element.dataset.liveKind as LiveRoomKind;
  const query = LIVE_SUBSCRIPTIONS[kind];
  if (!query || !element.dataset.liveUrl) return;
  const scope = readShopScope();
  let variables: Record<string, unknown>;
  try {
    variables = {
      channelId: scope.channelId,
      languageId: scope.languageId,
      marketId: scope.checkoutRoute ? scope.checkoutMarketId : scope.marketId,
      ...JSON.parse(element.dataset.liveVariables ?? '{}'),
    };
  } catch {
    return;
  }
  let client: Client | null = null;
  let unsubscribe: (() => void) | null = null;

  const onAnswer = (data: unknown) => {
    const state = liveStateOf(kind, data);
    if (state === null || state === element.dataset.liveState) return;
    // A page rendered without a state takes the first answer as what it shows.
    if (!element.dataset.liveState) {
      element.dataset.liveState = state;
      return;
    }
    if (kind === 'cart') showCartCountNow(countItems(Object.values(data as object)[0]));
    void refreshRegions(element).catch(() => undefined);
  };

  const open = () => {
    if (client) return;
    client = createClient({
      url: socketUrl(element.dataset.liveUrl!),
      lazy: true,
      connectionParams: () => {
        const token = document.querySelector<HTMLElement>('[data-live-kind]')?.dataset.liveToken;
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
      connectionAckWaitTimeout: LIVE_TIMEOUT_MS,
      retryAttempts: Infinity,
      shouldRetry: () => true,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, liveRetryDelay(retries))),
      // Pings the runtime answers without waking the room, so proxies keep an idle socket open.
      keepAlive: 25_000,
      on: {
        connected: () => element.setAttribute(OPEN_ATTRIBUTE, ''),
        closed: () => element.removeAttribute(OPEN_ATTRIBUTE),
      },
    });
    unsubscribe = client.subscribe(
      { query, variables },
      { next: (result) => onAnswer(result.data), error: () => undefined, complete: () => undefined },
    );
  };

  const close = () => {
    unsubscribe?.();
    void client?.dispose();
    client = unsubscribe = null;
    element.removeAttribute(OPEN_ATTRIBUTE);
  };

  document.addEventListener('visibilitychange', () => (document.visibilityState === 'visible' ? open() : close()));
  // Spec §4: a login or logout reconnects the socket (with the token of the page the tab follows to).
  subscribe('auth', () => {
    close();
    if (document.visibilityState === 'visible') open();
  });
  if (document.visibilityState === 'visible') open();
}
