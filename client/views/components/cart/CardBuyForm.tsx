/**
 * Add to cart from a product card (issue 6 "Add from list cards"): the same plain form as the product
 * page (POST /api/cart/add, works without JavaScript), for a product with one sku that can be bought.
 * A product with sizes links to its page to choose one (spec §5 'Du måste välja storlek först'); one out
 * of stock offers nothing here (its stock state says why). With JavaScript, client/store/add-to-cart-forms.ts
 * adds without leaving the page.
 */
import { escapeHtml, hiddenField } from '../html-string';
import type { ShopContextValue } from '../ShopContext';
import { FORM_ACTIONS } from '../../../../core/form-actions';

export interface CardBuyFormProps {
  productId: number | undefined;
  alias: string;
  name: string;
  /** The product's skus as the card has them; a sku without an id cannot be added from the card. */
  skuIds: (number | undefined)[];
  purchasable: boolean;
}

/**
 * The card's buy form (or its "choose size" link) as a string, like the rest of the card (ProductCard.tsx);
 * nothing when the card offers nothing to buy.
 */
export function cardBuyFormHtml(
  shop: ShopContextValue,
  { productId, alias, name, skuIds, purchasable }: CardBuyFormProps,
) {
  const { t, href, currentPath } = shop;
  if (!purchasable || productId === undefined || skuIds.length === 0) return '';
  if (skuIds.length > 1) {
    return (
      `<a class="button button--ghost card-buy" href="${escapeHtml(href('product', { alias }))}"` +
      ` aria-label="${escapeHtml(`${t('cart.chooseSize')} ${name}`)}">${escapeHtml(t('cart.chooseSize'))}</a>`
    );
  }
  const [skuId] = skuIds;
  if (skuId === undefined) return '';
  // The failure text is on the grid once (ProductCards), not on each of a list's 48 forms.
  return (
    `<form class="card-buy-form" action="${escapeHtml(FORM_ACTIONS.addToCart)}" method="post">` +
    hiddenField('productId', productId) +
    hiddenField('skuId', skuId) +
    hiddenField('redirect', currentPath) +
    `<button type="submit" class="button button--buy card-buy" aria-label="${escapeHtml(`${t('cart.buy')} ${name}`)}">${escapeHtml(t('cart.buy'))}</button>` +
    '</form>'
  );
}
