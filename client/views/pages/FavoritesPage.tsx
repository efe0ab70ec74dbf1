/**
 * The favorites page: the shopper's favorite products as product cards (the heart on each removes it;
 * the card's buy button, or its way to choose a size, puts it in the cart), or an empty state
 * that leads on to new items. Everything works without JavaScript; with it the favorite toggles
 * work in place (client/browser/favorite-toggle.ts) and the empty state shows when the last card goes.
 */
import { pluralKey } from '../../../locales';
import { productCardHtml, type ProductCardData } from '../components/ProductCard';
import { CardActionsForm } from '../components/ProductGrid';
import { useShop } from '../components/ShopContext';

/** The form the favorites' cards post through (CardActionsForm). */
const FAVORITES_FORM_ID = 'favorites-actions';

/** A favorite product: the card's fields, with the id every favorite has. */
export interface FavoriteProduct extends ProductCardData {
  productId: number;
}

function EmptyFavorites({ hidden = false }: { hidden?: boolean }) {
  const { t, href } = useShop();
  return (
    <div className="favorites-empty" data-favorites-empty="" hidden={hidden}>
      <h2 className="favorites-empty__title">{t('favorites.emptyTitle')}</h2>
      <p>{t('favorites.emptyText')}</p>
      <a className="button button--primary" href={href('news')}>
        {t('favorites.emptyLink')}
      </a>
    </div>
  );
}

export function FavoritesPage({ products }: { products: readonly FavoriteProduct[] }) {
  const shop = useShop();
  const { t, href, locale, localeIso, loggedIn } = shop;
  const count = products.length;
  return (
    <div className="favorites-page" data-reload-on-auth="">
      <h1 className="favorites-page__title" tabIndex={-1}>
        {t('favorites.title')}
      </h1>
      <p
        className="favorites-page__count"
        data-favorites-page-count=""
        data-locale-iso={localeIso}
        data-label-zero={t('favorites.count.zero')}
        data-label-one={t('favorites.count.one', { count: '{{count}}' })}
        data-label-other={t('favorites.count.other', { count: '{{count}}' })}
      >
        {t(`favorites.count.${pluralKey(locale, count)}`, { count })}
      </p>
      {!loggedIn && (
        <p className="favorites-page__note">
          {t('favorites.guestNote')} <a href={href('account')}>{t('favorites.login')}</a>
        </p>
      )}
      {count === 0 ? (
        <EmptyFavorites />
      ) : (
        <>
          <CardActionsForm id={FAVORITES_FORM_ID} />
          <ul className="product-grid favorites-grid" data-favorites-list="">
            {products.map((product, index) => {
              // The first row's images load at once (as a list's, ProductCards).
              const eagerImage = index < 4;
              const card = productCardHtml(shop, product, {
                formId: FAVORITES_FORM_ID,
                listName: t('favorites.title'),
                index,
                headingLevel: 2,
                eagerImage,
              });
              return (
                <li key={product.productId} className="favorite-item" dangerouslySetInnerHTML={{ __html: card }} />
              );
            })}
          </ul>
          <EmptyFavorites hidden />
        </>
      )}
    </div>
  );
}
