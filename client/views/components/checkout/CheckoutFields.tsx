/**
 * One labelled field of the checkout form: a visible label, the input, an optional hint and the field's
 * message of spec §5 (tied to the input with aria-describedby, aria-invalid while it is wrong).
 */
import type { ChangeEvent, HTMLInputTypeAttribute } from 'react';
import {
  FIELD_MAX_LENGTH,
  type CheckoutErrors,
  type CheckoutFormValues,
  type TextField,
} from '../../../../core/checkout/form';
import type { CheckoutText } from '../../../../core/checkout/text';

/** What every field reads of the form and how it reports a change (absent on the server). */
export interface FieldContext {
  values: CheckoutFormValues;
  errors: CheckoutErrors;
  text: CheckoutText;
  onChange?: (field: keyof CheckoutFormValues, value: string) => void;
  onBlur?: (field: keyof CheckoutFormValues) => void;
}

export const fieldId = (name: string) => `checkout-${name}`;
export const errorId = (name: string) => `checkout-${name}-error`;

export interface TextInputProps {
  form: FieldContext;
  name: TextField;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  required?: boolean;
  hint?: string;
  /** Extra class for layout (half width, shown only for a customer type...). */
  className?: string;
  multiline?: boolean;
}

/** A text field with its label, hint and message. */
export function TextInput({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  required,
  hint,
  className,
  multiline,
}: TextInputProps) {
  const id = fieldId(name);
  const error = form.errors[name];
  const describedBy = [hint ? `${id}-hint` : '', error ? errorId(name) : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value: form.values[name],
    maxLength: FIELD_MAX_LENGTH[name],
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
    autoComplete,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.onChange?.(name, event.target.value),
    onBlur: () => form.onBlur?.(name),
  };
  return (
    <div className={`field field--${name}${className ? ` ${className}` : ''}${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea className="field__input field__input--multiline" rows={3} {...common} />
      ) : (
        <input className="field__input" type={type} inputMode={inputMode} {...common} />
      )}
      {error && (
        <p className="field__error" id={errorId(name)}>
          {form.text[error]}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label and message (terms, separate delivery address). */
export function Checkbox({
  form,
  name,
  label,
  required,
}: {
  form: FieldContext;
  name: 'terms' | 'separateDelivery';
  label: string;
  required?: boolean;
}) {
  const id = fieldId(name);
  const error = form.errors[name];
  return (
    <div className={`checkbox-field checkbox-field--${name}${error ? ' field--invalid' : ''}`}>
      <input
        className="checkbox-field__input"
        type="checkbox"
        id={id}
        name={name}
        checked={form.values[name] === 'on'}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={error ? errorId(name) : undefined}
        onChange={(event) => form.onChange?.(name, event.target.checked ? 'on' : '')}
      />
      <label className="checkbox-field__label" htmlFor={id}>
        {label}
      </label>
      {error && (
        <p className="field__error" id={errorId(name)}>
          {form.text[error]}
        </p>
      )}
    </div>
  );
}
