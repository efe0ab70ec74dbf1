/**
 * The confirmation page's script (issue 6 contract 8); it shows nothing. Once the order is paid it pushes
 * the GA4 `purchase` event (spec §7; the shopper's details arrive hashed from the server, spec §9) once
 * per order: a reload, or coming back in the same tab, does not send it again (sessionStorage). When the
 * page removed the order's cart cookie it tells the other tabs the cart is empty (`cart` on
 * `ralph_channel`). While the payment is being confirmed it reloads the page every few seconds.
 */
import { useEffect } from 'react';
import { pushEcommerceEvent } from '../analytics';
import { publish } from '../shop/channel';

/** GA4's purchase `ecommerce` object, with the hashed shopper details in `user_data`. */
export interface PurchaseEvent {
  transaction_id: string;
  currency: string;
  value: number;
  tax: number;
  shipping: number;
  coupon?: string;
  items: {
    item_id: string;
    item_name: string;
    item_brand?: string;
    item_variant: string;
    price: number;
    quantity: number;
    index: number;
  }[];
  /** SHA-256 (hex) of each value, lowercased and trimmed first. */
  user_data: { email: string; first_name: string; last_name: string; zip: string };
}

export interface PurchaseTrackerProps {
  /** Null until the order is paid (and for a cancelled one). */
  purchase: PurchaseEvent | null;
  /** True while the payment provider has not confirmed: the page reloads itself. */
  pending: boolean;
  refreshSeconds: number;
  /** The page removed the `ralph-cart` cookie of this order's cart. */
  cartCleared: boolean;
}

const SENT_KEY_PREFIX = 'ralph-purchase-sent:';

/** True the first time it is asked for an order in this tab's session. */
export function firstTimeFor(transactionId: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): boolean {
  const key = SENT_KEY_PREFIX + transactionId;
  // No storage (privacy settings): sending twice is better than never.
  if (!storage) return true;
  try {
    if (storage.getItem(key) !== null) return false;
    storage.setItem(key, '1');
    return true;
  } catch {
    // Storage refused: as without storage.
    return true;
  }
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export default function PurchaseTracker({ purchase, pending, refreshSeconds, cartCleared }: PurchaseTrackerProps) {
  useEffect(() => {
    if (cartCleared) publish('cart', null);
    if (pending) {
      const timer = window.setTimeout(() => window.location.reload(), refreshSeconds * 1000);
      return () => window.clearTimeout(timer);
    }
    if (purchase && firstTimeFor(purchase.transaction_id, sessionStore())) pushEcommerceEvent('purchase', { ...purchase });
    return undefined;
  }, [purchase, pending, refreshSeconds, cartCleared]);
  return null;
}
