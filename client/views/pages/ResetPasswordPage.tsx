/**
 * Choosing a new password with the key from the reset mail (spec §2 `/account/reset-password?key=…`,
 * §8; the key waits in an httpOnly cookie, never in the page): the new password twice, then the shopper is logged in and every other session of theirs ends. A
 * key that is unknown, used or too old says 'Giltighetstiden för denna återställning har gått ut…' and
 * offers the form that sends a new link.
 */
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';
import { useShop } from '../components/ShopContext';
import { AuthForm, CheckboxField, FormNotice, NewPasswordFields } from '../components/account/fields';
import { ForgotPasswordForm, type AccountPageState } from './AccountPage';

export interface ResetPasswordPageProps {
  /**
   * The account the key resets, its address masked; null when there is no key, or it cannot be used;
   * `unknown` in front of a remote API (issue 26), which says whose a key is only when it is used.
   */
  account: string | null | 'unknown';
  /** The key came from a link on another site: the shopper confirms the account is theirs first (issue 24). */
  confirm: boolean;
  /** This page's path and query, where the form comes back with errors. */
  page: string;
  /** The account page, where "forgot password" comes back to. */
  accountPage: string;
  state: AccountPageState | null;
}

export function ResetPasswordPage({ account, confirm, page, accountPage, state }: ResetPasswordPageProps) {
  const { t } = useShop();
  const mine = state?.form === 'reset' ? state : null;
  const expired = account === null || mine?.notice === 'api.customer.resetExpired';
  return (
    <div className="account-page account-page--narrow">
      <h1 className="account-page__title" id="reset-title">
        {t('account.resetTitle')}
      </h1>
      <section className="account-card" id="reset">
        {expired ? (
          <>
            <p className="account-alert account-alert--error" role="alert">
              {t('api.customer.resetExpired')}
            </p>
            <ForgotPasswordForm page={accountPage} state={state} open />
          </>
        ) : confirm ? (
          <>
            <p className="account-card__intro" role="status">
              {account === 'unknown'
                ? t('account.resetConfirmIntroUnnamed')
                : t('account.resetConfirmIntro', { account })}
            </p>
            <form method="post" action={ACCOUNT_FORM_ACTIONS.accountResetConfirm} className="account-form">
              <input type="hidden" name="page" value={page} />
              <button className="button button--primary account-form__submit" type="submit">
                {t('account.resetConfirmSubmit')}
              </button>
            </form>
          </>
        ) : (
          <>
            <p className="account-card__intro">
              {account === 'unknown' ? (
                t('account.resetIntroLogIn')
              ) : (
                <>
                  <strong>{t('account.resetFor', { account })}</strong> {t('account.resetIntro')}
                </>
              )}
            </p>
            <AuthForm kind="reset" action={ACCOUNT_FORM_ACTIONS.accountReset} labelledBy="reset-title">
              <input type="hidden" name="page" value={page} />
              <FormNotice message={mine?.notice} />
              <NewPasswordFields idPrefix="reset" label={t('account.newPassword')} errors={mine?.errors} />
              {account !== 'unknown' && (
                <CheckboxField id="reset-remember" name="remember" label={t('account.remember')} />
              )}
              <button className="button button--primary account-form__submit" type="submit">
                {t('account.resetSubmit')}
              </button>
            </AuthForm>
          </>
        )}
      </section>
    </div>
  );
}
