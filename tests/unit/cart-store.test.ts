import { describe, expect, test } from 'vitest';
import { CART_FETCH_RETRIES, CART_FETCH_RETRY_DELAY_MS, fetchCartWithRetries } from '../../client/store/cart-retry';
import { cartCookie, cartIdOfCookies, expiredCartCookie } from '../../client/store/cart-cookie';
import { CartError } from '../../client/store/cart-api';
import { createCartStore, type CartStoreDeps } from '../../client/store/cart-store';
import type { ShopCart } from '../../core/graphql/cart';
import { ADD_TO_CART_ACTION, readAddRequest } from '../../client/store/add-to-cart-forms';
import { FORM_ACTIONS } from '../../core/form-actions';
import { MAX_QUANTITY_PER_LINE } from '../../core/cart/limits';

const ID_A = 'a'.repeat(32);
const ID_B = 'b'.repeat(32);

function cart(id: string, lines: [skuId: number, quantity: number][] = [], promoCode: string | null = null): ShopCart {
  return {
    id,
    isCompleted: false,
    promoCode,
    freeShipping: false,
    appliedCampaigns: [],
    items: lines.map(([skuId, quantity]) => ({
      id: `${id}:${skuId}`,
      skuId,
      quantity,
      product: {
        productId: skuId * 10,
        name: `Produkt ${skuId}`,
        alias: `p-${skuId}`,
        articleNumber: null,
        brand: null,
        productImages: [],
        skus: [],
      },
      unitPrice: null,
      totalPrice: null,
      campaign: null,
    })),
    summary: null,
  };
}

describe('the cart fetch retry rule (spec §4)', () => {
  test('a fetch that returns no cart is tried again after 1 s, up to 5 times, resetting the cart each time', async () => {
    const waits: number[] = [];
    let fetches = 0;
    let resets = 0;
    const result = await fetchCartWithRetries({
      fetchCart: async () => {
        fetches++;
        return null;
      },
      reset: () => resets++,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toBeNull();
    expect(CART_FETCH_RETRIES).toBe(5);
    expect(fetches).toBe(1 + CART_FETCH_RETRIES);
    expect(resets).toBe(CART_FETCH_RETRIES);
    expect(waits).toEqual(Array(CART_FETCH_RETRIES).fill(CART_FETCH_RETRY_DELAY_MS));
    expect(CART_FETCH_RETRY_DELAY_MS).toBe(1000);
  });

  test('the first cart returned ends the retries; a failed request counts as no cart', async () => {
    const answers: (() => Promise<string | null>)[] = [
      async () => {
        throw new Error('Network request failed');
      },
      async () => null,
      async () => 'cart',
    ];
    let resets = 0;
    const waits: number[] = [];
    const result = await fetchCartWithRetries({
      fetchCart: () => answers.shift()!(),
      reset: () => resets++,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toBe('cart');
    expect(resets).toBe(2);
    expect(waits).toEqual([1000, 1000]);
  });
});

describe('the cart cookie', () => {
  test('ralph-cart is read from document.cookie and written for 365 days at path /', () => {
    expect(cartIdOfCookies(`ralph-locale=en; ralph-cart=${ID_A}; other=1`)).toBe(ID_A);
    expect(cartIdOfCookies('ralph-cart=not-an-id')).toBeNull();
    expect(cartIdOfCookies('')).toBeNull();
    expect(cartCookie(ID_A)).toBe(`ralph-cart=${ID_A}; Max-Age=31536000; Path=/; SameSite=Lax`);
    expect(expiredCartCookie()).toBe('ralph-cart=; Max-Age=0; Path=/; SameSite=Lax');
    // Over HTTPS the cookie is Secure (issue 12).
    expect(cartCookie(ID_A, true)).toBe(`ralph-cart=${ID_A}; Max-Age=31536000; Path=/; SameSite=Lax; Secure`);
    expect(expiredCartCookie(true)).toBe('ralph-cart=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });
});

/** A store over fakes: an API answering from `carts`, a cookie, and records of what it published and tracked. */
function fakeStore(
  options: { cookie?: string | null; getCart?: (id: string | null) => Promise<ShopCart | null> } = {},
) {
  let cookie: string | null = options.cookie ?? null;
  const published: (ShopCart | null)[] = [];
  const tracked: [string, number, number][] = [];
  const announced: number[] = [];
  const cookieLog: string[] = [];
  let remote: ((data: unknown) => void) | undefined;
  // The API's carts: getCart without a known id starts a new one (ID_A first, then ID_B).
  const newIds = [ID_A, ID_B];
  let server = cart('');
  const deps: CartStoreDeps = {
    api: {
      getCart: options.getCart ?? (async (id) => (id && id === server.id ? server : (server = cart(newIds.shift()!)))),
      addToCart: async (id, skuId, quantity) => {
        if (!server.id || id !== server.id) throw new CartError('Varukorgen finns inte', 'api.cart.notFound');
        const current = server.items?.find((item) => item?.skuId === skuId)?.quantity ?? 0;
        if (current + quantity > 5)
          throw new CartError(
            'Du kan tyvärr inte lägga fler i varukorgen. Endast 5 kvar på lager',
            'api.cart.outOfStock',
          );
        const others = (server.items ?? [])
          .filter((item) => item?.skuId !== skuId)
          .map((item) => [item!.skuId, item!.quantity] as [number, number]);
        return (server = cart(id, [...others, [skuId, current + quantity]]));
      },
      updateCartItem: async (id, skuId, quantity) => {
        const others = (server.items ?? [])
          .filter((item) => item?.skuId !== skuId)
          .map((item) => [item!.skuId, item!.quantity] as [number, number]);
        return (server = cart(id, quantity > 0 ? [...others, [skuId, quantity]] : others));
      },
      setCartPromoCode: async (id, code) => {
        if (code === '-VALKOMMEN10') return (server = { ...server, promoCode: null });
        if (code !== '' && code !== 'VALKOMMEN10') throw new CartError('Koden är ej giltig', 'api.cart.promoInvalid');
        return (server = { ...server, promoCode: code || null });
      },
    },
    cartId: {
      read: () => cookie,
      write: (id) => {
        cookieLog.push(`write ${id}`);
        cookie = id;
      },
      remove: () => {
        cookieLog.push('remove');
        cookie = null;
      },
    },
    publish: (next) => void published.push(next),
    subscribe: (fn) => {
      remote = fn;
      return () => undefined;
    },
    track: (event, item, quantity) => void tracked.push([event, item.skuId, quantity]),
    announce: (added) => void announced.push(added.item.skuId),
    sleep: async () => undefined,
  };
  const store = createCartStore(deps);
  return {
    store,
    published,
    tracked,
    announced,
    cookieLog,
    cookie: () => cookie,
    fromOtherTab: (data: unknown) => remote?.(data),
  };
}

describe('the cart store', () => {
  test('adding without a cart starts one, keeps its id in the cookie, publishes it and announces the item', async () => {
    const { store, published, tracked, announced, cookie } = fakeStore();
    const seen: (ShopCart | null)[] = [];
    store.subscribe((next) => seen.push(next));
    const result = await store.add(7, 2);
    expect(cookie()).toBe(ID_A);
    expect(result.items).toEqual([expect.objectContaining({ skuId: 7, quantity: 2 })]);
    expect(published.at(-1)).toBe(result);
    expect(seen.at(-1)).toBe(result);
    expect(tracked).toEqual([['add_to_cart', 7, 2]]);
    expect(announced).toEqual([7]);
  });

  test("the API's stock message reaches the caller and the cart stays as it was", async () => {
    const { store, published } = fakeStore();
    await store.add(7, 4);
    await expect(store.add(7, 2)).rejects.toMatchObject({
      shopperMessage: 'Du kan tyvärr inte lägga fler i varukorgen. Endast 5 kvar på lager',
    });
    expect(store.get()?.items?.[0]?.quantity).toBe(4);
    expect(published).toHaveLength(1);
  });

  test('a cookie naming a cart that is gone is replaced by a new cart, once', async () => {
    const { store, cookie, cookieLog } = fakeStore({ cookie: ID_B });
    await store.add(3, 1);
    expect(cookieLog).toEqual(['remove', `write ${ID_A}`]);
    expect(cookie()).toBe(ID_A);
  });

  test('loading with no cart returned retries and resets the cart and its cookie each time (spec §4)', async () => {
    let calls = 0;
    const { store, cookieLog } = fakeStore({
      cookie: ID_A,
      getCart: async () => (++calls < 3 ? null : cart(ID_B, [[1, 1]])),
    });
    const loaded = await store.load();
    expect(calls).toBe(3);
    expect(cookieLog).toEqual(['remove', 'remove', `write ${ID_B}`]);
    expect(loaded?.id).toBe(ID_B);
  });

  test('loading without a cookie asks the API for nothing', async () => {
    let calls = 0;
    const { store } = fakeStore({ getCart: async () => (calls++, cart(ID_A)) });
    expect(await store.load()).toBeNull();
    expect(calls).toBe(0);
  });

  test('setting a lower quantity and removing push remove_from_cart with the units taken out', async () => {
    const { store, tracked } = fakeStore();
    await store.add(7, 3);
    await store.setQuantity(7, 1);
    await store.remove(7);
    expect(tracked).toEqual([
      ['add_to_cart', 7, 3],
      ['remove_from_cart', 7, 2],
      ['remove_from_cart', 7, 1],
    ]);
    expect(store.get()?.items).toEqual([]);
  });

  test('promo codes: a valid one becomes active, an invalid one is refused with the API message', async () => {
    const { store } = fakeStore();
    await store.add(7, 1);
    await store.applyPromoCode(' VALKOMMEN10 ');
    expect(store.get()?.promoCode).toBe('VALKOMMEN10');
    await expect(store.applyPromoCode('NEJ')).rejects.toMatchObject({ shopperMessage: 'Koden är ej giltig' });
    // Removing names the code: '-VALKOMMEN10' takes that one off and leaves any gift card.
    await store.removeCode('VALKOMMEN10');
    expect(store.get()?.promoCode).toBeNull();
  });

  test("another tab's cart replaces this tab's without being published again", async () => {
    const { store, published, fromOtherTab } = fakeStore();
    const seen: (ShopCart | null)[] = [];
    store.subscribe((next) => seen.push(next));
    const elsewhere = cart(ID_A, [[9, 4]]);
    fromOtherTab(elsewhere);
    fromOtherTab({ items: [{ quantity: 1 }] }); // not a cart: ignored
    expect(store.get()).toBe(elsewhere);
    expect(seen).toEqual([elsewhere]);
    expect(published).toEqual([]);
  });

  test('changes run one after another, in the order asked', async () => {
    const { store } = fakeStore();
    await Promise.all([store.add(1, 1), store.add(2, 1), store.setQuantity(1, 3)]);
    expect(store.get()?.items?.map((item) => [item?.skuId, item?.quantity])).toEqual([
      [2, 1],
      [1, 3],
    ]);
  });

  test('replace takes a cart from the checkout and tells the other tabs; null clears the cookie', () => {
    const { store, published, cookie } = fakeStore({ cookie: ID_A });
    store.replace(cart(ID_B));
    expect(cookie()).toBe(ID_B);
    store.replace(null);
    expect(cookie()).toBeNull();
    expect(published.map((next) => next?.id ?? null)).toEqual([ID_B, null]);
  });

  test('replace without publishing lets this tab go of the cart and leaves the other tabs as they are', () => {
    const { store, published, cookie } = fakeStore({ cookie: ID_A });
    const seen: (ShopCart | null)[] = [];
    store.subscribe((next) => seen.push(next));
    store.replace(null, { publish: false });
    expect(cookie()).toBeNull();
    expect(store.get()).toBeNull();
    expect(seen).toEqual([null]);
    expect(published).toEqual([]);
  });
});

describe('reading an add-to-cart form', () => {
  test("the script's action is the form's (written out so that the form table stays out of its chunk)", () => {
    expect(ADD_TO_CART_ACTION).toBe('/api/cart/add');
    expect(FORM_ACTIONS.addToCart).toBe(ADD_TO_CART_ACTION);
  });

  test("a product with sizes needs one chosen; the quantity is 1 to the field's max (MAX_QUANTITY_PER_LINE)", () => {
    const max = MAX_QUANTITY_PER_LINE;
    expect(max).toBe(999);
    expect(readAddRequest({ skuId: null, quantity: '1' }, true, max)).toEqual({ ok: false, reason: 'size-required' });
    expect(readAddRequest({ skuId: null, quantity: '1' }, false, max)).toEqual({ ok: false, reason: 'no-sku' });
    expect(readAddRequest({ skuId: '12', quantity: null }, false, 1)).toEqual({ ok: true, skuId: 12, quantity: 1 });
    expect(readAddRequest({ skuId: '12', quantity: ' 3 ' }, true, max)).toEqual({ ok: true, skuId: 12, quantity: 3 });
    for (const quantity of ['0', '1000', '1.5', 'x'])
      expect(readAddRequest({ skuId: '12', quantity }, false, max)).toEqual({ ok: false, reason: 'invalid-quantity' });
  });
});
