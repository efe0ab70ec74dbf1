import { describe, expect, test } from 'vitest';
import { createChannelHub, parseMessage, type ChannelPort } from '../../client/store/channel';
import { withScope } from '../../client/store/graphql';
import { parseShopScope, cartMarketId } from '../../client/store/scope';

/** Two tabs' ports on one fake BroadcastChannel: a message reaches every port but its sender. */
function fakeChannel() {
  const ports: { listeners: ((event: MessageEvent) => void)[]; port: ChannelPort }[] = [];
  const open = () => {
    const entry = { listeners: [] as ((event: MessageEvent) => void)[], port: undefined as unknown as ChannelPort };
    entry.port = {
      postMessage: (message) => {
        for (const other of ports)
          if (other !== entry)
            for (const listener of other.listeners) listener({ data: structuredClone(message) } as MessageEvent);
      },
      addEventListener: (_type, listener) => void entry.listeners.push(listener),
    };
    ports.push(entry);
    return entry.port;
  };
  return { open };
}

describe('the cross-tab channel ralph_channel (spec §4)', () => {
  test("a cart published in one tab reaches the other tab's subscribers, not its own", () => {
    const channel = fakeChannel();
    const tabA = createChannelHub(channel.open());
    const tabB = createChannelHub(channel.open());
    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    tabA.subscribe('cart', (data) => heardA.push(data));
    tabB.subscribe('cart', (data) => heardB.push(data));
    tabA.publish('cart', { id: 'x', items: [{ quantity: 2 }] });
    expect(heardB).toEqual([{ id: 'x', items: [{ quantity: 2 }] }]);
    expect(heardA).toEqual([]);
  });

  test("watchers hear their own tab's messages too, and only the type they asked for", () => {
    const channel = fakeChannel();
    const tabA = createChannelHub(channel.open());
    const tabB = createChannelHub(channel.open());
    const watchedA: unknown[] = [];
    const watchedB: unknown[] = [];
    tabA.watch('cart', (data) => watchedA.push(data));
    tabB.watch('cart', (data) => watchedB.push(data));
    tabA.publish('cart', null);
    tabA.publish('market', { alias: 'fi' });
    expect(watchedA).toEqual([null]);
    expect(watchedB).toEqual([null]);
  });

  test('unsubscribing stops the messages; messages of other shapes are ignored', () => {
    const channel = fakeChannel();
    const tabA = createChannelHub(channel.open());
    const port = channel.open();
    const tabB = createChannelHub(port);
    const heard: unknown[] = [];
    const stop = tabB.subscribe('auth', (data) => heard.push(data));
    tabA.publish('auth', { loggedIn: true });
    stop();
    tabA.publish('auth', { loggedIn: false });
    expect(heard).toEqual([{ loggedIn: true }]);
    expect(parseMessage({ type: 'unknown', data: 1 })).toBeNull();
    expect(parseMessage('cart')).toBeNull();
    expect(parseMessage({ type: 'checkout-market' })).toEqual({ type: 'checkout-market', data: null });
  });

  test('a hub without BroadcastChannel still serves its own tab', () => {
    const hub = createChannelHub(null);
    const heard: unknown[] = [];
    hub.watch('cart', (data) => heard.push(data));
    hub.publish('cart', { id: 'y' });
    expect(heard).toEqual([{ id: 'y' }]);
  });
});

describe('the shop scope in the browser', () => {
  test('every operation gets channelId, languageId and marketId unless it gives its own', () => {
    const scope = { channelId: '1|se', languageId: 'en-US', marketId: '1|se' };
    expect(withScope({ id: 'c' }, scope)).toEqual({
      id: 'c',
      channelId: '1|se',
      languageId: 'en-US',
      marketId: '1|se',
    });
    expect(withScope({ marketId: '1|fi' }, scope)).toMatchObject({ marketId: '1|fi' });
  });

  test('the cart uses the checkout market on checkout routes only; a broken scope falls back to Sweden', () => {
    const scope = parseShopScope(
      JSON.stringify({ marketId: '1|dk', checkoutMarketId: '1|fi', checkoutRoute: true, customerType: 'ORGANIZATION' }),
    );
    expect(cartMarketId(scope)).toBe('1|fi');
    expect(cartMarketId({ ...scope, checkoutRoute: false })).toBe('1|dk');
    expect(scope.customerType).toBe('ORGANIZATION');
    expect(parseShopScope('not json')).toMatchObject({ marketId: '1|se', languageId: 'sv-SE', checkoutRoute: false });
  });
});
