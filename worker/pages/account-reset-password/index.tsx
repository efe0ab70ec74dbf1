/**
 * Choosing a new password (spec §2 `/account/reset-password`, §8; issue 13). The link in the reset mail
 * carries `?key=` (older mails `?resetKey=`): the page moves the key into a short-lived httpOnly cookie
 * and answers 303 to its own clean URL, so the secret is in no Referer, browser history, log line or
 * analytics hit. The page then checks the key first, so an expired or used one says so at once and
 * offers a new link instead of a form that cannot work. Never indexed or cached.
 *
 * Issue 24, login CSRF: the page names the account it resets (its address masked), and a link opened
 * from another site (Sec-Fetch-Site: cross-site, which a webmail click is too) is not used until the
 * shopper confirms that account is theirs: until then the key waits unused in its own cookie. So another
 * site cannot plant its own account's key and have a shopper set its password and shop logged in as it.
 */
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ResetPasswordPage } from '../../../client/views/pages/ResetPasswordPage';
import { maskedAddress } from '../../commerce/customers/mailbox';
import { pageTitle, renderPage } from '../../render/renderer';
import { hrefFor } from '../../urls/links';
import { identityOf } from '../../identity';
import { fromAnotherSite } from '../../urls/same-site';
import { takeAccountFormState } from '../../session/account-form';
import {
  RESET_KEY_COOKIE,
  RESET_KEY_COOKIE_MAX_AGE_S,
  RESET_PENDING_COOKIE,
  RESET_PENDING_COOKIE_MAX_AGE_S,
} from '../../session/cookies';
import type { PageHandler } from '../types';

export const resetPasswordPage: PageHandler = async (c) => {
  const t = c.get('t');
  // A reset key's shape and whose it is are the API's (issue 26: a remote one checks its keys itself).
  const reset = identityOf(c).reset;
  const path = hrefFor(c, 'account-reset-password', c.get('locale'));
  c.header('Cache-Control', 'private, no-store');
  const fromLink = c.req.query('key') ?? c.req.query('resetKey');
  if (fromLink !== undefined) {
    const crossSite = fromAnotherSite(c.req.raw.headers);
    deleteCookie(c, crossSite ? RESET_KEY_COOKIE : RESET_PENDING_COOKIE, { path: '/' });
    if (reset.keyPattern.test(fromLink)) {
      setCookie(c, crossSite ? RESET_PENDING_COOKIE : RESET_KEY_COOKIE, fromLink, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: crossSite ? RESET_PENDING_COOKIE_MAX_AGE_S : RESET_KEY_COOKIE_MAX_AGE_S,
      });
    } else {
      deleteCookie(c, crossSite ? RESET_PENDING_COOKIE : RESET_KEY_COOKIE, { path: '/' });
    }
    return c.redirect(path, 303);
  }
  const keyOf = (value: string | undefined) => (value !== undefined && reset.keyPattern.test(value) ? value : null);
  const resetKey = keyOf(getCookie(c, RESET_KEY_COOKIE));
  const pendingKey = resetKey === null ? keyOf(getCookie(c, RESET_PENDING_COOKIE)) : null;
  const key = resetKey ?? pendingKey;
  // A remote API (issue 26) says whose a key is only when it is used: 'unknown'.
  const account = key === null ? null : await reset.accountOf(c, key);
  return renderPage(
    c,
    <ResetPasswordPage
      account={account === null || account === 'unknown' ? account : maskedAddress(account)}
      confirm={pendingKey !== null}
      page={path}
      accountPage={hrefFor(c, 'account', c.get('locale'))}
      state={takeAccountFormState(c)}
    />,
    { title: pageTitle(c, t('account.resetTitle')), noindex: true, prerender: true },
  );
};
