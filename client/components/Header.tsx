import CartCounter from '../islands/CartCounter';
import { Island } from './Island';
import { useShop } from './ShopContext';

export function Header({ cartCount, freeShippingFrom }: { cartCount: number; freeShippingFrom: string | null }) {
  const { t, localeIso, localePrefix } = useShop();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      {freeShippingFrom && <p className="usp-bar">{t('header.usp', { freeFrom: freeShippingFrom })}</p>}
      <div className="site-header__bar">
        <a className="logo" href={localePrefix || '/'}>
          <span className="logo__mark" aria-hidden="true">K</span>
          <span className="logo__text">{t('meta.siteName')}</span>
        </a>
        <Island
          name="CartCounter"
          component={CartCounter}
          props={{
            count: cartCount,
            localeIso,
            // The island fills in the count itself, so the placeholder is kept.
            labels: {
              zero: t('header.cartCount.zero'),
              one: t('header.cartCount.one', { count: '{{count}}' }),
              other: t('header.cartCount.other', { count: '{{count}}' }),
            },
          }}
        />
      </div>
    </header>
  );
}
