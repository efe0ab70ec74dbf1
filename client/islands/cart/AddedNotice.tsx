/**
 * The 'added' notification (spec §3: the item, its campaign and unit price; spec §4, §9: shown 5 s, then
 * hidden). It sits in the mini cart's polite live region, so screen readers announce it; while the pointer
 * or focus is on it, it stays. Screen readers hear one sentence (the no-JavaScript notice's words).
 */
import { useEffect, useRef, useState } from 'react';
import type { CartTranslate } from '../../views/components/cart/cart-display';
import { campaignText, sellingText, sizeOf } from '../../views/components/cart/cart-display';
import { ADDED_NOTICE_MS, type CartAdded } from '../../store/cart-notice';

export interface AddedNoticeProps {
  added: CartAdded;
  t: CartTranslate;
  includeVat: boolean;
  checkoutHref: string;
  onShowCart: () => void;
  onClose: () => void;
}

export function AddedNotice({ added, t, includeVat, checkoutHref, onShowCart, onClose }: AddedNoticeProps) {
  const [held, setHeld] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => close.current(), ADDED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [added, held]);

  const { item, quantity } = added;
  const image = item.product?.productImages?.[0];
  const campaign = campaignText(item);
  const size = sizeOf(item);
  return (
    <div
      className="cart-notice"
      data-cart-notice=""
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {/* One sentence for screen readers (the region is a polite status); the same facts shown to the eye. */}
      <p className="visually-hidden">
        {t('forms.cart.added', {
          name: item.product?.name ?? '',
          quantity,
          price: sellingText(item.unitPrice, includeVat),
        })}
        {campaign && ` ${t('forms.cart.campaign', { campaign })}`}
      </p>
      <div aria-hidden="true">
        <p className="cart-notice__title">
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t('cart.added.title')}
        </p>
        <div className="cart-notice__item">
          {image && <img src={`/images/products/${image.fileName}`} alt="" width={56} height={56} />}
          <div className="cart-notice__text">
            <p className="cart-notice__name">{item.product?.name}</p>
            {size && <p className="cart-notice__meta">{t('cart.size', { size })}</p>}
            <p className="cart-notice__meta">
              {t('cart.added.quantity', { quantity })} ·{' '}
              {t('cart.unitPrice', { price: sellingText(item.unitPrice, includeVat) })}
            </p>
            {campaign && <p className="cart-notice__campaign">{t('cart.campaign', { campaign })}</p>}
          </div>
        </div>
      </div>
      <div className="cart-notice__actions">
        <button type="button" className="button button--ghost" onClick={onShowCart}>
          {t('cart.added.show')}
        </button>
        <a className="button button--primary" href={checkoutHref}>
          {t('cart.toCheckout')}
        </a>
      </div>
      <button type="button" className="cart-notice__close" aria-label={t('cart.added.close')} onClick={onClose}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
