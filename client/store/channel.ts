/**
 * Cross-tab messages (spec §4, issue 6 contract 3) on the BroadcastChannel `ralph_channel`:
 * `{ type: 'cart' | 'auth' | 'market' | 'checkout-market', data }`. `cart` sets the cart, `auth` the user,
 * `market` the current market and `checkout-market` the checkout market in every other tab.
 *
 * `subscribe` hears the OTHER tabs only (a BroadcastChannel never delivers to its own sender); a tab's
 * stores update themselves directly. `watch` hears both: for parts of the page, such as the header's
 * counter, that show a state without owning its store.
 */

export const CHANNEL_NAME = 'ralph_channel';

export const MESSAGE_TYPES = ['cart', 'auth', 'market', 'checkout-market'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface ChannelMessage {
  type: MessageType;
  data: unknown;
}

type Listener = (data: unknown) => void;

/** The message an event carries, or null when it is not one of ours. */
export function parseMessage(value: unknown): ChannelMessage | null {
  if (!value || typeof value !== 'object') return null;
  const { type, data } = value as { type?: unknown; data?: unknown };
  if (!(MESSAGE_TYPES as readonly unknown[]).includes(type)) return null;
  return { type: type as MessageType, data: data ?? null };
}

/** The part of BroadcastChannel a hub uses; tests pass their own. */
export interface ChannelPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** A message hub over one port: other tabs' messages for `subscribe` and `watch`, own ones for `watch`. */
export function createChannelHub(port: ChannelPort | null) {
  const remote = new Map<MessageType, Set<Listener>>();
  const local = new Map<MessageType, Set<Listener>>();
  const listenersOf = (map: Map<MessageType, Set<Listener>>, type: MessageType) => {
    let set = map.get(type);
    if (!set) map.set(type, (set = new Set()));
    return set;
  };
  const deliver = (set: Set<Listener> | undefined, data: unknown) => {
    for (const listener of [...(set ?? [])]) {
      try {
        listener(data);
      } catch (error) {
        console.error('channel listener failed', error);
      }
    }
  };
  port?.addEventListener('message', (event) => {
    const message = parseMessage(event.data);
    if (!message) return;
    deliver(remote.get(message.type), message.data);
    deliver(local.get(message.type), message.data);
  });
  return {
    publish(type: MessageType, data: unknown): void {
      try {
        port?.postMessage({ type, data } satisfies ChannelMessage);
      } catch (error) {
        // Data that cannot be cloned is a bug in the caller, but must never break the page.
        console.error('channel publish failed', error);
      }
      deliver(local.get(type), data);
    },
    subscribe(type: MessageType, fn: Listener): () => void {
      listenersOf(remote, type).add(fn);
      return () => void listenersOf(remote, type).delete(fn);
    },
    watch(type: MessageType, fn: Listener): () => void {
      listenersOf(local, type).add(fn);
      return () => void listenersOf(local, type).delete(fn);
    },
  };
}

export type ChannelHub = ReturnType<typeof createChannelHub>;

let hub: ChannelHub | undefined;

function pageHub(): ChannelHub {
  hub ??= createChannelHub(typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME));
  return hub;
}

/** Tells the other tabs (and this tab's watchers) that `type` changed to `data`. */
export function publish(type: MessageType, data: unknown): void {
  pageHub().publish(type, data);
}

/** Calls `fn` with the data of each `type` message from another tab; returns the unsubscribe. */
export function subscribe(type: MessageType, fn: (data: unknown) => void): () => void {
  return pageHub().subscribe(type, fn);
}

/** Calls `fn` for each `type` message from any tab, this one included; returns the unsubscribe. */
export function watch(type: MessageType, fn: (data: unknown) => void): () => void {
  return pageHub().watch(type, fn);
}
