/**
 * The 'added' moment within one tab (spec §3 Cart 'added' notification: the item, its campaign and unit
 * price, the quantity): the cart store announces it, the header's mini cart shows it for 5 s. A window
 * event, so the header need not load the store to hear it.
 */
import type { ShopCartItem } from '../../core/graphql/cart';

export const CART_ADDED_EVENT = 'ralph:cart-added';
/** Spec §4, §9: a notification shows 5 s, then hides. */
export const ADDED_NOTICE_MS = 5000;

export interface CartAdded {
  item: ShopCartItem;
  /** Units added now (the line may hold more). */
  quantity: number;
}

/** The last 'added' moment of this tab and when it was, for a mini cart that wakes because of it. */
let last: { added: CartAdded; at: number } | null = null;

export function announceAdded(added: CartAdded): void {
  if (typeof window === 'undefined') return;
  last = { added, at: Date.now() };
  window.dispatchEvent(new CustomEvent<CartAdded>(CART_ADDED_EVENT, { detail: added }));
}

/**
 * Calls `fn` whenever something is added in this tab, and at once with the last addition when it is
 * younger than a notice's life (the mini cart woke because of it: issue 15), unless `replay` is false;
 * returns the unsubscribe.
 */
export function onAdded(fn: (added: CartAdded) => void, { replay = true } = {}): () => void {
  if (replay && last && Date.now() - last.at < ADDED_NOTICE_MS) fn(last.added);
  const listener = (event: Event) => fn((event as CustomEvent<CartAdded>).detail);
  window.addEventListener(CART_ADDED_EVENT, listener);
  return () => window.removeEventListener(CART_ADDED_EVENT, listener);
}
