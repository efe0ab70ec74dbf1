// Spec §4: user and market are shared between tabs on `ralph_channel` (client/store/tab-sync.ts).
import { describe, expect, test } from 'vitest';
import { createChannelHub, type ChannelPort } from '../../client/store/channel';
import { parseShopScope, type ShopScope } from '../../client/store/scope';
import { syncTabs, TAB_STATE_KEY } from '../../client/store/tab-sync';

/** Two tabs' ports joined like a BroadcastChannel: a message reaches the other port, never its sender. */
function joinedPorts(): [ChannelPort, ChannelPort] {
  const listeners: ((event: MessageEvent) => void)[][] = [[], []];
  const port = (own: number): ChannelPort => ({
    postMessage: (message) =>
      listeners[1 - own]!.forEach((listener) => listener({ data: structuredClone(message) } as MessageEvent)),
    addEventListener: (_type, listener) => void listeners[own]!.push(listener),
  });
  return [port(0), port(1)];
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  } as Storage;
}

function scope(overrides: Partial<ShopScope>): ShopScope {
  return { ...parseShopScope('{}'), ...overrides };
}

/** Opens a page in tab `index` of a browser with shared storage; returns how often it reloaded. */
function openPage(port: ChannelPort, storage: Storage | null, pageScope: ShopScope) {
  const reloads = { count: 0 };
  syncTabs(pageScope, createChannelHub(port), storage, () => reloads.count++);
  return reloads;
}

describe('market and login are shared between tabs', () => {
  test('a page that shows a new market makes the other tab load its page again', () => {
    const storage = memoryStorage();
    const [first, second] = joinedPorts();
    const other = openPage(first, storage, scope({ marketId: '1|se', checkoutMarketId: '1|se' }));
    openPage(second, storage, scope({ marketId: '1|fi', checkoutMarketId: '1|fi' }));
    expect(other.count).toBe(1);
    expect(JSON.parse(storage.getItem(TAB_STATE_KEY)!)).toMatchObject({ market: '1|fi' });
  });

  test('a checkout page in a new checkout market makes the other tab load its page again; the current market is not announced', () => {
    const storage = memoryStorage();
    const [first, second] = joinedPorts();
    const heard: string[] = [];
    const hub = createChannelHub(first);
    for (const type of ['market', 'checkout-market'] as const) hub.subscribe(type, () => heard.push(type));
    const other = openPage(first, storage, scope({ marketId: '1|se', checkoutMarketId: '1|se' }));
    openPage(second, storage, scope({ marketId: '1|se', checkoutMarketId: '1|fi', checkoutRoute: true }));
    expect(heard).toEqual(['checkout-market']);
    expect(other.count).toBe(1);
    expect(JSON.parse(storage.getItem(TAB_STATE_KEY)!)).toEqual({
      market: '1|se',
      checkoutMarket: '1|fi',
      loggedIn: false,
    });
  });

  test('logging in in one tab reloads the other; an unchanged page tells nobody', () => {
    const storage = memoryStorage();
    const [first, second] = joinedPorts();
    const other = openPage(first, storage, scope({ loggedIn: false }));
    openPage(second, storage, scope({ loggedIn: false }));
    expect(other.count).toBe(0);
    openPage(second, storage, scope({ loggedIn: true }));
    expect(other.count).toBe(1);
  });

  test('a login elsewhere is followed in place when the page can, by a new page when it cannot (issue 13)', async () => {
    const storage = memoryStorage();
    const [first, second] = joinedPorts();
    const followed: boolean[] = [];
    let inPlace = true;
    const reloads = { count: 0 };
    syncTabs(
      scope({ loggedIn: false }),
      createChannelHub(first),
      storage,
      () => reloads.count++,
      (loggedIn) => {
        followed.push(loggedIn);
        return Promise.resolve(inPlace);
      },
    );
    openPage(second, storage, scope({ loggedIn: false }));
    openPage(second, storage, scope({ loggedIn: true }));
    await Promise.resolve();
    expect(followed).toEqual([true]);
    expect(reloads.count).toBe(0);
    // The same state again changes nothing; a logout the page cannot show in place loads a new page.
    openPage(second, storage, scope({ loggedIn: true }));
    inPlace = false;
    openPage(second, storage, scope({ loggedIn: false }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(followed).toEqual([true, false]);
    expect(reloads.count).toBe(1);
  });

  test('the first page of a browser announces nothing', () => {
    const [first, second] = joinedPorts();
    const other = openPage(first, null, scope({ marketId: '1|se' }));
    openPage(second, memoryStorage(), scope({ marketId: '1|dk' }));
    expect(other.count).toBe(0);
  });

  test('with markets in the path, a tab keeps the market its URL names', () => {
    const storage = memoryStorage();
    const [first, second] = joinedPorts();
    const other = openPage(first, storage, scope({ marketId: '1|se', marketInPath: true }));
    openPage(second, storage, scope({ marketId: '1|dk', marketInPath: true }));
    expect(other.count).toBe(0);
  });

  test('malformed messages change nothing', () => {
    const [first, second] = joinedPorts();
    const other = openPage(first, null, scope({ marketId: '1|se' }));
    const hub = createChannelHub(second);
    hub.publish('market', 'fi');
    hub.publish('auth', { loggedIn: 'yes' });
    hub.publish('checkout-market', null);
    expect(other.count).toBe(0);
  });
});
