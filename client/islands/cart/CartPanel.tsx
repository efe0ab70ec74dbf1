/**
 * The cart panel (issue 6 "mini-cart and a cart panel with change and remove"): a modal dialog from the
 * header's mini cart. It reads the cart afresh when it opens and follows the cart store, so changes in
 * other tabs show at once. Lines change quantity and can be removed; the promo code goes from entered to
 * active with remove (spec §4), with the API's errors of spec §8; the progress to free shipping, the
 * summary in the customer type's VAT display, the balance, a link to share the cart and 'Till kassan'.
 * The promo code is CartPanelTools.tsx beside it; the share link, ShareCart.tsx, loads when first shown.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { CartTranslate } from '../../views/components/cart/cart-display';
import {
  CartLineProduct,
  CartLineTotal,
  CartSummaryList,
  FreeShippingProgress,
} from '../../views/components/cart/CartParts';
import { cartLines, type ShopCart, type ShopCartItem } from '../../../core/graphql/cart';
import { MAX_QUANTITY_PER_LINE } from '../../../core/cart/limits';
import { cartStore } from '../../store/cart-store';
import { readShopScope } from '../../store/scope';
import { CartErrorText, cartFailure, type CartFailure, PromoCode } from './CartPanelTools';

// A chunk that cannot load (a page left open across a deploy) leaves the panel without its share link,
// never without the panel: the link is an extra the cart works without.
const ShareCart = lazy(() =>
  import('./ShareCart').catch((error: unknown) => {
    console.error('share link failed to load:', error instanceof Error ? error.message : error);
    return { default: () => null };
  }),
);

export interface CartPanelProps {
  open: boolean;
  onClose: () => void;
  t: CartTranslate;
  includeVat: boolean;
  checkoutHref: string;
  productPath: string;
}

export default function CartPanel({ open, onClose, t, includeVat, checkoutHref, productPath }: CartPanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [cart, setCart] = useState<ShopCart | null>(cartStore.get());
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<CartFailure | null>(null);

  useEffect(() => cartStore.subscribe(setCart), []);

  const load = () => {
    setLoading(true);
    setLoadError(null);
    cartStore
      .load()
      .catch((error: unknown) => setLoadError(cartFailure(error, t, load)))
      .finally(() => setLoading(false));
  };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      load();
    } else if (!open && element.open) {
      element.close();
    }
    // Opening loads the cart once; `t` is a new function on every render and must not reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const productHref = (alias: string) => productPath.replace('{alias}', encodeURIComponent(alias));
  const lines = cartLines(cart);
  return (
    <dialog
      ref={dialog}
      className="cart-panel"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      data-cart-panel=""
    >
      <div className="cart-panel__content">
        {/* Plain blocks, not <header>/<footer>: the panel sits in the site's header, and those would be a
            banner and a contentinfo landmark inside its banner. */}
        <div className="cart-panel__header">
          <h2 id={titleId} className="cart-panel__title">
            {t('cart.title')}
          </h2>
          <button type="button" className="cart-panel__close" onClick={onClose} aria-label={t('cart.close')}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="cart-panel__body" aria-busy={loading}>
          {loadError && <CartErrorText failure={loadError} t={t} />}
          {lines.length === 0 ? (
            <div className="cart-panel__empty">
              <p className="cart-panel__empty-title">{loading && !cart ? t('cart.loading') : t('cart.empty')}</p>
              {!loading && <p>{t('cart.emptyText')}</p>}
              <button type="button" className="button button--primary" onClick={onClose}>
                {t('cart.continue')}
              </button>
            </div>
          ) : (
            <>
              {cart && <FreeShippingProgress cart={cart} t={t} exVatIn={includeVat ? null : exVatIn()} />}
              <ul className="cart-lines" aria-label={t('cart.items')}>
                {lines.map((item) => (
                  <PanelLine key={item.skuId} item={item} t={t} includeVat={includeVat} productHref={productHref} />
                ))}
              </ul>
              {cart && <PromoCode cart={cart} t={t} />}
              {cart && <CartSummaryList cart={cart} t={t} includeVat={includeVat} />}
              {cart && (
                <Suspense fallback={null}>
                  <ShareCart cart={cart} t={t} />
                </Suspense>
              )}
            </>
          )}
        </div>
        {lines.length > 0 && (
          <div className="cart-panel__footer">
            <a className="button button--primary button--wide" href={checkoutHref}>
              {t('cart.toCheckout')}
            </a>
            <button type="button" className="button button--ghost button--wide" onClick={onClose}>
              {t('cart.continue')}
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}

/** The cart's market for ex-VAT amounts (the panel renders in the browser only, where the scope is). */
function exVatIn() {
  const scope = readShopScope();
  return { localeIso: scope.localeIso, currency: scope.cartCurrency, vatRateBp: scope.cartVatRateBp };
}

/** One line: the product, a quantity stepper (0 removes), the line total and remove; a refused change says why. */
function PanelLine({
  item,
  t,
  includeVat,
  productHref,
}: {
  item: ShopCartItem;
  t: CartTranslate;
  includeVat: boolean;
  productHref: (alias: string) => string;
}) {
  const name = item.product?.name ?? '';
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CartFailure | null>(null);
  const errorId = useId();
  useEffect(() => setQuantity(String(item.quantity)), [item.quantity]);

  const change = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(cartFailure(failure, t, () => void change(action)));
      setQuantity(String(item.quantity));
    } finally {
      setBusy(false);
    }
  };
  const commitQuantity = (value: number) => {
    if (!Number.isInteger(value) || value < 0 || value > MAX_QUANTITY_PER_LINE) {
      setQuantity(String(item.quantity));
      return;
    }
    if (value !== item.quantity) void change(() => cartStore.setQuantity(item.skuId, value));
  };
  return (
    <li className="cart-line" aria-busy={busy}>
      <CartLineProduct item={item} t={t} includeVat={includeVat} productHref={productHref} headingLevel={3} />
      <div className="cart-line__controls">
        <div className="stepper">
          <button
            type="button"
            className="stepper__button"
            aria-label={t('cart.decrease', { name })}
            disabled={busy}
            onClick={() => commitQuantity(item.quantity - 1)}
          >
            −
          </button>
          <input
            className="stepper__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_QUANTITY_PER_LINE}
            value={quantity}
            aria-label={t('cart.quantityOf', { name })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={busy}
            onChange={(event) => setQuantity(event.target.value)}
            onBlur={() => commitQuantity(Number(quantity))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitQuantity(Number(quantity));
            }}
          />
          <button
            type="button"
            className="stepper__button"
            aria-label={t('cart.increase', { name })}
            disabled={busy}
            onClick={() => commitQuantity(item.quantity + 1)}
          >
            +
          </button>
        </div>
        <CartLineTotal item={item} includeVat={includeVat} />
        <button
          type="button"
          className="cart-line__remove"
          disabled={busy}
          onClick={() => void change(() => cartStore.remove(item.skuId))}
        >
          {t('cart.remove')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {error && <CartErrorText id={errorId} failure={error} t={t} />}
    </li>
  );
}
