/**
 * What the no-JavaScript settings forms of my pages (worker/routes/forms/account-settings.ts) hand back to
 * the settings page after a POST that did not succeed: which form, its field errors and notice (message
 * keys, never text), and what the customer typed except passwords. A one-time cookie
 * (./one-time-cookie.ts); what does not fit in one is left out, and the page shows the saved values.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { CUSTOMER_TYPES } from '../../core/customer-type';
import { GENDERS, PROFILE_MESSAGES, PROFILE_TEXT_FIELDS, type ProfileTextField } from '../../core/account-settings';
import { ACCOUNT_MESSAGES } from './account-form';
import { SETTINGS_FORM_COOKIE, SETTINGS_FORM_COOKIE_MAX_AGE_S } from './cookies';
import { oneTimeCookie } from './one-time-cookie';

/** Browsers keep cookies up to 4 KB; the state stays well below. */
const MAX_COOKIE_BYTES = 3600;

export const SETTINGS_FORMS = ['profile', 'password', 'delete'] as const;
export type SettingsFormName = (typeof SETTINGS_FORMS)[number];

const PASSWORD_FIELDS = ['currentPassword', 'password', 'passwordConfirm'] as const;
const FIELDS = [...(Object.keys(PROFILE_TEXT_FIELDS) as ProfileTextField[]), ...PASSWORD_FIELDS] as const;
export type SettingsField = (typeof FIELDS)[number];

export const SETTINGS_MESSAGES = [
  ...PROFILE_MESSAGES,
  ...ACCOUNT_MESSAGES,
  'account.settings.deleteWrongPassword',
] as const;
export type SettingsMessage = (typeof SETTINGS_MESSAGES)[number];

const SettingsFormStateSchema = v.object({
  /** Whose form it was: another login in this browser never sees it. */
  customerId: v.number(),
  form: v.picklist(SETTINGS_FORMS),
  errors: v.optional(v.record(v.picklist(FIELDS), v.picklist(SETTINGS_MESSAGES)), {}),
  notice: v.optional(v.picklist(SETTINGS_MESSAGES)),
  /** The profile as typed (text fields by name), when it fitted. */
  values: v.optional(v.record(v.picklist(Object.keys(PROFILE_TEXT_FIELDS) as ProfileTextField[]), v.string())),
  customerType: v.optional(v.picklist(CUSTOMER_TYPES)),
  gender: v.optional(v.picklist(GENDERS)),
  newsletter: v.optional(v.boolean()),
});

export type SettingsFormState = v.InferOutput<typeof SettingsFormStateSchema>;
export type SettingsFormInput = v.InferInput<typeof SettingsFormStateSchema>;

const stateCookie = oneTimeCookie(SETTINGS_FORM_COOKIE, SETTINGS_FORM_COOKIE_MAX_AGE_S, SettingsFormStateSchema);

/** Stores what the settings page shows next (the typed values are left out when they would not fit). */
export function setSettingsFormState(c: Context<AppEnv>, input: Omit<SettingsFormInput, 'customerId'>): void {
  const state: SettingsFormInput = { ...input, customerId: c.get('customer')?.id ?? 0 };
  let json = JSON.stringify(state);
  if (encodeURIComponent(json).length > MAX_COOKIE_BYTES) json = JSON.stringify({ ...state, values: undefined });
  stateCookie.set(c, state, json);
}

/** The logged-in customer's state waiting for the settings page, cleared so a reload starts clean. */
export function takeSettingsFormState(c: Context<AppEnv>): SettingsFormState | null {
  const state = stateCookie.take(c);
  return state && state.customerId === c.get('customer')?.id ? state : null;
}
