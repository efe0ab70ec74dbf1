/**
 * Loaded when needed (client/browser/entry.tsx): the header's login state in place, and the passkey
 * buttons.
 *
 * The header's login state in place (issue 13): the account link ("Logga in" / "Mina sidor", spec §4)
 * carries both labels and both targets, so a login or logout in another tab changes it without a new
 * page. A page that shows the shopper's own content (account pages, the checkout, favorites: marked
 * `data-reload-on-auth`) or whose prices follow another customer type than the account's needs a new
 * page instead: then this answers false and the caller reloads.
 */
import { readShopScope } from '../store/scope';

/** `customerType`: the type the other tab's new page shows prices for (the account's, after a login). */
export function showLoginState(loggedIn: boolean, customerType?: unknown): boolean {
  if (document.querySelector('[data-reload-on-auth]')) return false;
  // A customer's header menu (with its logout form) has no guest form to turn into: a new page.
  if (!loggedIn && document.querySelector('[data-account-menu]')) return false;
  if (typeof customerType === 'string' && customerType !== readShopScope().customerType) return false;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-account-link]')) {
    const { labelIn, labelOut, hrefIn, hrefOut } = link.dataset;
    const href = loggedIn ? hrefIn : hrefOut;
    if (href) link.href = href;
    const label = link.querySelector('[data-account-label]');
    if (label) label.textContent = (loggedIn ? labelIn : labelOut) ?? label.textContent;
    // Logged in: the link leads to the account; its login panel goes.
    const panel = link.dataset.loginTrigger ? document.getElementById(link.dataset.loginTrigger) : null;
    if (loggedIn) {
      delete link.dataset.loginTrigger;
      link.removeAttribute('aria-haspopup');
      if (panel?.matches(':popover-open')) panel.hidePopover();
      panel?.remove();
    }
  }
  return true;
}

/**
 * Passkeys can work here: the browser has WebAuthn and the page is on a domain name over HTTPS (or
 * localhost); WebAuthn refuses IP addresses such as the dev server's 127.0.0.1.
 */
export function passkeysUsableHere(): boolean {
  const host = location.hostname;
  const secureName = location.protocol === 'https:' || host === 'localhost';
  const ipAddress = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[');
  return typeof window.PublicKeyCredential === 'function' && secureName && !ipAddress;
}

/**
 * Shows the passkey buttons where they can work (the login forms' "log in with a passkey", the account
 * page's "add a passkey"), or says why not; the ceremony's script (client/browser/passkeys.ts) loads
 * only when one is pressed.
 */
let passkeyButtonsStarted = false;

export function startPasskeyButtons(): void {
  if (passkeyButtonsStarted) return;
  passkeyButtonsStarted = true;
  const usable = passkeysUsableHere();
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-passkey-login]')) button.hidden = !usable;
  const add = document.querySelector<HTMLButtonElement>('[data-passkey-add]');
  const note = document.querySelector<HTMLElement>('[data-passkey-note]');
  if (add) add.hidden = !usable;
  if (note && add) {
    if (usable) note.hidden = true;
    else note.textContent = (JSON.parse(add.dataset.messages ?? '{}') as { unsupported?: string }).unsupported ?? '';
  }
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(
      'button[data-passkey-login], button[data-passkey-add]',
    );
    if (!button) return;
    event.preventDefault();
    void import('./passkeys').then((module) =>
      button.dataset.passkeyAdd === undefined ? module.logInWithPasskey(button) : module.addPasskey(button),
    );
  });
}
