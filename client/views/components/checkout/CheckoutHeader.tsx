/**
 * The header of the undistracted layout (spec §2, the checkout): the shop's logo, 'Säker kassa' and a way
 * back to the shop; no menus, search, pickers or cart, so nothing leads the shopper away by accident.
 */
import { useShop } from '../ShopContext';

function LockIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function CheckoutHeader() {
  const { t, href } = useShop();
  return (
    <header className="site-header checkout-header">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <div className="checkout-header__bar">
        <a className="logo" href={href('index')}>
          <span className="logo__mark" aria-hidden="true">
            K
          </span>
          <span className="logo__text">{t('meta.siteName')}</span>
        </a>
        <p className="checkout-header__secure">
          <LockIcon />
          {t('checkout.secure')}
        </p>
        <a className="checkout-header__back" href={href('index')}>
          {t('checkout.backToShop')}
        </a>
      </div>
    </header>
  );
}
