/**
 * Choosing a new password (spec §2 `/account/reset-password`, §8; issue 13). The link in the reset mail
 * carries `?key=` (older mails `?resetKey=`): the page moves the key into a short-lived httpOnly cookie
 * and answers 303 to its own clean URL, so the secret is in no Referer, browser history, log line or
 * analytics hit. The page then checks the key first, so an expired or used one says so at once and
 * offers a new link instead of a form that cannot work. Never indexed or cached.
 */
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ResetPasswordPage } from '../../../client/views/pages/ResetPasswordPage';
import { passwordResetUsable, RESET_KEY_PATTERN } from '../../commerce/customers/customers';
import { pageTitle, renderPage } from '../../render/renderer';
import { hrefFor } from '../../urls/links';
import { takeAccountFormState } from '../../session/account-form';
import { RESET_KEY_COOKIE, RESET_KEY_COOKIE_MAX_AGE_S } from '../../session/cookies';
import type { PageHandler } from '../types';

export const resetPasswordPage: PageHandler = async (c) => {
  const t = c.get('t');
  const path = hrefFor(c, 'account-reset-password', c.get('locale'));
  c.header('Cache-Control', 'private, no-store');
  const fromLink = c.req.query('key') ?? c.req.query('resetKey');
  if (fromLink !== undefined) {
    if (RESET_KEY_PATTERN.test(fromLink)) {
      setCookie(c, RESET_KEY_COOKIE, fromLink, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: RESET_KEY_COOKIE_MAX_AGE_S,
      });
    } else {
      deleteCookie(c, RESET_KEY_COOKIE, { path: '/' });
    }
    return c.redirect(path, 303);
  }
  const kept = getCookie(c, RESET_KEY_COOKIE);
  const resetKey = kept !== undefined && RESET_KEY_PATTERN.test(kept) ? kept : null;
  const usable = resetKey !== null && (await passwordResetUsable(c.env.DB, resetKey, new Date()));
  return renderPage(
    c,
    <ResetPasswordPage
      usable={usable}
      page={path}
      accountPage={hrefFor(c, 'account', c.get('locale'))}
      state={takeAccountFormState(c)}
    />,
    { title: pageTitle(c, t('account.resetTitle')), noindex: true, prerender: true },
  );
};
