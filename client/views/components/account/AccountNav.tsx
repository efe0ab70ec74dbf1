/**
 * The account pages' navigation (issue 14, "my pages"): the pages a logged-in customer has, the current
 * one marked. Moving between them does not scroll to the top of the page (spec §2): each link leads to
 * the next page's title (`#account-title`), whose scroll margin is as tall as the header, so a shopper at
 * the top stays there and one further down keeps the title and the navigation in view. Plain links: it
 * works without JavaScript.
 */
import type { ReactNode } from 'react';
import type { Screen } from '../../../../locales/routes';
import type { MessageKey } from '../../../../locales';
import { useShop } from '../ShopContext';

const PAGES: readonly {
  screen: Extract<Screen, 'account' | 'account-orders' | 'account-balance' | 'account-settings'>;
  label: MessageKey;
}[] = [
  { screen: 'account', label: 'account.nav.overview' },
  { screen: 'account-orders', label: 'account.nav.orders' },
  { screen: 'account-balance', label: 'account.nav.balance' },
  { screen: 'account-settings', label: 'account.nav.settings' },
];

/** The id of my pages' title, where the navigation's links land. */
const MY_PAGES_TOP = 'account-title';

/** The pages of my pages, for the header's "Mina sidor" menu too. */
export const MY_PAGES = PAGES;

export function AccountNav({ current }: { current: (typeof PAGES)[number]['screen'] }) {
  const { t, href } = useShop();
  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul className="account-nav__list">
        {PAGES.map((page) => (
          <li key={page.screen}>
            <a
              className="account-nav__link"
              href={`${href(page.screen)}#${MY_PAGES_TOP}`}
              aria-current={page.screen === current ? 'page' : undefined}
            >
              {t(page.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The frame of every page of my pages: the title (`account-title`, which sections may name), the
 * navigation, and the page; or, when its data could not be loaded (`failed`), that message instead.
 * The page is the customer's own: another tab's login or logout loads it anew.
 */
export function MyPagesLayout({
  title,
  current,
  failed,
  children,
}: {
  title: string;
  current: (typeof PAGES)[number]['screen'];
  failed?: MessageKey;
  children: ReactNode;
}) {
  const { t } = useShop();
  return (
    <div className="account-page" data-reload-on-auth="">
      <h1 className="account-page__title" id={MY_PAGES_TOP}>
        {title}
      </h1>
      <AccountNav current={current} />
      {failed ? (
        <p className="notice notice--error" role="alert">
          {t(failed)}
        </p>
      ) : (
        children
      )}
    </div>
  );
}
