/**
 * The header's login state in place (issue 13): the account link ("Logga in" / "Mina sidor", spec §4)
 * carries both labels and both targets, so a login or logout in another tab changes it without a new
 * page. A page that shows the shopper's own content (account pages, the checkout, favorites: marked
 * `data-reload-on-auth`) or whose prices follow another customer type than the account's needs a new
 * page instead: then this answers false and the caller reloads.
 */
import { readShopScope } from '../store/scope';
import { USER_TYPE_COOKIE } from '../../core/cookies';

const LOGIN_PANEL_ID = 'login-panel';

function cookieValue(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export function showLoginState(loggedIn: boolean): boolean {
  if (document.querySelector('[data-reload-on-auth]')) return false;
  const type = cookieValue(USER_TYPE_COOKIE);
  if (type !== undefined && type !== readShopScope().customerType) return false;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-account-link]')) {
    const { labelIn, labelOut, hrefIn, hrefOut } = link.dataset;
    const href = loggedIn ? hrefIn : hrefOut;
    if (href) link.href = href;
    const label = link.querySelector('[data-account-label]');
    if (label) label.textContent = (loggedIn ? labelIn : labelOut) ?? label.textContent;
    if (loggedIn) delete link.dataset.loginTrigger;
  }
  const panel = document.getElementById(LOGIN_PANEL_ID);
  if (loggedIn && panel) {
    if (panel.matches(':popover-open')) panel.hidePopover();
    panel.remove();
  }
  return true;
}

/**
 * The account link of a guest opens the header's login panel instead of the account page (which it
 * stays without JavaScript or popover support), with the focus on its first field.
 */
export function openLoginPanelFromAccountLink(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-login-trigger]');
    const panel = link ? document.getElementById(link.dataset.loginTrigger ?? '') : null;
    if (!link || !panel || typeof panel.showPopover !== 'function') return;
    event.preventDefault();
    panel.showPopover();
    panel.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
  });
}
