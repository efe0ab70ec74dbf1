/**
 * The favorite toggle on a product card (spec §4 'Favorites toggle add/remove'): the same plain form as
 * the product page's (POST /api/favorites/toggle, works without JavaScript), as a heart button in the
 * card's corner whose `aria-pressed` says whether the product is a favorite. The heart is drawn by CSS
 * (client/styles/favorites.css), not an inline SVG: a list has 48 of these, and every element in a card
 * is rendered 48 times. The page script (client/browser/favorite-toggle.ts) sends it without a page load.
 */
import { escapeHtml, hiddenField } from './html-string';
import { useShop } from './ShopContext';
import { FORM_ACTIONS } from '../../../core/form-actions';

export function CardFavoriteToggle({ productId, name }: { productId: number; name: string }) {
  const { t, currentPath, favoriteIds } = useShop();
  const pressed = favoriteIds?.has(productId) ?? false;
  // The form's fields as one string (client/views/components/html-string.ts): rendered 48 times per list.
  const fields =
    hiddenField('productId', productId) +
    hiddenField('redirect', currentPath) +
    `<button type="submit" class="favorite-button" aria-pressed="${pressed}" aria-label="${escapeHtml(t('favorites.toggle', { name }))}"></button>`;
  return (
    <form
      className="favorite-form favorite-form--card"
      method="post"
      action={FORM_ACTIONS.favoriteToggle}
      dangerouslySetInnerHTML={{ __html: fields }}
    />
  );
}
