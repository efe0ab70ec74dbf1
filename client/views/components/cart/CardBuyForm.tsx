/**
 * Add to cart from a product card (issue 6 "Add from list cards"): a buy button that posts what the product
 * page's form posts (POST /api/cart/add with productId and redirect, works without JavaScript; the server
 * takes a product's only sku) through its grid's one form (`form`: CardActionsForm, ProductGrid.tsx),
 * for a product with one sku that can be bought. `data-sku-id` is that sku, for the page script.
 * A product with sizes links to its page to choose one (spec §5 'Du måste välja storlek först'); one out
 * of stock offers nothing here (its stock state says why). With JavaScript, client/store/add-to-cart-forms.ts
 * adds without leaving the page.
 */
import { escapeHtml } from '../html-string';
import type { ShopContextValue } from '../ShopContext';

export interface CardBuyFormProps {
  productId: number | undefined;
  alias: string;
  name: string;
  /** The product's skus as the card has them; a sku without an id cannot be added from the card. */
  skuIds: (number | undefined)[];
  purchasable: boolean;
  /** The grid's form (CardActionsForm, ProductGrid.tsx), which posts to /api/cart/add and carries the page to come back to. */
  formId: string;
}

/**
 * The card's buy button (or its "choose size" link) as a string, like the rest of the card (ProductCard.tsx);
 * nothing when the card offers nothing to buy.
 */
export function cardBuyFormHtml(
  shop: ShopContextValue,
  { productId, alias, name, skuIds, purchasable, formId }: CardBuyFormProps,
) {
  const { t, href } = shop;
  if (!purchasable || productId === undefined || skuIds.length === 0) return '';
  if (skuIds.length > 1) {
    return (
      `<a class="button button--ghost card-buy" href="${escapeHtml(href('product', { alias }))}"` +
      ` aria-label="${escapeHtml(`${t('cart.chooseSize')} ${name}`)}">${escapeHtml(t('cart.chooseSize'))}</a>`
    );
  }
  const [skuId] = skuIds;
  if (skuId === undefined) return '';
  // The failure text is on the grid once (ProductCards), not on each of a list's 48 buttons.
  return (
    `<button type="submit" form="${escapeHtml(formId)}" name="productId" value="${productId}" data-sku-id="${skuId}"` +
    ` class="button button--buy card-buy" aria-label="${escapeHtml(`${t('cart.buy')} ${name}`)}">${escapeHtml(t('cart.buy'))}</button>`
  );
}
