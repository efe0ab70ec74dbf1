/**
 * The page's one cart store (issue 6 contract 4). It holds the visitor's cart (id in the `ralph-cart`
 * cookie, 365 days), changes it through the API, and keeps every tab in step: each change is published
 * as a `cart` message on `ralph_channel` (spec §4) and other tabs' messages replace the cart here.
 * Changes run one after another, never interleaved. A fetch that returns no cart follows spec §4:
 * retried after 1 s up to 5 times, each time resetting the cart and removing its cookie.
 *
 * `add` and `setQuantity`/`remove` push the GA4 events add_to_cart / remove_from_cart (spec §7) and an
 * add announces the 'added' notice (cart-notice.ts). Failures reject with a CartError whose
 * `shopperMessage` is the API's localized text (spec §5 quantity messages, §8 promo code errors).
 */
import type { ShopCart, ShopCartItem } from '../../core/graphql/cart';
import { cartLines, removeCodeInput } from '../../core/graphql/cart';
import { CartError, cartErrorOf } from './cart-api';
import * as api from './cart-api';
import { documentCartId, type CartIdStorage } from './cart-cookie';
import { fetchCartWithRetries } from './cart-retry';
import { announceAdded, type CartAdded } from './cart-notice';
import { publish, subscribe } from './channel';
import { analyticsItemOfCartLine, pushEcommerceEvent } from '../browser/analytics';
import { readShopScope } from './scope';

export { CartError };

/** Extra analytics fields of an added item, e.g. the list it was added from. */
export interface AddedItemContext {
  item_list_name?: string;
  index?: number;
}

/** What the store needs from the outside world; tests give fakes. */
export interface CartStoreDeps {
  api: Pick<typeof api, 'getCart' | 'addToCart' | 'updateCartItem' | 'setCartPromoCode'>;
  cartId: CartIdStorage;
  publish: (cart: ShopCart | null) => void;
  subscribe: (fn: (data: unknown) => void) => () => void;
  track: (
    event: 'add_to_cart' | 'remove_from_cart',
    item: ShopCartItem,
    quantity: number,
    context?: AddedItemContext,
  ) => void;
  announce: (added: CartAdded) => void;
  sleep?: (ms: number) => Promise<void>;
}

export interface CartStore {
  /** The cart as last known; null before it is loaded or when the visitor has none. */
  get(): ShopCart | null;
  /** Calls `fn` with the cart after every change (this tab's or another's); returns the unsubscribe. */
  subscribe(fn: (cart: ShopCart | null) => void): () => void;
  /** Reads the cart of the cookie afresh (none without a cookie). */
  load(): Promise<ShopCart | null>;
  /** Adds `quantity` of a sku (a new cart and cookie when there is none). */
  add(skuId: number, quantity: number, item?: AddedItemContext): Promise<ShopCart>;
  /** Sets a line's quantity; 0 removes the line. */
  setQuantity(skuId: number, quantity: number): Promise<ShopCart>;
  remove(skuId: number): Promise<ShopCart>;
  applyPromoCode(code: string): Promise<ShopCart>;
  /** Takes the code `code` off the cart (the promo code or one gift card); the others stay. */
  removeCode(code: string): Promise<ShopCart>;
  /**
   * Takes a cart from elsewhere (e.g. none after an order) and tells the other tabs, unless
   * `publish: false` (an order that still waits for its payment: the confirmation tells them once paid).
   */
  replace(cart: ShopCart | null, options?: { publish?: boolean }): void;
}

function isCart(value: unknown): value is ShopCart {
  return !!value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * A cart store over `deps` (the page's: the GraphQL cart API, the `ralph-cart` cookie, `ralph_channel`,
 * GA4 and the 'added' notice; tests give fakes). Changes are queued so they never interleave; a cart that
 * turns out gone or ordered is replaced by a new one once; every change this tab makes is published.
 */
export function createCartStore(deps: CartStoreDeps): CartStore {
  let cart: ShopCart | null = null;
  const listeners = new Set<(cart: ShopCart | null) => void>();
  let queue: Promise<unknown> = Promise.resolve();

  const notify = () => {
    for (const listener of [...listeners]) listener(cart);
  };
  /** Keeps `next` here and in the cookie, without telling other tabs. */
  const keep = (next: ShopCart | null) => {
    cart = next;
    if (next && deps.cartId.read() !== next.id) deps.cartId.write(next.id);
    notify();
  };
  /** A change made in this tab: kept, then published. */
  const commit = (next: ShopCart) => {
    keep(next);
    deps.publish(next);
    return next;
  };
  /** Runs `task` after every change queued before it. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const required = (value: ShopCart | null): ShopCart => {
    if (!value) throw new CartError(null, null);
    return value;
  };
  const line = (of: ShopCart | null, skuId: number) => cartLines(of).find((item) => item.skuId === skuId);

  /** The id of a cart that takes changes: the cookie's, else a new cart's. */
  const openCartId = async (): Promise<string> => {
    const known = cart && !cart.isCompleted ? cart.id : deps.cartId.read();
    if (known) return known;
    const created = required(await deps.api.getCart(null));
    keep(created);
    return created.id;
  };
  /** Runs a change on the open cart; a cart that is gone or ordered is replaced by a new one once. */
  const change = async (mutate: (cartId: string) => Promise<ShopCart | null>): Promise<ShopCart> => {
    try {
      return required(await mutate(await openCartId()));
    } catch (error) {
      const failure = cartErrorOf(error);
      if (!failure.staleCart) throw failure;
      deps.cartId.remove();
      cart = null;
      try {
        return required(await mutate(await openCartId()));
      } catch (retryError) {
        throw cartErrorOf(retryError);
      }
    }
  };

  deps.subscribe((data) => {
    if (data === null) {
      cart = null;
      notify();
    } else if (isCart(data)) {
      cart = data;
      notify();
    }
  });

  const setQuantity = (skuId: number, quantity: number) =>
    serial(async () => {
      const before = line(cart, skuId);
      const updated = commit(await change((id) => deps.api.updateCartItem(id, skuId, quantity)));
      const after = line(updated, skuId);
      const delta = (after?.quantity ?? 0) - (before?.quantity ?? 0);
      if (delta > 0 && after) deps.track('add_to_cart', after, delta);
      if (delta < 0 && before) deps.track('remove_from_cart', before, -delta);
      return updated;
    });

  return {
    get: () => cart,
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    load: () =>
      serial(async () => {
        const id = deps.cartId.read();
        if (!id) {
          keep(null);
          return null;
        }
        let attempt = 0;
        const loaded = await fetchCartWithRetries({
          fetchCart: () => deps.api.getCart(attempt++ === 0 ? id : deps.cartId.read()),
          reset: () => {
            cart = null;
            deps.cartId.remove();
            notify();
          },
          sleep: deps.sleep,
        });
        if (loaded && loaded.id !== id) {
          // A new cart (the old one was gone or ordered): the other tabs move to it too.
          commit(loaded);
        } else {
          keep(loaded);
        }
        return loaded;
      }),
    add: (skuId, quantity, item) =>
      serial(async () => {
        const updated = commit(await change((id) => deps.api.addToCart(id, skuId, quantity)));
        const added = line(updated, skuId);
        if (added) {
          deps.track('add_to_cart', added, quantity, item);
          deps.announce({ item: added, quantity });
        }
        return updated;
      }),
    setQuantity,
    remove: (skuId) => setQuantity(skuId, 0),
    applyPromoCode: (code) =>
      serial(async () => commit(await change((id) => deps.api.setCartPromoCode(id, code.trim())))),
    removeCode: (code) =>
      serial(async () => commit(await change((id) => deps.api.setCartPromoCode(id, removeCodeInput(code))))),
    replace(next, options) {
      if (next) {
        keep(next);
      } else {
        cart = null;
        deps.cartId.remove();
        notify();
      }
      if (options?.publish !== false) deps.publish(next);
    },
  };
}

/** GA4 add_to_cart / remove_from_cart for `quantity` units of a cart line (spec §7). */
function trackCartEvent(
  event: 'add_to_cart' | 'remove_from_cart',
  item: ShopCartItem,
  quantity: number,
  context?: AddedItemContext,
): void {
  const price = item.unitPrice?.sellingPriceIncVat ?? 0;
  pushEcommerceEvent(event, {
    currency: readShopScope().currency,
    value: Math.round(price * quantity * 100) / 100,
    items: [{ ...analyticsItemOfCartLine(item, quantity), ...context }],
  });
}

let pageStore: CartStore | undefined;

function pageCartStore(): CartStore {
  pageStore ??= createCartStore({
    api,
    cartId: documentCartId,
    publish: (cart) => publish('cart', cart),
    subscribe: (fn) => subscribe('cart', fn),
    track: trackCartEvent,
    announce: announceAdded,
  });
  return pageStore;
}

/** The page's cart store (created on first use). */
export const cartStore: CartStore = {
  get: () => pageCartStore().get(),
  subscribe: (fn) => pageCartStore().subscribe(fn),
  load: () => pageCartStore().load(),
  add: (skuId, quantity, item) => pageCartStore().add(skuId, quantity, item),
  setQuantity: (skuId, quantity) => pageCartStore().setQuantity(skuId, quantity),
  remove: (skuId) => pageCartStore().remove(skuId),
  applyPromoCode: (code) => pageCartStore().applyPromoCode(code),
  removeCode: (code) => pageCartStore().removeCode(code),
  replace: (cart, options) => pageCartStore().replace(cart, options),
};
