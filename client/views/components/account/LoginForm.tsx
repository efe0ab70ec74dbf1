/**
 * The login form (issue 13), on the account page and in the header's login panel: email, password,
 * "remember me" (spec §9: 604,800 s or 1,800 s), a plain POST that works without JavaScript
 * (worker/routes/forms/account.ts). With JavaScript the page script (client/browser/account-forms.ts)
 * checks the fields with the same messages, hashes the password (spec §9) and logs in through the auth
 * endpoint without leaving the page.
 */
import type { MessageKey } from '../../../../locales';
import { ACCOUNT_FORM_ACTIONS } from '../../../../core/account-form-actions';
import { useShop } from '../ShopContext';
import { AuthForm, CheckboxField, EmailField, FormNotice, TextField } from './fields';

export interface AccountFormView {
  errors: Partial<Record<'email' | 'password' | 'passwordConfirm', MessageKey>>;
  notice?: MessageKey;
  email?: string;
  remember?: boolean;
}

export function LoginForm({
  idPrefix,
  labelledBy,
  page,
  redirect,
  state,
}: {
  idPrefix: string;
  /** The id of the heading that names the form (so it is a `form` landmark with that name). */
  labelledBy: string;
  /** The account page to come back to with errors. */
  page: string;
  /** Where the shopper lands after logging in. */
  redirect: string;
  state?: AccountFormView | null;
}) {
  const { t, passkeys = true } = useShop();
  return (
    <AuthForm kind="login" action={ACCOUNT_FORM_ACTIONS.accountLogin} labelledBy={labelledBy}>
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="redirect" value={redirect} />
      <FormNotice message={state?.notice} />
      <EmailField
        id={`${idPrefix}-email`}
        autoComplete="username"
        defaultValue={state?.email}
        error={state?.errors.email}
      />
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={t('account.password')}
        autoComplete="current-password"
        error={state?.errors.password}
      />
      <CheckboxField
        id={`${idPrefix}-remember`}
        name="remember"
        label={t('account.remember')}
        defaultChecked={state?.remember}
      />
      <button className="button button--primary account-form__submit" type="submit">
        {t('account.loginSubmit')}
      </button>
      {/* Passkeys (issue 13): shown by the page script where the browser can use them. */}
      {passkeys && (
        <button
          className="button button--secondary account-form__submit"
          type="button"
          data-passkey-login=""
          data-failed={t('account.passkeyLoginFailed')}
          hidden
        >
          {t('account.passkeyLogin')}
        </button>
      )}
    </AuthForm>
  );
}
