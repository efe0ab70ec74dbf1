/**
 * The cart as the server renders it (issue 6 "the no-JavaScript path through the cart"), shown by the
 * checkout page: lines with image, name, size, unit price, campaign, a quantity form and a remove form;
 * the promo code form (entered, then active with remove: spec §4); the progress to free shipping; the
 * summary (subtotal, discount, shipping, VAT, total, balance) in the customer type's VAT display; and the
 * link that shares the cart. Every form is a plain POST to /api/cart/* (worker/routes/forms/cart-add.ts)
 * answered with a 303 back here. Data: the cart the checkout page reads (worker/pages/checkout/index.tsx).
 */
import type { ShopCart, ShopCartItem } from '../../../core/graphql/cart';
import { cartLines } from '../../../core/graphql/cart';
import { MAX_QUANTITY_PER_LINE } from '../../../core/cart/limits';
import { CartLineProduct, CartLineTotal, CartSummaryList, FreeShippingProgress } from './cart/CartParts';
import { activeCodes, type CartMoney } from './cart/cart-display';
import { useShop } from './ShopContext';
import { FORM_ACTIONS } from '../../../core/form-actions';

export interface CartViewProps {
  /** The visitor's cart (SHOP_CART_FIELDS); null when they have none. */
  cart: ShopCart | null;
  /** Absolute URL that gives someone else a copy of this cart's items (GET /api/cart/share/{token}, a signed snapshot). */
  shareUrl: string | null;
  /** Level of the view's own heading ('Varukorg'); the page's h1 is the page's. */
  headingLevel?: 2 | 3;
  /** The market the cart is priced in (the checkout market): a business shopper's amounts ex VAT need it. */
  cartMoney: CartMoney;
}

export function CartView({ cart, shareUrl, headingLevel = 2, cartMoney }: CartViewProps) {
  const { t, pricesIncludeVat } = useShop();
  const lines = cartLines(cart);
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="cart-view" aria-labelledby="cart-view-title" data-cart-view="">
      <Heading id="cart-view-title" className="cart-view__title">
        {t('cart.title')}
      </Heading>
      {!cart || lines.length === 0 ? (
        <p className="cart-view__empty">{t('cart.empty')}</p>
      ) : (
        <>
          <FreeShippingProgress cart={cart} t={t} exVatIn={pricesIncludeVat ? null : cartMoney} />
          <ul className="cart-lines" aria-label={t('cart.items')}>
            {lines.map((item) => (
              <CartViewLine key={item.skuId} item={item} headingLevel={headingLevel === 2 ? 3 : 4} />
            ))}
          </ul>
          <PromoCodeForm cart={cart} />
          <CartSummaryList cart={cart} t={t} includeVat={pricesIncludeVat} />
          {shareUrl && <ShareLink url={shareUrl} />}
        </>
      )}
    </section>
  );
}

function CartViewLine({ item, headingLevel }: { item: ShopCartItem; headingLevel: 3 | 4 }) {
  const { t, href, currentPath, pricesIncludeVat } = useShop();
  const name = item.product?.name ?? '';
  const quantityId = `cart-quantity-${item.skuId}`;
  return (
    <li className="cart-line">
      <CartLineProduct
        item={item}
        t={t}
        includeVat={pricesIncludeVat}
        productHref={(alias) => href('product', { alias })}
        headingLevel={headingLevel}
      />
      <div className="cart-line__controls">
        <form className="cart-line__quantity" method="post" action={FORM_ACTIONS.cartUpdate}>
          <input type="hidden" name="skuId" value={item.skuId} />
          <input type="hidden" name="redirect" value={currentPath} />
          <label className="visually-hidden" htmlFor={quantityId}>
            {t('cart.quantityOf', { name })}
          </label>
          <input
            id={quantityId}
            className="cart-line__quantity-input"
            type="number"
            name="quantity"
            inputMode="numeric"
            min={0}
            max={MAX_QUANTITY_PER_LINE}
            defaultValue={item.quantity}
          />
          <button type="submit" className="button button--ghost cart-line__update">
            {t('cart.update')}
            <span className="visually-hidden"> {name}</span>
          </button>
        </form>
        <CartLineTotal item={item} includeVat={pricesIncludeVat} />
        <form method="post" action={FORM_ACTIONS.cartRemove}>
          <input type="hidden" name="skuId" value={item.skuId} />
          <input type="hidden" name="redirect" value={currentPath} />
          <button type="submit" className="cart-line__remove">
            {t('cart.remove')}
            <span className="visually-hidden"> {name}</span>
          </button>
        </form>
      </div>
    </li>
  );
}

/**
 * The codes without JavaScript: each active code (the promo code, each gift card) in a form of its own whose
 * button takes that code off (remove=promo|giftCard, code), and the field for another beside them.
 */
function PromoCodeForm({ cart }: { cart: ShopCart }) {
  const { t, currentPath } = useShop();
  const active = activeCodes(cart, t);
  return (
    <div className={active.length > 0 ? 'promo-code promo-code--active' : 'promo-code'}>
      {active.map((entry) => (
        <form
          key={`${entry.kind}:${entry.code}`}
          className="promo-code__entry"
          method="post"
          action={FORM_ACTIONS.cartPromoCode}
        >
          <input type="hidden" name="redirect" value={currentPath} />
          <input type="hidden" name="remove" value={entry.kind} />
          <input type="hidden" name="code" value={entry.code} />
          <p className="promo-code__active">{entry.text}</p>
          <button type="submit" className="button button--ghost">
            {entry.remove}
            <span className="visually-hidden"> {entry.code}</span>
          </button>
        </form>
      ))}
      <form className="promo-code__form" method="post" action={FORM_ACTIONS.cartPromoCode}>
        <input type="hidden" name="redirect" value={currentPath} />
        <label className="promo-code__label" htmlFor="cart-promo-code">
          {t('cart.promo.label')}
        </label>
        <div className="promo-code__row">
          <input
            id="cart-promo-code"
            className="promo-code__input"
            name="code"
            autoComplete="off"
            required
            maxLength={64}
          />
          <button type="submit" className="button button--ghost">
            {t('cart.promo.apply')}
          </button>
        </div>
      </form>
    </div>
  );
}

function ShareLink({ url }: { url: string }) {
  const { t } = useShop();
  return (
    <section className="cart-share" aria-labelledby="cart-share-title">
      <h3 id="cart-share-title" className="cart-share__title">
        {t('cart.share.label')}
      </h3>
      <p className="cart-share__text">{t('cart.share.text')}</p>
      <label className="visually-hidden" htmlFor="cart-share-url">
        {t('cart.share.linkLabel')}
      </label>
      <input id="cart-share-url" className="cart-share__input" readOnly value={url} />
    </section>
  );
}
