/**
 * The favorite toggle on a product card (spec §4 'Favorites toggle add/remove'): a heart button in the
 * card's corner whose `aria-pressed` says whether the product is a favorite. It posts what the product
 * page's form posts (POST /api/favorites/toggle with productId and redirect, works without JavaScript)
 * through its grid's one form (`form`, `formaction`: CardActionsForm, ProductGrid.tsx): the card has
 * no form of its own. The heart is drawn by CSS (client/styles/favorites.css), not an inline SVG: a list
 * has 48 of these, and every element in a card is rendered 48 times. The page script
 * (client/browser/favorite-toggle.ts) sends it without a page load.
 */
import { escapeHtml } from './html-string';
import type { ShopContextValue } from './ShopContext';
import type { Translate } from '../../../locales';
import { FORM_ACTIONS } from '../../../core/form-actions';

/** Stands for the product's name in the toggle's label. */
const NAME = '\u0000';
/** The label's text around the name, per translator (a request): asked once, not for each of a list's 48 cards. */
const LABEL_PARTS = new WeakMap<Translate, string[]>();

/** 'Spara {name} som favorit' in the page's language. */
function toggleLabel(t: Translate, name: string): string {
  let parts = LABEL_PARTS.get(t);
  if (!parts) {
    parts = t('favorites.toggle', { name: NAME }).split(NAME);
    LABEL_PARTS.set(t, parts);
  }
  return parts.join(name);
}

/**
 * The toggle as a string (client/views/components/html-string.ts): rendered 48 times per list. `formId`
 * names the grid's form (CardActionsForm, ProductGrid.tsx), which carries the page to come back to.
 */
export function cardFavoriteToggleHtml(
  shop: ShopContextValue,
  productId: number,
  name: string,
  formId: string,
): string {
  const { t, favoriteIds } = shop;
  const pressed = favoriteIds?.has(productId) ?? false;
  return (
    `<button type="submit" form="${escapeHtml(formId)}" formaction="${escapeHtml(FORM_ACTIONS.favoriteToggle)}"` +
    ` name="productId" value="${productId}" class="favorite-button favorite-button--card" aria-pressed="${pressed}"` +
    ` aria-label="${escapeHtml(toggleLabel(t, name))}"></button>`
  );
}
