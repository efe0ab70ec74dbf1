/**
 * The account page (spec §2 `/account`; issue 13): for a guest, log in, create an account and "forgot
 * password", each a plain form that works without JavaScript; for a logged-in customer, who they are
 * logged in as, the customer type their prices show for, and logging out. The forms come back here with
 * their errors (spec §5, §8 messages) and what was typed except passwords.
 */
import type { MessageKey } from '../../../locales';
import type { CustomerType } from '../../../core/customer-type';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';
import { useShop } from '../components/ShopContext';
import { LoginForm, type AccountFormView } from '../components/account/LoginForm';
import { MyPagesLayout } from '../components/account/AccountNav';
import {
  AuthForm,
  CheckboxField,
  CustomerTypeChoice,
  EmailField,
  FormNotice,
  NewPasswordFields,
} from '../components/account/fields';

export interface AccountPageState extends AccountFormView {
  form: 'login' | 'register' | 'forgot' | 'reset';
  sentTo?: string;
  newsletter?: boolean;
  customerType?: CustomerType;
}

export interface AccountPageProps {
  /** This page's path, where the forms come back with errors. */
  page: string;
  /** Where a login lands (where the shopper was; this page otherwise). */
  redirect: string;
  state: AccountPageState | null;
  customer: { email: string; customerType: CustomerType } | null;
}

function RegisterForm({ page, redirect, state }: Pick<AccountPageProps, 'page' | 'redirect' | 'state'>) {
  const { t, customerType } = useShop();
  const mine = state?.form === 'register' ? state : null;
  const chosen = mine?.customerType ?? customerType;
  return (
    <AuthForm kind="register" action={ACCOUNT_FORM_ACTIONS.accountRegister} labelledBy="register-title">
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="redirect" value={redirect} />
      <FormNotice message={mine?.notice} />
      <EmailField id="register-email" autoComplete="email" defaultValue={mine?.email} error={mine?.errors.email} />
      <NewPasswordFields idPrefix="register" label={t('account.password')} errors={mine?.errors} />
      <CustomerTypeChoice checked={chosen} />
      <CheckboxField
        id="register-newsletter"
        name="newsletter"
        label={t('account.newsletter')}
        defaultChecked={mine?.newsletter}
      />
      <CheckboxField
        id="register-remember"
        name="remember"
        label={t('account.remember')}
        defaultChecked={mine?.remember}
      />
      <button className="button button--primary account-form__submit" type="submit">
        {t('account.registerSubmit')}
      </button>
    </AuthForm>
  );
}

/**
 * "Forgot password": a disclosure under the login form, open when it was just used or linked to. The
 * login panel's link (`/account#forgot`) names the e-mail field, not the disclosure: a browser opens a
 * closed `details` around the element a fragment names and then focuses that element (HTML's "scroll to
 * the fragment": the ancestor details revealing algorithm, then the focusing steps), so the form arrives
 * open, ready to type in, even without JavaScript; client/browser/page-chrome.ts does the same where a
 * browser does not.
 */
export function ForgotPasswordForm({
  page,
  state,
  open,
}: {
  page: string;
  state: AccountPageState | null;
  open?: boolean;
}) {
  const { t } = useShop();
  const mine = state?.form === 'forgot' ? state : null;
  return (
    <details className="account-forgot" data-opens-on-fragment="" open={open || mine !== null}>
      <summary className="account-forgot__summary">{t('account.forgotLink')}</summary>
      <p className="account-forgot__intro">{t('account.forgotIntro')}</p>
      <form
        className="account-form"
        method="post"
        action={ACCOUNT_FORM_ACTIONS.accountForgot}
        aria-label={t('account.forgotHeading')}
        noValidate
      >
        <input type="hidden" name="page" value={page} />
        {mine?.sentTo ? (
          <p className="account-alert account-alert--success" role="status">
            {t('account.forgotSent', { email: mine.sentTo })}
          </p>
        ) : (
          <FormNotice message={mine?.notice} />
        )}
        <EmailField id="forgot" autoComplete="email" defaultValue={mine?.email} error={mine?.errors.email} />
        <button className="button button--secondary account-form__submit" type="submit">
          {t('account.forgotSubmit')}
        </button>
      </form>
    </details>
  );
}

function CustomerOverview({ customer, page }: { customer: NonNullable<AccountPageProps['customer']>; page: string }) {
  const { t, href } = useShop();
  const type: MessageKey = customer.customerType === 'ORGANIZATION' ? 'account.organization' : 'account.person';
  return (
    <section className="account-card" aria-labelledby="account-title">
      <p>{t('account.loggedInAs', { email: customer.email })}</p>
      <p>{t('account.customerTypeIs', { type: t(type) })}</p>
      <form method="post" action={ACCOUNT_FORM_ACTIONS.accountLogout} data-auth-form="logout" data-page={page}>
        <input type="hidden" name="redirect" value={href('index')} />
        <button className="button button--secondary" type="submit">
          {t('account.logout')}
        </button>
      </form>
    </section>
  );
}

const SHORTCUTS = [
  { screen: 'account-orders', label: 'account.nav.orders', text: 'account.nav.ordersText' },
  { screen: 'account-balance', label: 'account.nav.balance', text: 'account.nav.balanceText' },
  { screen: 'account-settings', label: 'account.nav.settings', text: 'account.nav.settingsText' },
] as const;

/** The other pages of my pages, each with what it is for. */
function MyPagesShortcuts() {
  const { t, href } = useShop();
  return (
    <section className="account-card" aria-labelledby="shortcuts-title">
      <h2 className="account-card__title" id="shortcuts-title">
        {t('account.nav.shortcuts')}
      </h2>
      <ul className="account-shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <li key={shortcut.screen}>
            <a className="account-shortcuts__link" href={href(shortcut.screen)}>
              {t(shortcut.label)}
            </a>
            <p className="account-shortcuts__text">{t(shortcut.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AccountPage({ page, redirect, state, customer }: AccountPageProps) {
  const { t } = useShop();
  if (customer) {
    return (
      <MyPagesLayout title={t('account.overviewTitle')} current="account">
        <div className="account-page__grid">
          <CustomerOverview customer={customer} page={page} />
          <MyPagesShortcuts />
        </div>
      </MyPagesLayout>
    );
  }
  return (
    <div className="account-page" data-reload-on-auth="">
      <h1 className="account-page__title">{t('account.title')}</h1>
      <p className="account-page__intro">{t('account.intro')}</p>
      <div className="account-page__grid">
        <section className="account-card" id="login" aria-labelledby="login-title">
          <h2 className="account-card__title" id="login-title">
            {t('account.loginHeading')}
          </h2>
          <LoginForm
            idPrefix="login"
            labelledBy="login-title"
            page={page}
            redirect={redirect}
            state={state?.form === 'login' ? state : null}
          />
          <ForgotPasswordForm page={page} state={state} />
        </section>
        <section className="account-card" id="register" aria-labelledby="register-title">
          <h2 className="account-card__title" id="register-title">
            {t('account.registerHeading')}
          </h2>
          <p className="account-card__intro">{t('account.registerIntro')}</p>
          <RegisterForm page={page} redirect={redirect} state={state} />
        </section>
      </div>
    </div>
  );
}
