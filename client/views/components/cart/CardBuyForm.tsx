/**
 * Add to cart from a product card (issue 6 "Add from list cards"): the same plain form as the product
 * page (POST /api/cart/add, works without JavaScript), for a product with one sku that can be bought.
 * A product with sizes links to its page to choose one (spec §5 'Du måste välja storlek först'); one out
 * of stock offers nothing here (its stock state says why). With JavaScript, client/store/add-to-cart-forms.ts
 * adds without leaving the page.
 */
import { escapeHtml, hiddenField } from '../html-string';
import { useShop } from '../ShopContext';
import { FORM_ACTIONS } from '../../../../core/form-actions';

export interface CardBuyFormProps {
  productId: number | undefined;
  alias: string;
  name: string;
  /** The product's skus as the card has them; a sku without an id cannot be added from the card. */
  skuIds: (number | undefined)[];
  purchasable: boolean;
}

export function CardBuyForm({ productId, alias, name, skuIds, purchasable }: CardBuyFormProps) {
  const { t, href, currentPath } = useShop();
  if (!purchasable || productId === undefined || skuIds.length === 0) return null;
  if (skuIds.length > 1) {
    return (
      <a
        className="button button--ghost card-buy"
        href={href('product', { alias })}
        aria-label={`${t('cart.chooseSize')} ${name}`}
      >
        {t('cart.chooseSize')}
      </a>
    );
  }
  const [skuId] = skuIds;
  if (skuId === undefined) return null;
  return (
    // The failure text is on the grid once (ProductCards), not on each of a list's 48 forms; the fields are
    // one string (client/views/components/html-string.ts), as the form never changes on the page.
    <form
      className="card-buy-form"
      method="post"
      action={FORM_ACTIONS.addToCart}
      dangerouslySetInnerHTML={{
        __html:
          hiddenField('productId', productId) +
          hiddenField('skuId', skuId) +
          hiddenField('redirect', currentPath) +
          `<button type="submit" class="button button--buy card-buy" aria-label="${escapeHtml(`${t('cart.buy')} ${name}`)}">${escapeHtml(t('cart.buy'))}</button>`,
      }}
    />
  );
}
