/**
 * Spec §4: the user and the market are shared between tabs (`auth` sets the user, `market` the current
 * market, `checkout-market` the checkout market; the cart has its own store, client/store/cart-store.ts).
 *
 * The cookies (`ralph-auth`, `ralph-selected-market`, `ralph-checkout-market`) already hold the new state
 * for every tab; what the other tabs lack is a new page. So a page that loads showing another market,
 * checkout market or login state than this browser's pages last showed tells the other tabs, and a tab
 * that hears a value other than its own loads its page again: its prices, currency and account links then
 * follow. A login or logout (issue 13) is followed in place when the page can (`followAuth`: the header's
 * account link changes without a reload), by a new page otherwise. With markets in the path, a page's URL names its market, so market messages are not followed
 * there (reloading would show the same market, and tabs on two markets would answer each other forever).
 */
import type { ShopScope } from './scope';
import type { ChannelHub } from './channel';

/** What this browser's pages last showed, in localStorage. */
export const TAB_STATE_KEY = 'ralph-tab-state';

interface TabState {
  market: string;
  checkoutMarket: string;
  loggedIn: boolean;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function stateOf(scope: ShopScope): TabState {
  return { market: scope.marketId, checkoutMarket: scope.checkoutMarketId, loggedIn: scope.loggedIn };
}

function readState(storage: Storage): Partial<TabState> {
  try {
    const value: unknown = JSON.parse(storage.getItem(TAB_STATE_KEY) ?? 'null');
    return value && typeof value === 'object' ? (value as Partial<TabState>) : {};
  } catch {
    return {};
  }
}

/**
 * Publishes what changed since this browser's last page, and follows the other tabs' changes with
 * `reload`, or a login change with `followAuth` when given (it returns false when only a new page will
 * do). Storage may be unavailable (private modes): then nothing is published, messages still apply.
 */
export function syncTabs(
  scope: ShopScope,
  hub: Pick<ChannelHub, 'publish' | 'subscribe'>,
  storage: Storage | null,
  reload: () => void,
  followAuth?: (loggedIn: boolean, customerType: unknown) => boolean | Promise<boolean>,
): void {
  const current = stateOf(scope);
  if (storage) {
    const last = readState(storage);
    try {
      storage.setItem(TAB_STATE_KEY, JSON.stringify(current));
    } catch {
      // Storage full or blocked: the other tabs simply are not told.
    }
    if (!scope.marketInPath && last.market !== undefined && last.market !== current.market)
      hub.publish('market', { id: current.market });
    if (!scope.marketInPath && last.checkoutMarket !== undefined && last.checkoutMarket !== current.checkoutMarket) {
      hub.publish('checkout-market', { id: current.checkoutMarket });
    }
    if (last.loggedIn !== undefined && last.loggedIn !== current.loggedIn)
      hub.publish('auth', { loggedIn: current.loggedIn, customerType: scope.customerType });
  }
  // A market change comes with its checkout market: one new page is enough.
  let reloading = false;
  const follow = () => {
    if (reloading) return;
    reloading = true;
    reload();
  };
  const idOf = (data: unknown) => (data && typeof data === 'object' ? (data as { id?: unknown }).id : undefined);
  hub.subscribe('market', (data) => {
    if (!scope.marketInPath && typeof idOf(data) === 'string' && idOf(data) !== current.market) follow();
  });
  hub.subscribe('checkout-market', (data) => {
    if (!scope.marketInPath && typeof idOf(data) === 'string' && idOf(data) !== current.checkoutMarket) follow();
  });
  hub.subscribe('auth', (data) => {
    const { loggedIn, customerType } =
      data && typeof data === 'object' ? (data as { loggedIn?: unknown; customerType?: unknown }) : {};
    if (typeof loggedIn !== 'boolean' || loggedIn === current.loggedIn) return;
    if (!followAuth) return follow();
    void Promise.resolve(followAuth(loggedIn, customerType)).then(
      (followed) => (followed ? (current.loggedIn = loggedIn) : follow()),
      follow,
    );
  });
}
