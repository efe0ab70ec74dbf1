/**
 * Choosing a new password (spec §2 `/account/reset-password`, §8; issue 13): the link in the reset mail
 * carries `?key=` (older mails `?resetKey=`). The page checks the key first, so an expired or used one
 * says so at once and offers a new link instead of a form that cannot work. Never indexed or cached:
 * the key is a secret of the shopper's.
 */
import { ResetPasswordPage } from '../../../client/views/pages/ResetPasswordPage';
import { passwordResetUsable } from '../../commerce/customers/customers';
import { pageTitle, renderPage } from '../../render/renderer';
import { hrefFor } from '../../urls/links';
import { takeAccountFormState } from '../../session/account-form';
import type { PageHandler } from '../types';

const RESET_KEY_PATTERN = /^[0-9a-f]{48}$/;

export const resetPasswordPage: PageHandler = async (c) => {
  const t = c.var.t;
  const raw = c.req.query('key') ?? c.req.query('resetKey') ?? null;
  const resetKey = raw !== null && RESET_KEY_PATTERN.test(raw) ? raw : null;
  const usable = resetKey !== null && (await passwordResetUsable(c.env.DB, resetKey, new Date()));
  const path = hrefFor(c, 'account-reset-password', c.var.locale);
  c.header('Cache-Control', 'private, no-store');
  // The key stays out of the Referer of anything this page loads or links to.
  c.header('Referrer-Policy', 'no-referrer');
  return renderPage(
    c,
    <ResetPasswordPage
      resetKey={resetKey}
      usable={usable}
      page={resetKey ? `${path}?key=${resetKey}` : path}
      accountPage={hrefFor(c, 'account', c.var.locale)}
      state={takeAccountFormState(c)}
    />,
    {
      title: pageTitle(c, t('account.resetTitle')),
      noindex: true,
      prerender: true,
    },
  );
};
