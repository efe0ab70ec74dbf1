/**
 * The cart panel (issue 6 "mini-cart and a cart panel with change and remove"): a modal dialog from the
 * header's mini cart. It reads the cart afresh when it opens and follows the cart store, so changes in
 * other tabs show at once. Lines change quantity and can be removed; the promo code goes from entered to
 * active with remove (spec §4), with the API's errors of spec §8; the progress to free shipping, the
 * summary in the customer type's VAT display, the balance, a link to share the cart and 'Till kassan'.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CartTranslate } from '../../components/cart/cart-display';
import { CartLineProduct, CartLineTotal, CartSummaryList, FreeShippingProgress } from '../../components/cart/CartParts';
import { cartLines, type ShopCart, type ShopCartItem } from '../../shop/cart-fields';
import { CartError, cartStore } from '../../shop/cart-store';
import { shareCartPath } from '../../shop/cart-share';

export interface CartPanelProps {
  open: boolean;
  onClose: () => void;
  t: CartTranslate;
  includeVat: boolean;
  checkoutHref: string;
  productPath: string;
}

function messageOf(error: unknown, t: CartTranslate): string {
  return error instanceof CartError && error.shopperMessage ? error.shopperMessage : t('cart.failed');
}

export default function CartPanel({ open, onClose, t, includeVat, checkoutHref, productPath }: CartPanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [cart, setCart] = useState<ShopCart | null>(cartStore.get());
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => cartStore.subscribe(setCart), []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      setLoading(true);
      setLoadError(null);
      cartStore
        .load()
        .catch((error: unknown) => setLoadError(messageOf(error, t)))
        .finally(() => setLoading(false));
    } else if (!open && element.open) {
      element.close();
    }
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
        <header className="cart-panel__header">
          <h2 id={titleId} className="cart-panel__title">
            {t('cart.title')}
          </h2>
          <button type="button" className="cart-panel__close" onClick={onClose} aria-label={t('cart.close')}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="cart-panel__body" aria-busy={loading}>
          {loadError && (
            <p className="cart-error" role="alert">
              {loadError}
            </p>
          )}
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
              {cart && <FreeShippingProgress cart={cart} t={t} />}
              <ul className="cart-lines" aria-label={t('cart.items')}>
                {lines.map((item) => (
                  <PanelLine key={item.skuId} item={item} t={t} includeVat={includeVat} productHref={productHref} />
                ))}
              </ul>
              {cart && <PromoCode cart={cart} t={t} />}
              {cart && <CartSummaryList cart={cart} t={t} includeVat={includeVat} />}
              {cart && <ShareCart cart={cart} t={t} />}
            </>
          )}
        </div>
        {lines.length > 0 && (
          <footer className="cart-panel__footer">
            <a className="button button--primary button--wide" href={checkoutHref}>
              {t('cart.toCheckout')}
            </a>
            <button type="button" className="button button--ghost button--wide" onClick={onClose}>
              {t('cart.continue')}
            </button>
          </footer>
        )}
      </div>
    </dialog>
  );
}

function PanelLine({ item, t, includeVat, productHref }: { item: ShopCartItem; t: CartTranslate; includeVat: boolean; productHref: (alias: string) => string }) {
  const name = item.product?.name ?? '';
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => setQuantity(String(item.quantity)), [item.quantity]);

  const change = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure, t));
      setQuantity(String(item.quantity));
    } finally {
      setBusy(false);
    }
  };
  const commitQuantity = (value: number) => {
    if (!Number.isInteger(value) || value < 0 || value > 999) {
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
            max={999}
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
        <button type="button" className="cart-line__remove" disabled={busy} onClick={() => void change(() => cartStore.remove(item.skuId))}>
          {t('cart.remove')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {error && (
        <p id={errorId} className="cart-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function PromoCode({ cart, t }: { cart: ShopCart; t: CartTranslate }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setCode('');
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  };
  if (cart.promoCode) {
    return (
      <div className="promo-code promo-code--active">
        <p className="promo-code__active" role="status">
          {t('cart.promo.active', { code: cart.promoCode })}
        </p>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void run(() => cartStore.removePromoCode())}>
          {t('cart.promo.remove')}
        </button>
        {error && (
          <p className="cart-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') void run(() => cartStore.applyPromoCode(code));
  };
  return (
    <form className="promo-code" onSubmit={submit}>
      <label className="promo-code__label" htmlFor={inputId}>
        {t('cart.promo.label')}
      </label>
      <div className="promo-code__row">
        <input
          id={inputId}
          className="promo-code__input"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {t('cart.promo.apply')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="cart-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function ShareCart({ cart, t }: { cart: ShopCart; t: CartTranslate }) {
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const url = `${location.origin}${shareCartPath(cart.id)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard permission: select the link so the shopper can copy it.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
    }
    setCopied(true);
  };
  return (
    <section className="cart-share" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="cart-share__title">
        {t('cart.share.label')}
      </h3>
      <p className="cart-share__text">{t('cart.share.text')}</p>
      <div className="cart-share__row">
        <input id={inputId} className="cart-share__input" readOnly value={url} aria-label={t('cart.share.linkLabel')} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          {t('cart.share.copy')}
        </button>
      </div>
      <p className="cart-share__status" role="status">
        {copied ? t('cart.share.copied') : ''}
      </p>
    </section>
  );
}
