/**
 * The account forms' fields (issue 13): a visible label, the spec §5 message under the field when the
 * server (or the page script) found one, tied to the input with aria-describedby and aria-invalid so a
 * screen reader reads it with the field. Ids carry the form's prefix, so the header's login panel and
 * the account page can be on one page.
 */
import type { ReactNode } from 'react';
import type { MessageKey } from '../../../../locales';
import type { CustomerType } from '../../../../core/customer-type';
import { useShop } from '../ShopContext';

/** The messages the page script checks with before anything is sent (the server checks the same). */
function useValidationMessages(): string {
  const { t } = useShop();
  return JSON.stringify({
    invalidEmail: t('api.auth.invalidEmail'),
    passwordRequired: t('api.auth.passwordRequired'),
    passwordTooShort: t('api.auth.passwordTooShort'),
    passwordTooLong: t('account.passwordTooLong'),
    passwordMismatch: t('account.passwordMismatch'),
    invalidInput: t('account.invalidInput'),
    failed: t('account.failed'),
  });
}

/**
 * A form the page script takes over (client/browser/account-forms.ts): `kind` says how, and it carries
 * the messages the script checks with. A plain POST to `action` without JavaScript; `noValidate`, so the
 * spec's messages show rather than the browser's.
 */
export function AuthForm({
  kind,
  action,
  labelledBy,
  children,
}: {
  kind: 'login' | 'register' | 'reset';
  action: string;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <form
      className="account-form"
      method="post"
      action={action}
      aria-labelledby={labelledBy}
      noValidate
      data-auth-form={kind}
      data-messages={useValidationMessages()}
    >
      {children}
    </form>
  );
}

export function TextField({
  id,
  name,
  type,
  label,
  autoComplete,
  defaultValue,
  error,
  hint,
  required = true,
  maxLength,
  className,
}: {
  id: string;
  name: string;
  type: 'email' | 'password' | 'text' | 'tel';
  label: string;
  autoComplete: string;
  defaultValue?: string;
  error?: MessageKey;
  hint?: string;
  required?: boolean;
  /** At most this many characters (email: 254, passwords: 256 unless given). */
  maxLength?: number;
  /** Extra class for layout (half width, shown only for one customer type...). */
  className?: string;
}) {
  const { t } = useShop();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', errorId].filter(Boolean).join(' ');
  return (
    <div className={`field account-field${className ? ` ${className}` : ''}`} data-field={name}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        className="field__input"
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        maxLength={maxLength ?? (type === 'email' ? 254 : 256)}
        required={required}
        {...(type === 'email' ? { inputMode: 'email' as const, spellCheck: false, autoCapitalize: 'none' } : {})}
      />
      <p className="field__error" id={errorId} data-field-error="" hidden={!error}>
        {error ? t(error) : ''}
      </p>
    </div>
  );
}

/** The email field of the account forms. */
export function EmailField({
  id,
  autoComplete,
  defaultValue,
  error,
}: {
  id: string;
  autoComplete: 'email' | 'username';
  defaultValue?: string;
  error?: MessageKey;
}) {
  const { t } = useShop();
  return (
    <TextField
      id={id}
      name="email"
      type="email"
      label={t('account.email')}
      autoComplete={autoComplete}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A new password, twice (create an account, choose a new one): spec §5's rules, 'Lösenorden matchar inte'. */
export function NewPasswordFields({
  idPrefix,
  label,
  errors,
}: {
  idPrefix: string;
  label: string;
  errors?: { password?: MessageKey; passwordConfirm?: MessageKey };
}) {
  const { t } = useShop();
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        hint={t('account.passwordHint')}
        error={errors?.password}
      />
      <TextField
        id={`${idPrefix}-password-confirm`}
        name="passwordConfirm"
        type="password"
        label={t('account.passwordConfirm')}
        autoComplete="new-password"
        error={errors?.passwordConfirm}
      />
    </>
  );
}

export function CheckboxField({
  id,
  name,
  label,
  defaultChecked,
}: {
  id: string;
  name: string;
  label: string;
  defaultChecked?: boolean;
}) {
  return (
    <div className="checkbox-field account-checkbox">
      <input className="checkbox-field__input" id={id} name={name} type="checkbox" defaultChecked={defaultChecked} />
      <label className="checkbox-field__label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

/** The form-level message (spec §5 'Se till att alla fält är giltiga', a refusal): announced when it appears. */
export function FormNotice({ message, kind = 'error' }: { message?: MessageKey; kind?: 'error' | 'success' }) {
  const { t } = useShop();
  return (
    <p
      className={`account-alert account-alert--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-form-notice=""
      tabIndex={-1}
      hidden={!message}
    >
      {message ? t(message) : ''}
    </p>
  );
}

/** A choice of one (customer type, gender): a legend and a labelled radio button per option. */
export function RadioChoice<T extends string>({
  legend,
  name,
  options,
  checked,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  checked: T;
}) {
  return (
    <fieldset className="account-choice">
      <legend className="field__label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="account-choice__option">
          <input type="radio" name={name} value={option.value} defaultChecked={checked === option.value} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Privatperson or Företag (spec §1), as the register and settings forms ask it. */
export function CustomerTypeChoice({ checked }: { checked: CustomerType }) {
  const { t } = useShop();
  return (
    <RadioChoice
      legend={t('account.customerTypeLegend')}
      name="customerType"
      options={[
        { value: 'PERSON', label: t('account.person') },
        { value: 'ORGANIZATION', label: t('account.organization') },
      ]}
      checked={checked}
    />
  );
}
