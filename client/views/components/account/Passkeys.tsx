/**
 * Passkeys (issue 13), on the settings page of my pages (issue 14): the customer's list with a plain form
 * to remove each; adding one needs the browser's WebAuthn, so the button is there for the page script
 * (client/browser/passkeys.ts) to show.
 */
import { ACCOUNT_FORM_ACTIONS } from '../../../../core/account-form-actions';
import { useShop } from '../ShopContext';

/** A passkey in the customer's list (dates as ISO strings). */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function Passkeys({ passkeys }: { passkeys: PasskeyView[] }) {
  const { t, localeIso } = useShop();
  const date = new Intl.DateTimeFormat(localeIso, { dateStyle: 'medium' });
  return (
    <section className="account-card" id="passkeys" aria-labelledby="passkeys-title" data-passkeys="">
      <h2 className="account-card__title" id="passkeys-title">
        {t('account.passkeys.title')}
      </h2>
      <p className="account-card__intro">{t('account.passkeys.intro')}</p>
      {passkeys.length === 0 ? (
        <p>{t('account.passkeys.none')}</p>
      ) : (
        <ul className="passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="passkey-list__item">
              <span className="passkey-list__name">{passkey.name}</span>
              <span className="passkey-list__meta">
                {t('account.passkeys.created', { date: date.format(new Date(passkey.createdAt)) })}
                {passkey.lastUsedAt &&
                  ` · ${t('account.passkeys.lastUsed', { date: date.format(new Date(passkey.lastUsedAt)) })}`}
              </span>
              <form method="post" action={ACCOUNT_FORM_ACTIONS.accountPasskeyRemove}>
                <input type="hidden" name="id" value={passkey.id} />
                <button
                  className="button button--ghost passkey-list__remove"
                  type="submit"
                  aria-label={t('account.passkeys.removeLabel', { name: passkey.name })}
                >
                  {t('account.passkeys.remove')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <p className="account-alert account-alert--error" role="alert" data-passkey-message="" hidden />
      <p className="passkey-note" data-passkey-note="">
        {t('account.passkeys.needsScript')}
      </p>
      <button
        className="button button--primary"
        type="button"
        data-passkey-add=""
        data-messages={JSON.stringify({
          added: t('account.passkeys.added'),
          failed: t('account.passkeys.failed'),
          unsupported: t('account.passkeys.unsupported'),
        })}
        hidden
      >
        {t('account.passkeys.add')}
      </button>
    </section>
  );
}
