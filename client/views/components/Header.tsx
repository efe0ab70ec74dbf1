/**
 * The page header (issue 5 "Header and footer"): the shop's terms in a top bar with the customer-type
 * switch and the market/language picker, then logo, search, account and cart, then the main menu from
 * the API. Everything in it works without JavaScript; the search box and the mini cart (count, cart
 * panel, 'added' notice) are islands.
 */
import CartCounter, { type CartCounterProps } from '../../islands/CartCounter';
import { cartMessages } from './cart/cart-messages';
import SearchBox from '../../islands/SearchBox';
import type { ChromeData } from './chrome-data';
import { CustomerTypeSwitch } from './CustomerTypeSwitch';
import { Island } from './Island';
import { MainNav, SITE_MENU_ID } from './MainNav';
import { MarketPicker } from './MarketPicker';
import { useShop } from './ShopContext';
import { FavoritesLink } from './FavoritesLink';
import { CheckoutHeader } from './checkout/CheckoutHeader';
import { FORM_ACTIONS } from '../../../core/form-actions';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';
import { LoginForm } from './account/LoginForm';
import { MY_PAGES } from './account/AccountNav';

/** The header's login panel (issue 13): the page script opens it from the account link. */
export const LOGIN_PANEL_ID = 'login-panel';

/**
 * "Logga in" / "Mina sidor" (spec §4): a link to the account page, carrying where the shopper is so a
 * login lands back here. For a guest, with JavaScript, it opens the login panel instead
 * (client/browser/page-chrome.ts); another tab's login or logout changes it in place
 * (client/store/tab-sync.ts), from the labels it carries.
 */
/**
 * A logged-in customer's "Mina sidor": a disclosure (it opens without JavaScript) with the pages of my
 * pages and "Logga ut" (spec §4: logout from the header clears user and cookies; the page script sends it
 * through the auth endpoint and tells the other tabs).
 */
export function AccountMenu() {
  const { t, href, currentPath } = useShop();
  return (
    <details className="account-menu" data-dismissable="" data-account-menu="">
      <summary className="header-action" data-account-link="">
        <AccountIcon />
        <span className="header-action__text">{t('chrome.myAccount')}</span>
      </summary>
      <div className="account-menu__panel">
        {MY_PAGES.map((page) => (
          <a key={page.screen} className="account-menu__item" href={href(page.screen)}>
            {t(page.label)}
          </a>
        ))}
        <form method="post" action={ACCOUNT_FORM_ACTIONS.accountLogout} data-auth-form="logout">
          <input type="hidden" name="redirect" value={currentPath} />
          <button className="account-menu__item" type="submit">
            {t('account.logout')}
          </button>
        </form>
      </div>
    </details>
  );
}

function AccountLink() {
  const { t, href, loggedIn, currentPath } = useShop();
  const account = href('account');
  const onAccountPage = currentPath === account || currentPath.startsWith(`${account}?`);
  const guestHref = onAccountPage ? account : `${account}?redirect=${encodeURIComponent(currentPath)}`;
  if (loggedIn) return <AccountMenu />;
  return (
    <>
      <a
        className="header-action"
        href={guestHref}
        data-account-link=""
        data-label-in={t('chrome.myAccount')}
        data-label-out={t('chrome.login')}
        data-href-in={account}
        data-href-out={guestHref}
        {...(!onAccountPage ? { 'data-login-trigger': LOGIN_PANEL_ID, 'aria-haspopup': 'dialog' } : {})}
      >
        <AccountIcon />
        <span className="header-action__text" data-account-label="">
          {t('chrome.login')}
        </span>
      </a>
      {!onAccountPage && (
        <div
          className="login-panel"
          id={LOGIN_PANEL_ID}
          popover="auto"
          role="dialog"
          aria-labelledby="login-panel-title"
        >
          <div className="login-panel__head">
            <h2 className="login-panel__title" id="login-panel-title">
              {t('account.loginHeading')}
            </h2>
            <button
              className="login-panel__close"
              type="button"
              popoverTarget={LOGIN_PANEL_ID}
              popoverTargetAction="hide"
              aria-label={t('account.close')}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <LoginForm idPrefix="panel" labelledBy="login-panel-title" page={guestHref} redirect={currentPath} />
          <p className="login-panel__links">
            <a href={`${account}#forgot`}>{t('account.forgotLink')}</a>
            <a href={`${account}#register`}>{t('account.registerLink')}</a>
          </p>
        </div>
      )}
    </>
  );
}

function AccountIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M4 20c1.4-3.6 4.3-5.5 8-5.5s6.6 1.9 8 5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The search box island; its server markup is the plain GET form to /api/search. */
function HeaderSearch({ chrome }: { chrome: ChromeData }) {
  const { t, href, locale, localeIso, pricesIncludeVat, currentPath } = useShop();
  return (
    <div className="site-header__search">
      <Island
        name="SearchBox"
        component={SearchBox}
        wake="typing"
        props={{
          id: 'site-search',
          action: FORM_ACTIONS.search,
          locale,
          redirect: currentPath,
          productPath: href('product', { alias: '{alias}' }).replace('%7Balias%7D', '{alias}'),
          scope: chrome.searchScope,
          pricesIncludeVat,
          localeIso,
          labels: {
            label: t('chrome.search.label'),
            placeholder: t('chrome.search.placeholder'),
            submit: t('chrome.search.submit'),
            suggestions: t('chrome.search.suggestions'),
            showAll: t('chrome.search.showAll', { term: '{{term}}' }),
            zero: t('chrome.search.count.zero'),
            one: t('chrome.search.count.one'),
            other: t('chrome.search.count.other', { count: '{{count}}' }),
            failed: t('chrome.search.failed'),
            tryAgain: t('errors.tryAgain'),
          },
        }}
      />
    </div>
  );
}

export interface HeaderProps {
  cartCount: number;
  freeShippingFrom: string | null;
  chrome: ChromeData;
  /** The checkout's 'undistracted' layout (spec §2): logo, settings and cart, no menu or search. */
  undistracted?: boolean;
}

export function Header({ cartCount, freeShippingFrom, chrome, undistracted = false }: HeaderProps) {
  const { t, href, localeIso, pricesIncludeVat } = useShop();
  if (undistracted) return <CheckoutHeader />;
  const cartProps: CartCounterProps = {
    count: cartCount,
    localeIso,
    // The island fills in the count itself, so the placeholder is kept.
    labels: {
      zero: t('header.cartCount.zero'),
      one: t('header.cartCount.one', { count: '{{count}}' }),
      other: t('header.cartCount.other', { count: '{{count}}' }),
    },
    checkoutHref: href('checkout'),
    productPath: href('product', { alias: '{alias}' }).replace('%7Balias%7D', '{alias}'),
    pricesIncludeVat,
    messages: cartMessages(t, pricesIncludeVat),
  };
  return (
    <header className="site-header" data-site-header="">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <div className="topbar">
        <div className="topbar__inner">
          {freeShippingFrom && <p className="topbar__usp">{t('header.usp', { freeFrom: freeShippingFrom })}</p>}
          <div className="topbar__settings">
            <CustomerTypeSwitch />
            <MarketPicker chrome={chrome} />
          </div>
        </div>
      </div>
      <div className="site-header__bar">
        {!undistracted && chrome.mainMenu.length > 0 && (
          <button type="button" className="menu-button" popoverTarget={SITE_MENU_ID}>
            <MenuIcon />
            <span className="menu-button__text">{t('chrome.menu')}</span>
          </button>
        )}
        <a className="logo" href={href('index')}>
          <span className="logo__mark" aria-hidden="true">
            K
          </span>
          <span className="logo__text">{t('meta.siteName')}</span>
        </a>
        {!undistracted && <HeaderSearch chrome={chrome} />}
        <div className="site-header__actions">
          <AccountLink />
          <FavoritesLink />
          <Island
            name="CartCounter"
            component={CartCounter}
            props={cartProps}
            // The count is the page's own (the badge), filled per shopper on a kept page.
            clientProps={{ ...cartProps, count: undefined }}
          />
        </div>
      </div>
      {!undistracted && <MainNav items={chrome.mainMenu} />}
    </header>
  );
}
