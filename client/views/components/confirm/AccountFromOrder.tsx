/**
 * "Create an account from this order" on a guest's confirmation page (issue 14): a password, twice, and
 * the order's email becomes an account with the order in it (worker/routes/forms/account-from-order.ts).
 * A plain form; a refusal comes back here with the spec §5 messages under the fields.
 */
import type { MessageKey } from '../../../../locales';
import { ACCOUNT_FORM_ACTIONS } from '../../../../core/account-form-actions';
import { useShop } from '../ShopContext';
import { FormNotice, NewPasswordFields } from '../account/fields';

export interface AccountOffer {
  /** The confirmation page's path and query, where a refusal comes back. */
  page: string;
  email: string;
  errors: { password?: MessageKey; passwordConfirm?: MessageKey };
  notice?: MessageKey;
}

export function AccountFromOrder({ offer }: { offer: AccountOffer }) {
  const { t, href } = useShop();
  return (
    <section className="confirm-card account-from-order" id="account-from-order" aria-labelledby="from-order-title">
      <h2 className="confirm-card__title" id="from-order-title">
        {t('confirm.account.title')}
      </h2>
      <p>{t('confirm.account.intro', { email: offer.email })}</p>
      <form
        className="account-form"
        method="post"
        action={ACCOUNT_FORM_ACTIONS.accountFromOrder}
        aria-labelledby="from-order-title"
        noValidate
      >
        <input type="hidden" name="page" value={offer.page} />
        <FormNotice message={offer.notice} />
        {offer.notice === 'api.auth.accountExists' && (
          <p>
            <a href={href('account')}>{t('account.loginHeading')}</a>
          </p>
        )}
        <NewPasswordFields idPrefix="from-order" label={t('account.password')} errors={offer.errors} />
        <button className="button button--primary account-form__submit" type="submit">
          {t('confirm.account.submit')}
        </button>
      </form>
    </section>
  );
}
