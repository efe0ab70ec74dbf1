/**
 * Spec §4 (Cart) and §9: when a fetch returns no cart, it is tried again after 1 s, up to 5 times, and
 * each time the cart is reset and its cookie removed first (so the next try starts a new cart).
 */

export const CART_FETCH_RETRIES = 5;
export const CART_FETCH_RETRY_DELAY_MS = 1000;

export interface CartRetryOptions<T> {
  /** One fetch: the cart, or null (also for a failed request) when there is none. */
  fetchCart: () => Promise<T | null>;
  /** Resets the cart and removes the cart cookie; runs before each retry. */
  reset: () => void;
  /** Waits `ms`; tests pass a fake clock. */
  sleep?: (ms: number) => Promise<void>;
  retries?: number;
  delayMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The cart of the first fetch that returns one, or null after the first try and `retries` more. */
export async function fetchCartWithRetries<T>({
  fetchCart,
  reset,
  sleep = realSleep,
  retries = CART_FETCH_RETRIES,
  delayMs = CART_FETCH_RETRY_DELAY_MS,
}: CartRetryOptions<T>): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    let cart: T | null = null;
    try {
      cart = await fetchCart();
    } catch (error) {
      console.error('cart fetch failed', error);
    }
    if (cart) return cart;
    if (attempt >= retries) return null;
    reset();
    await sleep(delayMs);
  }
}
