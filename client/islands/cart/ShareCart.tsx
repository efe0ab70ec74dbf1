/**
 * The cart panel's link to share the cart (GET /api/cart/share/{token}, worker/routes/api/cart-share.ts):
 * whoever opens it gets a copy of the cart's items in a cart of their own. The token is a snapshot the
 * server signs (the cart id never goes in a link), so the panel asks `GET /api/cart/share` for it whenever
 * the lines change. 'Kopiera länk' copies it, or selects it when the clipboard is not allowed.
 * Loaded when the panel first shows lines (React.lazy): it waits for the server's link anyway, and the
 * cart's first use (the count, the added notice) does without it.
 */
import { useEffect, useId, useState } from 'react';
import type { CartTranslate } from '../../views/components/cart/cart-display';
import type { ShopCart } from '../../../core/graphql/cart';
import { SHARE_CART_PATH } from '../../../core/form-actions';

/** The signed link of the visitor's cart as it is now, asked of the server whenever the lines change. */
function useShareLink(cart: ShopCart): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const snapshot = JSON.stringify([cart.items?.map((item) => [item?.skuId, item?.quantity]), cart.promoCode]);
  useEffect(() => {
    let live = true;
    setUrl(null);
    // The endpoint always answers `{ url }` (null without a cart); anything else leaves no link.
    fetch(SHARE_CART_PATH)
      .then((response) => response.json() as Promise<{ url: string | null }>)
      .then(
        (answer) => live && setUrl(answer.url),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [snapshot]);
  return url;
}

export default function ShareCart({ cart, t }: { cart: ShopCart; t: CartTranslate }) {
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const url = useShareLink(cart);
  if (!url) return null;
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
        <input
          id={inputId}
          className="cart-share__input"
          readOnly
          value={url}
          aria-label={t('cart.share.linkLabel')}
          onFocus={(event) => event.target.select()}
        />
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
