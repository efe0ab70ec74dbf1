/**
 * What the no-JavaScript account forms (worker/routes/forms/account.ts) hand back to the account pages
 * after a POST that did not succeed: which form, its field errors and notice (message keys, never text),
 * and what the shopper typed except passwords, so nothing has to be typed twice. A one-time cookie
 * (./one-time-cookie.ts).
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { CUSTOMER_TYPES } from '../../core/customer-type';
import { ACCOUNT_FORM_COOKIE, ACCOUNT_FORM_COOKIE_MAX_AGE_S } from './cookies';
import { oneTimeCookie } from './one-time-cookie';

export const ACCOUNT_FORMS = ['login', 'register', 'forgot', 'reset'] as const;
export type AccountFormName = (typeof ACCOUNT_FORMS)[number];

export const ACCOUNT_FIELDS = ['email', 'password', 'passwordConfirm'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** The messages an account form may show (spec §5, §8 and the account screens'). */
export const ACCOUNT_MESSAGES = [
  'api.auth.wrongCredentials',
  'api.auth.accountExists',
  'api.auth.tooManyAttempts',
  'api.auth.tooManyRegistrations',
  'api.auth.invalidEmail',
  'api.auth.passwordRequired',
  'api.auth.passwordTooShort',
  'api.auth.authUnavailable',
  'api.customer.resetExpired',
  'api.customer.tooManyResets',
  'account.passwordMismatch',
  'account.passwordTooLong',
  'account.invalidInput',
  'account.failed',
] as const;
export type AccountMessage = (typeof ACCOUNT_MESSAGES)[number];

const Text = v.pipe(v.string(), v.maxLength(254));

const AccountFormStateSchema = v.object({
  form: v.picklist(ACCOUNT_FORMS),
  errors: v.optional(v.record(v.picklist(ACCOUNT_FIELDS), v.picklist(ACCOUNT_MESSAGES)), {}),
  notice: v.optional(v.picklist(ACCOUNT_MESSAGES)),
  /** The forgot-password form was sent for this address (the answer never tells whether it has an account). */
  sentTo: v.optional(Text),
  email: v.optional(Text),
  remember: v.optional(v.boolean()),
  newsletter: v.optional(v.boolean()),
  customerType: v.optional(v.picklist(CUSTOMER_TYPES)),
});

export type AccountFormState = v.InferOutput<typeof AccountFormStateSchema>;
/** What a form endpoint stores (errors may be left out). */
export type AccountFormInput = v.InferInput<typeof AccountFormStateSchema>;

const stateCookie = oneTimeCookie(ACCOUNT_FORM_COOKIE, ACCOUNT_FORM_COOKIE_MAX_AGE_S, AccountFormStateSchema);

/** Stores what the next account page shows. */
export const setAccountFormState = (c: Context<AppEnv>, state: AccountFormInput): void => stateCookie.set(c, state);

/** The state waiting for the account page, cleared so a reload starts clean; null when there is none. */
export const takeAccountFormState = (c: Context<AppEnv>): AccountFormState | null => stateCookie.take(c);
