/**
 * The header's mini cart (issue 6 "Cart"). On the server, and without JavaScript, it is a link to the
 * checkout with the cart's unit count. Hydrated, it becomes a button that opens the cart panel (loaded
 * on first use: client/islands/cart/CartPanel.tsx), it shows the 'added' notice of spec §3 for 5 s
 * (spec §4, §9) when something is added in this tab, and it follows `cart` messages on `ralph_channel`
 * from any tab (spec §4), so adding in one tab updates the count in every other tab without a reload.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { cartTranslator, type CartMessages } from '../views/components/cart/cart-messages';
import { watch } from '../store/channel';
import { onAdded, type CartAdded } from '../store/cart-notice';
import { badgeCount, cartCountLabel, countItems, latestCartCount } from '../browser/cart-count';

export interface CartCounterProps {
  /** The server's count; the browser reads it from the badge (client/browser/cart-count.ts). */
  count?: number;
  localeIso: string;
  /** Accessible names with a {{count}} placeholder, by plural form. */
  labels: { zero: string; one: string; other: string };
  /** The checkout page: the link without JavaScript, 'Till kassan' with it. */
  checkoutHref?: string;
  /** A product page's path with '{alias}' in place of the alias. */
  productPath?: string;
  pricesIncludeVat?: boolean;
  messages?: CartMessages;
}

// The panel and the 'added' notice are fetched when first wanted (client/islands/cart/cart-ui.ts).
const loadPanel = () => import('./cart/cart-ui');
const CartPanel = lazy(() => loadPanel().then((module) => ({ default: module.CartPanel })));
const AddedNotice = lazy(() => loadPanel().then((module) => ({ default: module.AddedNotice })));

export default function CartCounter(props: CartCounterProps) {
  // Hydrating, the badge may already show a newer count than the server's (client/browser/cart-count.ts).
  const [count, setCount] = useState(() => (typeof document === 'undefined' ? null : badgeCount()) ?? props.count ?? 0);
  const [hydrated, setHydrated] = useState(false);
  const [panelWanted, setPanelWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<CartAdded | null>(null);
  const t = cartTranslator(props.messages ?? {});
  const checkoutHref = props.checkoutHref ?? '/kassan';

  useEffect(() => {
    setHydrated(true);
    // A cart message that came while React was on its way.
    const latest = latestCartCount();
    if (latest !== null) setCount(latest);
    const stopWatching = watch('cart', (data) => setCount(countItems(data as Parameters<typeof countItems>[0])));
    // A shopper whose pointer or focus is on the cart as it wakes is on the way to it: an 'added' notice
    // of a moment ago would come up over the cart and take the click meant for it (and stay while the
    // pointer rests on it). New additions still show theirs.
    const reaching = document.querySelector(
      '[data-island="CartCounter"] .cart-link:hover, [data-island="CartCounter"] .cart-link:focus',
    );
    const stopNotices = onAdded(setNotice, { replay: !reaching });
    return () => {
      stopWatching();
      stopNotices();
    };
  }, []);

  const openPanel = () => {
    setNotice(null);
    setPanelWanted(true);
    setOpen(true);
  };

  const badge = (
    <span
      className="cart-counter"
      role="status"
      aria-label={cartCountLabel(props.labels, props.localeIso, count)}
      data-count={count}
    >
      <span className="cart-counter__count" aria-hidden="true">
        {count}
      </span>
    </span>
  );

  return (
    <>
      {hydrated ? (
        <button
          type="button"
          className="cart-link"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={openPanel}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          data-cart-button=""
          data-replay="cart"
        >
          {badge}
        </button>
      ) : (
        <a className="cart-link" href={checkoutHref} data-replay="cart">
          {badge}
        </a>
      )}
      {/* The notice lives at the end of <body>: the header moves (it hides on scroll), the notice must not. */}
      {hydrated &&
        createPortal(
          <div className="cart-notice-region" role="status">
            {notice && (
              <Suspense fallback={null}>
                <AddedNotice
                  added={notice}
                  t={t}
                  includeVat={props.pricesIncludeVat ?? true}
                  checkoutHref={checkoutHref}
                  onShowCart={openPanel}
                  onClose={() => setNotice(null)}
                />
              </Suspense>
            )}
          </div>,
          document.body,
        )}
      {panelWanted && (
        <Suspense fallback={null}>
          <CartPanel
            open={open}
            onClose={() => setOpen(false)}
            t={t}
            includeVat={props.pricesIncludeVat ?? true}
            checkoutHref={checkoutHref}
            productPath={props.productPath ?? '/p/{alias}'}
          />
        </Suspense>
      )}
    </>
  );
}
