/**
 * The favorite toggle on a product card (spec §4 'Favorites toggle add/remove'): the same plain form as
 * the product page's (POST /api/favorites/toggle, works without JavaScript), as a heart button in the
 * card's corner whose `aria-pressed` says whether the product is a favorite. The page script
 * (client/favorite-toggle.ts) sends it without a page load.
 */
import { FAVORITE_TOGGLE_ACTION } from './product/BuyForm';
import { HeartIcon } from './FavoritesLink';
import { useShop } from './ShopContext';

export function CardFavoriteToggle({ productId, name }: { productId: number; name: string }) {
  const { t, currentPath, favoriteIds } = useShop();
  return (
    <form className="favorite-form favorite-form--card" method="post" action={FAVORITE_TOGGLE_ACTION}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirect" value={currentPath} />
      <button
        type="submit"
        className="favorite-button"
        aria-pressed={favoriteIds?.has(productId) ?? false}
        aria-label={t('favorites.toggle', { name })}
      >
        <HeartIcon size={22} />
      </button>
    </form>
  );
}
