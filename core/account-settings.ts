/**
 * The settings form of my pages (issue 14; spec §3 Customer, §5): its fields, their limits and the spec's
 * checks, shared by the page (client/views/pages/SettingsPage.tsx) and the form endpoint
 * (worker/routes/forms/account-settings.ts). Messages are locale keys.
 */
import type { MessageKey } from '../locales';
import { isValidOrganizationId } from './checkout/form';
import { isValidPersonalId } from './checkout/identity-numbers';
import { isCustomerType, type CustomerType } from './customer-type';

/** The text fields, by their `name`, with the most each may hold (the API's address limits). */
export const PROFILE_TEXT_FIELDS = {
  firstName: 100,
  lastName: 100,
  phone: 50,
  careOf: 100,
  addressLine1: 200,
  addressLine2: 200,
  zip: 20,
  city: 100,
  country: 2,
  personalId: 30,
  organizationId: 30,
  company: 200,
  entryCode: 50,
} as const;
export type ProfileTextField = keyof typeof PROFILE_TEXT_FIELDS;

export const GENDERS = ['UNSPECIFIED', 'WOMAN', 'MAN'] as const;
export type Gender = (typeof GENDERS)[number];

export interface ProfileValues extends Record<ProfileTextField, string> {
  customerType: CustomerType;
  gender: Gender;
  newsletter: boolean;
}

export type ProfileErrors = Partial<Record<ProfileTextField, ProfileMessage>>;

export const PROFILE_MESSAGES = [
  'checkout.validation.required',
  'checkout.validation.personalId',
  'checkout.validation.organizationId',
  'account.settings.countryInvalid',
] as const satisfies readonly MessageKey[];
export type ProfileMessage = (typeof PROFILE_MESSAGES)[number];

/** The form's values from posted fields: known fields only, trimmed, each within its limit. */
export function profileValuesOf(
  fields: Record<string, unknown>,
  fallback: { customerType: CustomerType },
): ProfileValues {
  const text = (name: ProfileTextField) => {
    const raw = fields[name];
    return typeof raw === 'string' ? raw.trim().slice(0, PROFILE_TEXT_FIELDS[name]) : '';
  };
  const values = Object.fromEntries(
    (Object.keys(PROFILE_TEXT_FIELDS) as ProfileTextField[]).map((name) => [name, text(name)]),
  ) as Record<ProfileTextField, string>;
  const gender = (GENDERS as readonly unknown[]).includes(fields.gender) ? (fields.gender as Gender) : 'UNSPECIFIED';
  return {
    ...values,
    country: values.country.toUpperCase(),
    customerType: isCustomerType(fields.customerType) ? fields.customerType : fallback.customerType,
    gender,
    newsletter: fields.newsletter === 'on',
  };
}

/**
 * Spec §5's checks: a name (first and last) is required; the country is one the shop sells to; an
 * identity number, when given, is valid for the country: a personnummer for a private person, an
 * organisationsnummer (and the company's name) for a business. Empty when the values can be saved.
 */
export function profileErrors(values: ProfileValues, countries: readonly string[]): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!values.firstName) errors.firstName = 'checkout.validation.required';
  if (!values.lastName) errors.lastName = 'checkout.validation.required';
  if (values.country && !countries.includes(values.country)) errors.country = 'account.settings.countryInvalid';
  const country = countries.includes(values.country) ? values.country : (countries[0] ?? 'SE');
  if (values.customerType === 'ORGANIZATION') {
    if (!values.company) errors.company = 'checkout.validation.required';
    if (values.organizationId && !isValidOrganizationId(country, values.organizationId))
      errors.organizationId = 'checkout.validation.organizationId';
  } else if (values.personalId && !isValidPersonalId(country, values.personalId)) {
    errors.personalId = 'checkout.validation.personalId';
  }
  return errors;
}
