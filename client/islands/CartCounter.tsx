/**
 * The header's cart counter. Rendered on the server with the cart's count; once hydrated it follows
 * cart messages on the BroadcastChannel `ralph_channel` (spec §4), so adding in one tab updates the
 * counter in every other tab without a reload.
 */
import { useEffect, useState } from 'react';
import { countForm } from '../../locales/plural';

export interface CartCounterProps {
  count: number;
  localeIso: string;
  /** Accessible names with a {{count}} placeholder, by plural form. */
  labels: { zero: string; one: string; other: string };
}

export const CART_CHANNEL = 'ralph_channel';

interface CartMessage {
  type: 'cart';
  data: { items?: { quantity?: unknown }[] | null } | null;
}

function isCartMessage(message: unknown): message is CartMessage {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'cart';
}

/** Units in a cart as the API returns it; malformed items count as nothing. */
export function countItems(cart: CartMessage['data']): number {
  return (cart?.items ?? []).reduce(
    (sum, item) => sum + (typeof item?.quantity === 'number' && item.quantity > 0 ? item.quantity : 0),
    0,
  );
}

function labelFor({ labels, localeIso }: CartCounterProps, count: number): string {
  const form = countForm(localeIso, count);
  return labels[form].replace('{{count}}', String(count));
}

export default function CartCounter(props: CartCounterProps) {
  const [count, setCount] = useState(props.count);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CART_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isCartMessage(event.data)) setCount(countItems(event.data.data));
    };
    return () => channel.close();
  }, []);
  return (
    <span className="cart-counter" role="status" aria-label={labelFor(props, count)} data-count={count}>
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.76L20 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19" r="1.5" fill="currentColor" />
      </svg>
      <span className="cart-counter__count" aria-hidden="true">
        {count}
      </span>
    </span>
  );
}
