/**
 * The main navigation from the API's 'main' menu. One list serves every width: on phones and tablets it
 * is a popover drawer opened by the header's menu button (`popovertarget`, no script needed; Escape and
 * a click outside close it); from laptop width CSS shows it as a bar under the header. Items with
 * children are `<details>` disclosures sharing one `name`, so opening one closes the others.
 */
import type { NavLink } from './chrome-data';
import { useShop } from './ShopContext';

export const SITE_MENU_ID = 'site-menu';

function MenuLink({ link, className }: { link: NavLink; className: string }) {
  return (
    <a
      className={className}
      href={link.href}
      aria-current={link.current ? 'page' : undefined}
      {...(link.external ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {link.label}
    </a>
  );
}

function MenuGroup({ link }: { link: NavLink }) {
  const { t } = useShop();
  const holdsCurrent = link.current || link.children.some((child) => child.current);
  return (
    <details className="main-nav__group" name="main-nav" data-dismissable="">
      <summary className={holdsCurrent ? 'main-nav__link main-nav__link--current' : 'main-nav__link'}>
        {link.label}
      </summary>
      <div className="main-nav__panel">
        <MenuLink link={{ ...link, label: t('chrome.showAll', { name: link.label }) }} className="main-nav__all" />
        <ul className="main-nav__children">
          {link.children.map((child) => (
            <li key={child.href}>
              <MenuLink link={child} className="main-nav__child" />
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

export function MainNav({ items }: { items: readonly NavLink[] }) {
  const { t } = useShop();
  if (items.length === 0) return null;
  return (
    <nav id={SITE_MENU_ID} className="site-menu" popover="auto" aria-label={t('chrome.mainNav')}>
      <div className="site-menu__head">
        <span className="site-menu__title" aria-hidden="true">
          {t('chrome.menu')}
        </span>
        <button
          type="button"
          className="site-menu__close"
          popoverTarget={SITE_MENU_ID}
          popoverTargetAction="hide"
          aria-label={t('chrome.closeMenu')}
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" focusable="false">
            <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <ul className="main-nav">
        {items.map((item) => (
          <li key={item.href} className="main-nav__item">
            {item.children.length > 0 ? <MenuGroup link={item} /> : <MenuLink link={item} className="main-nav__link" />}
          </li>
        ))}
      </ul>
    </nav>
  );
}
