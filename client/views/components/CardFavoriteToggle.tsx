/**
 * The favorite toggle on a product card (spec §4 'Favorites toggle add/remove'): the same plain form as
 * the product page's (POST /api/favorites/toggle, works without JavaScript), as a heart button in the
 * card's corner whose `aria-pressed` says whether the product is a favorite. The heart is drawn by CSS
 * (client/styles/favorites.css), not an inline SVG: a list has 48 of these, and every element in a card
 * is rendered 48 times. The page script (client/browser/favorite-toggle.ts) sends it without a page load.
 */
import { escapeHtml, hiddenField } from './html-string';
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

/** The toggle's form as a string (client/views/components/html-string.ts): rendered 48 times per list. */
export function cardFavoriteToggleHtml(shop: ShopContextValue, productId: number, name: string): string {
  const { t, currentPath, favoriteIds } = shop;
  const pressed = favoriteIds?.has(productId) ?? false;
  return (
    `<form class="favorite-form favorite-form--card" action="${escapeHtml(FORM_ACTIONS.favoriteToggle)}" method="post">` +
    hiddenField('productId', productId) +
    hiddenField('redirect', currentPath) +
    `<button type="submit" class="favorite-button" aria-pressed="${pressed}" aria-label="${escapeHtml(toggleLabel(t, name))}"></button>` +
    '</form>'
  );
}
