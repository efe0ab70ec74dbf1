/**
 * The confirmation page's script (issue 6 contract 8); it shows nothing. Once the order is paid it pushes
 * the GA4 `purchase` event (spec §7; the shopper's details arrive hashed from the server, spec §9) once
 * per order: a reload, or coming back in the same tab, does not send it again (sessionStorage). When the
 * page removed the order's cart cookie it tells the other tabs the cart is empty (`cart` on
 * `ralph_channel`). While the payment is being confirmed it reloads the page every few seconds, for
 * `waitLimitSeconds` at most (counted across the reloads in the tab's history entry): after that it
 * stops and says the payment is still awaited, with a link to reload by hand.
 */
import { useEffect, useState } from 'react';
import { analyticsConsented, pushEcommerceEvent, readPageData, type AnalyticsItem } from '../browser/analytics';
import { publish } from '../store/channel';

/** GA4's purchase `ecommerce` object, with the hashed shopper details in `user_data`. */
export interface PurchaseEvent {
  transaction_id: string;
  currency: string;
  value: number;
  tax: number;
  shipping: number;
  coupon?: string;
  /** Each order line as the cart's events describe it (analyticsItemOfCartLine), with its position. */
  items: (AnalyticsItem & { index: number })[];
  /** SHA-256 (hex) of each value, lowercased and trimmed first. */
  user_data: { email: string; first_name: string; last_name: string; zip: string };
}

export interface PurchaseTrackerProps {
  /** Null until the order is paid (and for a cancelled one). */
  purchase: PurchaseEvent | null;
  /** True while the payment provider has not confirmed: the page reloads itself. */
  pending: boolean;
  refreshSeconds: number;
  /** How long the page keeps reloading itself while pending (about two minutes). */
  waitLimitSeconds: number;
  /** The words once it stops: still waiting, and the reload link. */
  text: { stillWaiting: string; reload: string };
  /** The page removed the `ralph-cart` cookie of this order's cart. */
  cartCleared: boolean;
}

/**
 * When this tab started waiting on this page: kept in the history entry's state, which a reload keeps
 * (no storage permission needed), and started now on the first visit.
 */
export function waitingSince(now: number, history: Pick<History, 'state' | 'replaceState'>): number {
  const state = history.state as { paymentPendingSince?: unknown } | null;
  if (typeof state?.paymentPendingSince === 'number' && state.paymentPendingSince <= now)
    return state.paymentPendingSince;
  history.replaceState({ ...(state ?? {}), paymentPendingSince: now }, '');
  return now;
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

export default function PurchaseTracker({
  purchase,
  pending,
  refreshSeconds,
  waitLimitSeconds,
  text,
  cartCleared,
}: PurchaseTrackerProps) {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (cartCleared) publish('cart', null);
    if (pending) {
      const waited = Date.now() - waitingSince(Date.now(), window.history);
      if (waited >= waitLimitSeconds * 1000) {
        setGaveUp(true);
        return undefined;
      }
      const timer = window.setTimeout(() => window.location.reload(), refreshSeconds * 1000);
      return () => window.clearTimeout(timer);
    }
    // Counted as sent only when it may be sent (issue 12): a shopper who accepts cookies on this page
    // afterwards still has the purchase recorded on the next view of it.
    if (purchase && analyticsConsented(readPageData()) && firstTimeFor(purchase.transaction_id, sessionStore()))
      pushEcommerceEvent('purchase', { ...purchase });
    return undefined;
  }, [purchase, pending, refreshSeconds, waitLimitSeconds, cartCleared]);
  if (!gaveUp) return null;
  return (
    <p className="confirm-outcome__waiting" role="status">
      {text.stillWaiting} <a href={window.location.href}>{text.reload}</a>
    </p>
  );
}
