/**
 * The customer's settings (spec §2 `/mina-sidor/installningar`…, §3 Customer; issue 14): their details,
 * change password, passkeys, and deleting the account behind a confirmation step. Every form is a plain
 * POST (worker/routes/forms/account-settings.ts) and comes back with the spec §5 messages under the fields
 * and what was typed, except passwords. The company's fields show only for a business, and the
 * personnummer only for a private person (CSS, so it follows the choice without JavaScript).
 */
import type { MessageKey } from '../../../locales';
import type { CustomerType } from '../../../core/customer-type';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';
import { GENDERS, PROFILE_TEXT_FIELDS, type Gender, type ProfileTextField } from '../../../core/account-settings';
import { useShop } from '../components/ShopContext';
import { MyPagesLayout } from '../components/account/AccountNav';
import {
  CheckboxField,
  CustomerTypeChoice,
  FormNotice,
  NewPasswordFields,
  RadioChoice,
  TextField,
} from '../components/account/fields';
import { Passkeys, type PasskeyView } from '../components/account/Passkeys';

export interface SettingsProfile {
  email: string;
  customerType: CustomerType;
  gender: Gender;
  newsletter: boolean;
  values: Record<ProfileTextField, string>;
}

/** What a refused form handed back (worker/session/settings-form.ts). */
export interface SettingsState {
  form: 'profile' | 'password' | 'delete';
  errors: Partial<Record<ProfileTextField | 'currentPassword' | 'password' | 'passwordConfirm', MessageKey>>;
  notice?: MessageKey;
  values?: Partial<Record<ProfileTextField, string>>;
  customerType?: CustomerType;
  gender?: Gender;
  newsletter?: boolean;
}

export interface SettingsPageProps {
  /** This page's path, where the forms come back. */
  page: string;
  profile: SettingsProfile | null;
  /** The countries the shop sells to (the market's first), with their names in the page's language. */
  countries: { code: string; name: string }[];
  passkeys: PasskeyView[];
  state: SettingsState | null;
}

const GENDER_LABEL: Record<Gender, MessageKey> = {
  UNSPECIFIED: 'account.settings.genderUnspecified',
  WOMAN: 'account.settings.genderWoman',
  MAN: 'account.settings.genderMan',
};

function ProfileForm({
  page,
  profile,
  countries,
  state,
}: Pick<SettingsPageProps, 'page' | 'countries'> & { profile: SettingsProfile; state: SettingsState | null }) {
  const { t } = useShop();
  const mine = state?.form === 'profile' ? state : null;
  const values = { ...profile.values, ...mine?.values };
  const errors: Partial<Record<ProfileTextField, MessageKey>> = mine?.errors ?? {};
  const customerType = mine?.customerType ?? profile.customerType;
  const gender = mine?.gender ?? profile.gender;
  const newsletter = mine?.newsletter ?? profile.newsletter;
  const field = (
    name: ProfileTextField,
    label: string,
    autoComplete: string,
    options: { type?: 'text' | 'tel'; required?: boolean; className?: string } = {},
  ) => (
    <TextField
      id={`settings-${name}`}
      name={name}
      type={options.type ?? 'text'}
      label={label}
      autoComplete={autoComplete}
      defaultValue={values[name]}
      error={errors[name]}
      required={options.required ?? false}
      maxLength={PROFILE_TEXT_FIELDS[name]}
      className={options.className}
    />
  );
  return (
    <form
      className="account-form settings-form"
      method="post"
      action={ACCOUNT_FORM_ACTIONS.accountSettings}
      aria-labelledby="profile-title"
      noValidate
    >
      <input type="hidden" name="page" value={page} />
      <FormNotice message={mine?.notice} />
      <div className="settings-form__email">
        <p className="field__label">{t('account.settings.email')}</p>
        <p className="settings-form__value">{profile.email}</p>
        <p className="field__hint">{t('account.settings.emailNote')}</p>
      </div>
      <CustomerTypeChoice checked={customerType} />
      <div className="settings-form__row">
        {field('firstName', t('checkout.firstName'), 'given-name', { required: true })}
        {field('lastName', t('checkout.lastName'), 'family-name', { required: true })}
      </div>
      <div className="settings-form__row settings-form__org">
        {field('company', t('checkout.company'), 'organization', { className: 'settings-form__wide' })}
        {field('organizationId', t('checkout.organizationId'), 'off')}
      </div>
      <p className="field__hint settings-form__org">{t('account.settings.companyFields')}</p>
      <div className="settings-form__row settings-form__person">
        {field('personalId', t('checkout.personalId'), 'off')}
      </div>
      <div className="settings-form__row">{field('phone', t('checkout.phone'), 'tel', { type: 'tel' })}</div>
      <RadioChoice
        legend={t('account.settings.gender')}
        name="gender"
        options={GENDERS.map((option) => ({ value: option, label: t(GENDER_LABEL[option]) }))}
        checked={gender}
      />
      {field('careOf', t('checkout.careOf'), 'off')}
      {field('addressLine1', t('checkout.addressLine1'), 'address-line1')}
      {field('addressLine2', t('account.settings.addressLine2'), 'address-line2')}
      <div className="settings-form__row">
        {field('zip', t('checkout.zip'), 'postal-code')}
        {field('city', t('checkout.city'), 'address-level2')}
      </div>
      <div className="settings-form__row">
        <div className="field account-field" data-field="country">
          <label className="field__label" htmlFor="settings-country">
            {t('checkout.country')}
          </label>
          <select
            className="field__input"
            id="settings-country"
            name="country"
            autoComplete="country"
            defaultValue={values.country}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby="settings-country-error"
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          <p className="field__error" id="settings-country-error" data-field-error="" hidden={!errors.country}>
            {errors.country ? t(errors.country) : ''}
          </p>
        </div>
        {field('entryCode', t('account.settings.entryCode'), 'off')}
      </div>
      <CheckboxField
        id="settings-newsletter"
        name="newsletter"
        label={t('account.newsletter')}
        defaultChecked={newsletter}
      />
      <button className="button button--primary account-form__submit settings-form__submit" type="submit">
        {t('account.settings.save')}
      </button>
    </form>
  );
}

function PasswordForm({ page, state }: { page: string; state: SettingsState | null }) {
  const { t } = useShop();
  const mine = state?.form === 'password' ? state : null;
  return (
    <section className="account-card" id="password" aria-labelledby="password-title">
      <h2 className="account-card__title" id="password-title">
        {t('account.settings.passwordTitle')}
      </h2>
      <p className="account-card__intro">{t('account.settings.passwordIntro')}</p>
      <form
        className="account-form"
        method="post"
        action={ACCOUNT_FORM_ACTIONS.accountPassword}
        aria-labelledby="password-title"
        noValidate
      >
        <input type="hidden" name="page" value={page} />
        <FormNotice message={mine?.notice} />
        <TextField
          id="settings-current-password"
          name="currentPassword"
          type="password"
          label={t('account.settings.currentPassword')}
          autoComplete="current-password"
          error={mine?.errors.currentPassword}
        />
        <NewPasswordFields idPrefix="settings" label={t('account.newPassword')} errors={mine?.errors} />
        <button className="button button--secondary account-form__submit" type="submit">
          {t('account.settings.passwordSubmit')}
        </button>
      </form>
    </section>
  );
}

/** Deleting the account: a disclosure is the confirmation step, the password the proof (spec §6). */
function DeleteAccount({ page, email, state }: { page: string; email: string; state: SettingsState | null }) {
  const { t } = useShop();
  const mine = state?.form === 'delete' ? state : null;
  return (
    <section className="account-card account-card--danger" id="delete" aria-labelledby="delete-title">
      <h2 className="account-card__title" id="delete-title">
        {t('account.settings.deleteTitle')}
      </h2>
      <p className="account-card__intro">{t('account.settings.deleteIntro')}</p>
      <details className="account-forgot settings-delete" open={mine !== null}>
        <summary className="account-forgot__summary">{t('account.settings.deleteOpen')}</summary>
        <form
          className="account-form"
          method="post"
          action={ACCOUNT_FORM_ACTIONS.accountDelete}
          aria-label={t('account.settings.deleteTitle')}
          noValidate
        >
          <input type="hidden" name="page" value={page} />
          <p>{t('account.settings.deleteConfirm', { email })}</p>
          <FormNotice message={mine?.errors.password ? undefined : mine?.notice} />
          <TextField
            id="settings-delete-password"
            name="password"
            type="password"
            label={t('account.settings.deletePassword')}
            autoComplete="current-password"
            error={mine?.errors.password}
          />
          <button className="button button--danger account-form__submit" type="submit">
            {t('account.settings.deleteSubmit')}
          </button>
        </form>
      </details>
    </section>
  );
}

export function SettingsPage({ page, profile, countries, passkeys, state }: SettingsPageProps) {
  const { t, passkeys: shopPasskeys = true } = useShop();
  return (
    <MyPagesLayout
      title={t('account.settings.title')}
      current="account-settings"
      failed={profile === null ? 'account.settings.failed' : undefined}
    >
      {profile && (
        <>
          <p className="account-page__intro">{t('account.settings.intro')}</p>
          <div className="account-page__grid">
            <section className="account-card settings-profile" id="profile" aria-labelledby="profile-title">
              <h2 className="account-card__title" id="profile-title">
                {t('account.settings.profileTitle')}
              </h2>
              <ProfileForm page={page} profile={profile} countries={countries} state={state} />
            </section>
            <div className="settings-side">
              <PasswordForm page={page} state={state} />
              {shopPasskeys && <Passkeys passkeys={passkeys} />}
              <DeleteAccount page={page} email={profile.email} state={state} />
            </div>
          </div>
        </>
      )}
    </MyPagesLayout>
  );
}
