/**
 * Pieces of the cart shown both by the server-rendered cart view (no JavaScript) and by the cart panel
 * island: a line's product (image, name, brand, size, campaign, unit price) and the summary with the
 * progress to free shipping. They take the translator and link builder as props, so they render the same
 * in both places.
 */
import type { ShopCart, ShopCartItem } from '../../../../core/graphql/cart';
import {
  campaignText,
  freeShippingProgress,
  regularText,
  sellingText,
  sizeOf,
  summaryRows,
  type CartMoney,
  type CartTranslate,
} from './cart-display';

export const CART_IMAGE_SIZE = 80;

export interface CartLineProductProps {
  item: ShopCartItem;
  t: CartTranslate;
  includeVat: boolean;
  productHref: (alias: string) => string;
  /** Heading level of the product name inside the list. */
  headingLevel?: 2 | 3 | 4;
}

export function CartLineProduct({ item, t, includeVat, productHref, headingLevel = 3 }: CartLineProductProps) {
  const product = item.product;
  const image = product?.productImages?.[0];
  const size = sizeOf(item);
  const campaign = campaignText(item);
  const regular = regularText(item.unitPrice, includeVat);
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      <div className="cart-line__media">
        {image && (
          <img
            src={`/images/products/${image.fileName}`}
            alt=""
            width={CART_IMAGE_SIZE}
            height={CART_IMAGE_SIZE}
            loading="lazy"
            decoding="async"
          />
        )}
      </div>
      <div className="cart-line__info">
        {product?.brand?.name && <p className="cart-line__brand">{product.brand.name}</p>}
        <Heading className="cart-line__name">
          {product ? <a href={productHref(product.alias)}>{product.name}</a> : null}
        </Heading>
        {size && <p className="cart-line__meta">{t('cart.size', { size })}</p>}
        {campaign && <p className="cart-line__campaign">{t('cart.campaign', { campaign })}</p>}
        <p className="cart-line__unit">
          <span className={regular ? 'cart-line__price cart-line__price--sale' : 'cart-line__price'}>
            {t('cart.unitPrice', { price: sellingText(item.unitPrice, includeVat) })}
          </span>
          {regular && <s className="cart-line__regular">{regular}</s>}
        </p>
      </div>
    </>
  );
}

export function CartLineTotal({ item, includeVat }: { item: ShopCartItem; includeVat: boolean }) {
  return <p className="cart-line__total">{sellingText(item.totalPrice, includeVat)}</p>;
}

/** The progress to free shipping (spec §3 shipping.amountLeftToFreeShipping). */
/** The bar to free shipping; `exVatIn` (the cart's market) when prices show excluding VAT, else none. */
export function FreeShippingProgress({
  cart,
  t,
  exVatIn = null,
}: {
  cart: ShopCart;
  t: CartTranslate;
  exVatIn?: CartMoney | null;
}) {
  const progress = freeShippingProgress(cart, t, exVatIn);
  if (!progress) return null;
  return (
    <div className={progress.reached ? 'free-shipping free-shipping--reached' : 'free-shipping'}>
      <p className="free-shipping__text">{progress.text}</p>
      <progress
        className="free-shipping__bar"
        max={100}
        value={Math.round(progress.share * 100)}
        aria-label={t('cart.freeShipping.progress')}
      />
    </div>
  );
}

/** The summary rows (subtotal, discount, shipping, totals, VAT, balance) as a description list. */
export function CartSummaryList({ cart, t, includeVat }: { cart: ShopCart; t: CartTranslate; includeVat: boolean }) {
  return (
    <dl className="cart-summary">
      {summaryRows(cart, includeVat, t).map((row) => (
        <div
          key={row.key}
          className={row.emphasis ? 'cart-summary__row cart-summary__row--total' : 'cart-summary__row'}
          data-row={row.key}
        >
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
