/**
 * The settings forms of my pages without JavaScript (issue 14; spec §3 Customer, §5, §6, §8), each a
 * plain POST (CSRF-checked) answered with 303:
 * - `settings`: the customer's details through the API's updateUser, checked first with the spec §5
 *   messages (core/account-settings.ts); a changed customer type also switches `ralph-user-type`, so
 *   prices follow it (spec §4).
 * - `password`: a new password twice and the current one; a wrong current password logs the customer out
 *   everywhere with spec §8's 'Du angav fel lösenord och har loggats ut av säkerhetsskäl'; the right one
 *   ends every other session and keeps this browser logged in (worker/session/account.ts).
 * - `delete`: the password once more as the confirmation step, then the API's deleteUser (personal data
 *   removed, orders kept without it), the login and cart cookies cleared, and a word on the start page.
 * A refusal goes back to the settings page at the form, with its errors and what was typed except
 * passwords (worker/session/settings-form.ts). Nobody but the logged-in customer reaches any of it.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';
import { profileErrors, profileValuesOf, type ProfileValues } from '../../../core/account-settings';
import { passwordDigest, passwordProblem } from '../../../core/password-digest';
import { apiErrorOf } from '../../../core/api-errors';
import { graphql } from '../../../core/graphql/tada';
import { LOCALE_ISO, type Locale } from '../../../locales';
import { changeOwnPassword, confirmOwnPassword, lifetimeFor } from '../../session/account';
import { forgetCustomerFavorites } from '../../session/favorites';
import { renewGraphqlClient } from '../../session/request-client';
import { setSettingsFormState, type SettingsFormInput } from '../../session/settings-form';
import { endSessionCookies } from '../../session/login';
import { redirectWithFlash } from '../../session/flash';
import {
  letGoOfCart,
  USER_MAX_AGE_COOKIE,
  USER_TYPE_COOKIE,
  USER_TYPE_COOKIE_MAX_AGE_S,
  preferenceCookie,
} from '../../session/cookies';
import { hrefFor } from '../../urls/links';
import { SameSitePath } from '../../urls/same-site';
import { localeOfPath } from '../../urls/request';

export const UPDATE_SETTINGS = graphql(/* GraphQL */ `
  mutation accountSettingsSave($user: UserInputType!, $channelId: String, $languageId: String, $marketId: String) {
    updateUser(user: $user, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      customerType
    }
  }
`);

const DELETE_ACCOUNT = graphql(/* GraphQL */ `
  mutation accountDelete($channelId: String, $languageId: String, $marketId: String) {
    deleteUser(channelId: $channelId, languageId: $languageId, marketId: $marketId)
  }
`);

const Page = v.object({ page: v.optional(SameSitePath) });
const Secret = v.optional(v.pipe(v.string(), v.maxLength(1024)), '');
const PasswordForm = v.object({ currentPassword: Secret, password: Secret, passwordConfirm: Secret });
const DeleteForm = v.object({ password: Secret });

/** The settings page the form was on (its `page`, in its language), else this request's. */
function settingsPage(c: Context<AppEnv>, fields: Record<string, unknown>): { page: string; locale: Locale } {
  const asked = v.safeParse(Page, fields);
  const page = asked.success ? asked.output.page : undefined;
  const locale = page
    ? localeOfPath(new URL(page, 'http://localhost').pathname, c.get('config').marketInPath)
    : c.get('locale');
  const own = hrefFor(c, 'account-settings', locale);
  // Only the settings page itself: the form never sends the customer anywhere else.
  return { page: page && new URL(page, 'http://localhost').pathname === own ? page : own, locale };
}

/** Back to the settings page at the form, with its errors and what was typed. */
function refuse(c: Context<AppEnv>, page: string, state: Omit<SettingsFormInput, 'customerId'>): Response {
  setSettingsFormState(c, state);
  c.header('Cache-Control', 'no-store');
  return c.redirect(`${page}#${state.form}`, 303);
}

/** A visitor who is not logged in (or whose session ended meanwhile): to the login, then back here. */
function loginFirst(c: Context<AppEnv>, page: string, locale: Locale): Response {
  const account = hrefFor(c, 'account', locale);
  return redirectWithFlash(c, `${account}?redirect=${encodeURIComponent(page)}`, {
    kind: 'error',
    key: 'forms.account.loginFirst',
    params: {},
  });
}

/** UserInputType from the form: `personalId` is the identity number of the chosen customer type. */
function userInputOf(values: ProfileValues) {
  const organization = values.customerType === 'ORGANIZATION';
  return {
    customerType: values.customerType,
    gender: values.gender,
    newsletter: values.newsletter,
    personalId: organization ? values.organizationId : values.personalId,
    address: {
      firstName: values.firstName,
      lastName: values.lastName,
      mobile: values.phone,
      careOf: values.careOf,
      addressLine1: values.addressLine1,
      addressLine2: values.addressLine2,
      zip: values.zip,
      city: values.city,
      country: values.country,
      company: values.company,
      entryCode: values.entryCode,
    },
  };
}

/** The session lifetime this browser chose at login ("remember me" or not), kept across a password change. */
function currentLifetime(c: Context<AppEnv>): number {
  return lifetimeFor(getCookie(c, USER_MAX_AGE_COOKIE) === String(lifetimeFor(true)));
}

export function accountSettingsRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use('/api/account/*', csrf());

  routes.post(ACCOUNT_FORM_ACTIONS.accountSettings, async function saveSettings(c) {
    const fields = await c.req.parseBody();
    const { page, locale } = settingsPage(c, fields);
    if (!c.get('customer')) return loginFirst(c, page, locale);
    const values = profileValuesOf(fields, { customerType: c.get('customerType') });
    const market = c.get('market').countryCode;
    const countries = [
      market,
      ...c
        .get('channel')
        .markets.map((m) => m.countryCode)
        .filter((code) => code !== market),
    ];
    const { customerType, gender, newsletter, ...text } = values;
    const kept = { form: 'profile' as const, values: text, customerType, gender, newsletter };
    const errors = profileErrors(values, countries);
    if (Object.keys(errors).length > 0) return refuse(c, page, { ...kept, errors, notice: 'account.invalidInput' });
    try {
      await c.get('graphql').mutate(UPDATE_SETTINGS, { user: userInputOf(values), languageId: LOCALE_ISO[locale] });
    } catch (error) {
      if (apiErrorOf(error)?.code === 'UNAUTHENTICATED') return loginFirst(c, page, locale);
      console.error('settings save failed', error);
      return refuse(c, page, { ...kept, notice: 'account.failed' });
    }
    // Spec §4: prices follow the customer type (the header's switch does the same).
    setCookie(c, USER_TYPE_COOKIE, values.customerType, preferenceCookie(USER_TYPE_COOKIE_MAX_AGE_S));
    return redirectWithFlash(c, `${page}#profile`, {
      kind: 'success',
      key: 'forms.account.settingsSaved',
      params: {},
    });
  });

  routes.post(ACCOUNT_FORM_ACTIONS.accountPassword, async function changePasswordForm(c) {
    const fields = await c.req.parseBody();
    const { page, locale } = settingsPage(c, fields);
    const customer = c.get('customer');
    if (!customer) return loginFirst(c, page, locale);
    const parsed = v.safeParse(PasswordForm, fields);
    if (!parsed.success) return refuse(c, page, { form: 'password', notice: 'account.invalidInput' });
    const { currentPassword, password, passwordConfirm } = parsed.output;
    const errors: SettingsFormInput['errors'] = {};
    if (!currentPassword) errors.currentPassword = 'api.auth.passwordRequired';
    const problem = passwordProblem(password);
    if (problem === 'passwordRequired') errors.password = 'api.auth.passwordRequired';
    else if (problem === 'passwordTooShort') errors.password = 'api.auth.passwordTooShort';
    else if (problem === 'passwordTooLong') errors.password = 'account.passwordTooLong';
    else if (passwordConfirm !== password) errors.passwordConfirm = 'account.passwordMismatch';
    if (Object.keys(errors).length > 0)
      return refuse(c, page, { form: 'password', errors, notice: 'account.invalidInput' });
    const outcome = await changeOwnPassword(c, {
      email: customer.email,
      digest: await passwordDigest(currentPassword),
      newDigest: await passwordDigest(password),
      lifetime: currentLifetime(c),
    });
    if (outcome.ok) {
      return redirectWithFlash(c, `${page}#password`, {
        kind: 'success',
        key: 'forms.account.passwordChanged',
        params: {},
      });
    }
    if (outcome.message === 'wrongPassword') {
      // Logged out everywhere (spec §8): the login page says why.
      return redirectWithFlash(c, hrefFor(c, 'account', locale), {
        kind: 'error',
        key: 'forms.account.wrongPassword',
        params: {},
      });
    }
    if (outcome.retryAfterS !== undefined) c.header('Retry-After', String(outcome.retryAfterS));
    return refuse(c, page, {
      form: 'password',
      notice: outcome.message === 'tooManyAttempts' ? 'api.auth.tooManyAttempts' : 'account.failed',
    });
  });

  routes.post(ACCOUNT_FORM_ACTIONS.accountDelete, async function deleteAccountForm(c) {
    const fields = await c.req.parseBody();
    const { page, locale } = settingsPage(c, fields);
    const customer = c.get('customer');
    if (!customer) return loginFirst(c, page, locale);
    const parsed = v.safeParse(DeleteForm, fields);
    const password = parsed.success ? parsed.output.password : '';
    if (!password) {
      return refuse(c, page, {
        form: 'delete',
        errors: { password: 'api.auth.passwordRequired' },
        notice: 'account.invalidInput',
      });
    }
    const confirmed = await confirmOwnPassword(c, customer, await passwordDigest(password));
    if (!('confirmed' in confirmed)) {
      if (!confirmed.ok && confirmed.retryAfterS !== undefined) c.header('Retry-After', String(confirmed.retryAfterS));
      if (!confirmed.ok && confirmed.message === 'tooManyAttempts')
        return refuse(c, page, { form: 'delete', notice: 'api.auth.tooManyAttempts' });
      if (!confirmed.ok && confirmed.message === 'authUnavailable')
        return refuse(c, page, { form: 'delete', notice: 'api.auth.authUnavailable' });
      return refuse(c, page, {
        form: 'delete',
        errors: { password: 'account.settings.deleteWrongPassword' },
        notice: 'account.settings.deleteWrongPassword',
      });
    }
    // The password was typed and checked just now: this request's customer (the one its GraphQL context
    // holds) says so, which the API's deleteUser asks for; a remote API's fresh token says it there.
    customer.passwordAt = Date.now();
    if (confirmed.authToken) await renewGraphqlClient(c, confirmed.authToken);
    try {
      await c.get('graphql').mutate(DELETE_ACCOUNT, { languageId: LOCALE_ISO[locale] });
    } catch (error) {
      console.error('account deletion failed', error);
      return refuse(c, page, { form: 'delete', notice: 'account.failed' });
    }
    await forgetCustomerFavorites(c, customer.id);
    // Logged out, and nothing of the account stays in this browser (spec §6).
    endSessionCookies(c);
    letGoOfCart(c);
    return redirectWithFlash(c, hrefFor(c, 'index', locale), {
      kind: 'success',
      key: 'forms.account.deleted',
      params: {},
    });
  });

  return routes;
}
