/**
 * The header's link to the favorites page (issue 6 'Favorites'): a heart with the number of favorites.
 * The count is part of the header's kept string (client/views/pages/Document.tsx keys it by the count). The
 * favorite toggle script (client/browser/favorite-toggle.ts) updates the count and the accessible name in place;
 * the names by plural form ride along as data attributes, with `{{count}}` left in.
 */
import { pluralKey } from '../../../locales';
import { useShop } from './ShopContext';

export function HeartIcon({ size = 24 }: { size?: number }) {
  return (
    <svg className="heart-icon" aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" focusable="false">
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.8 1.2 5 3 1.2-1.8 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
    </svg>
  );
}

export function FavoritesLink() {
  const { t, href, locale, localeIso, favoriteIds } = useShop();
  const count = favoriteIds?.size ?? 0;
  return (
    <a
      className="header-action favorites-link"
      href={href('favorites')}
      aria-label={t(`favorites.headerLink.${pluralKey(locale, count)}`, { count })}
      data-favorites-link=""
      data-locale-iso={localeIso}
      data-label-zero={t('favorites.headerLink.zero')}
      data-label-one={t('favorites.headerLink.one', { count: '{{count}}' })}
      data-label-other={t('favorites.headerLink.other', { count: '{{count}}' })}
    >
      <HeartIcon />
      <span className="header-action__text" aria-hidden="true">
        {t('favorites.headerText')}
      </span>
      <span className="favorites-link__count" aria-hidden="true" data-favorites-count="" hidden={count === 0}>
        {count}
      </span>
    </a>
  );
}
