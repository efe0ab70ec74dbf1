/**
 * The account forms without JavaScript (issue 13): log in, create an account, forgot password, choose a
 * new password with a reset key, log out. Each is a plain POST (CSRF-checked) answered with 303:
 * - success: the login cookies (worker/session/login.ts) and a flash notice, to `redirect` (a path on
 *   this site, where the shopper was) or the account page;
 * - refusal: the form's errors and what was typed except passwords (worker/session/account-form.ts),
 *   back to `page`, the account page the form was on, at the form.
 * The plain password is turned into the same digest a script sends (core/password-digest.ts) before
 * anything else sees it, and the actions are the auth endpoint's own (worker/session/account.ts), so a
 * password set on one path works on the other. A script may send `passwordDigest` instead of `password`
 * (the reset form), having checked the rules itself.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';
import { CUSTOMER_TYPES, DEFAULT_CUSTOMER_TYPE } from '../../../core/customer-type';
import { PASSWORD_DIGEST_PATTERN, passwordDigest, passwordProblem } from '../../../core/password-digest';
import { apiErrorOf } from '../../../core/api-errors';
import { graphql } from '../../../core/graphql/tada';
import { removePasskey } from '../../commerce/customers/passkeys';
import {
  lifetimeFor,
  logInWithPassword,
  logOut,
  registerAccount,
  begin,
  type AuthMessage,
} from '../../session/account';
import { identityOf } from '../../identity';
import {
  setAccountFormState,
  type AccountField,
  type AccountFormName,
  type AccountFormInput,
  type AccountMessage,
} from '../../session/account-form';
import { redirectWithFlash } from '../../session/flash';
import {
  REFRESH_COOKIE,
  RESET_KEY_COOKIE,
  RESET_KEY_COOKIE_MAX_AGE_S,
  RESET_PENDING_COOKIE,
} from '../../session/cookies';
import { copyIntoOpenCart, notAddedNames, type CopiedLine } from '../../session/api-cart-copy';
import { IdField } from './input';
import { isRefreshToken } from '../../session/login';
import { hrefFor } from '../../urls/links';
import { SameSitePath } from '../../urls/same-site';
import { localeOfPath } from '../../urls/request';
import { LOCALE_ISO, type Locale } from '../../../locales';

const REQUEST_PASSWORD_RESET = graphql(/* GraphQL */ `
  mutation accountPasswordReset($email: String!, $channelId: String, $languageId: String, $marketId: String) {
    requestPasswordReset(email: $email, channelId: $channelId, languageId: $languageId, marketId: $marketId)
  }
`);

const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.nonEmpty(), v.maxLength(254), v.email());
const Text = v.optional(v.pipe(v.string(), v.maxLength(1024)), '');
const Checkbox = v.optional(v.pipe(v.string(), v.maxLength(8)));
const Common = {
  page: v.optional(SameSitePath),
  redirect: v.optional(SameSitePath),
  email: Text,
  password: Text,
  remember: Checkbox,
};
const LoginForm = v.object(Common);
const RegisterForm = v.object({
  ...Common,
  passwordConfirm: Text,
  customerType: v.optional(v.picklist(CUSTOMER_TYPES), DEFAULT_CUSTOMER_TYPE),
  newsletter: Checkbox,
});
const ForgotForm = v.object({ page: v.optional(SameSitePath), email: Text });
const ResetForm = v.object({
  page: v.optional(SameSitePath),
  password: Text,
  passwordConfirm: Text,
  passwordDigest: v.optional(v.pipe(v.string(), v.regex(PASSWORD_DIGEST_PATTERN))),
  remember: Checkbox,
});
const LogoutForm = v.object({ redirect: v.optional(SameSitePath) });
const PasskeyRemoveForm = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,1024}$/)) });
const BuyAgainForm = v.object({ order: IdField, page: v.optional(SameSitePath) });

const ORDER_LINES = graphql(/* GraphQL */ `
  query buyAgainOrder($orderId: Int!, $channelId: String, $languageId: String, $marketId: String) {
    getOrder(orderId: $orderId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
      cart {
        items {
          skuId
          quantity
          product {
            name
          }
        }
      }
    }
  }
`);

/** The locale of the page a form was on (its `page`, else the request's). */
function localeOfForm(c: Context<AppEnv>, page: string | undefined): Locale {
  if (!page) return c.get('locale');
  return localeOfPath(new URL(page, 'http://localhost').pathname, c.get('config').marketInPath);
}

function accountPage(c: Context<AppEnv>, page: string | undefined): string {
  return page ?? hrefFor(c, 'account', c.get('locale'));
}

/** Back to the page the form was on, at the form, with its errors and what was typed. */
function refuse(c: Context<AppEnv>, page: string, state: AccountFormInput): Response {
  setAccountFormState(c, state);
  c.header('Cache-Control', 'no-store');
  const url = new URL(page, 'http://localhost');
  return c.redirect(`${url.pathname}${url.search}#${state.form}`, 303);
}

const authMessage = (message: AuthMessage): AccountMessage =>
  message === 'tooManyAttempts' ||
  message === 'tooManyRegistrations' ||
  message === 'accountExists' ||
  message === 'invalidEmail' ||
  message === 'passwordRequired' ||
  message === 'passwordTooShort' ||
  message === 'authUnavailable'
    ? `api.auth.${message}`
    : message === 'wrongCredentials'
      ? 'api.auth.wrongCredentials'
      : 'account.failed';

const PROBLEM_MESSAGE = {
  passwordRequired: 'api.auth.passwordRequired',
  passwordTooShort: 'api.auth.passwordTooShort',
  passwordTooLong: 'account.passwordTooLong',
} as const satisfies Record<NonNullable<ReturnType<typeof passwordProblem>>, AccountMessage>;

/** Spec §5's checks of an email and a new password (twice when `confirm` is given): errors by field. */
function fieldErrors(fields: {
  email?: string;
  password: string;
  confirm?: string;
}): Partial<Record<AccountField, AccountMessage>> {
  const errors: Partial<Record<AccountField, AccountMessage>> = {};
  if (fields.email !== undefined && !v.is(Email, fields.email)) errors.email = 'api.auth.invalidEmail';
  const problem = passwordProblem(fields.password);
  if (problem) errors.password = PROBLEM_MESSAGE[problem];
  else if (fields.confirm !== undefined && fields.confirm !== fields.password)
    errors.passwordConfirm = 'account.passwordMismatch';
  return errors;
}

const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The login form when the posted fields do not even parse: back to the account page, nothing kept. */
function malformed(c: Context<AppEnv>, form: AccountFormName): Response {
  return refuse(c, hrefFor(c, 'account', c.get('locale')), { form, errors: {}, notice: 'account.invalidInput' });
}

export function accountFormRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use('/api/account/*', csrf());

  routes.post(ACCOUNT_FORM_ACTIONS.accountLogin, async function logInForm(c) {
    const parsed = v.safeParse(LoginForm, await c.req.parseBody());
    if (!parsed.success) return malformed(c, 'login');
    const { page, redirect, email, password, remember } = parsed.output;
    const back = accountPage(c, page);
    const kept = { form: 'login' as const, email: email.trim().slice(0, 254), remember: remember !== undefined };
    const errors = fieldErrors({ email, password });
    if (hasErrors(errors)) return refuse(c, back, { ...kept, errors, notice: 'account.invalidInput' });
    const outcome = await logInWithPassword(c, {
      email: v.parse(Email, email),
      digest: await passwordDigest(password),
      lifetime: lifetimeFor(remember !== undefined),
    });
    if (!outcome.ok) {
      if (outcome.retryAfterS !== undefined) c.header('Retry-After', String(outcome.retryAfterS));
      return refuse(c, back, { ...kept, notice: authMessage(outcome.message) });
    }
    return redirectWithFlash(c, redirect ?? back, { kind: 'success', key: 'forms.account.loggedIn', params: {} });
  });

  routes.post(ACCOUNT_FORM_ACTIONS.accountRegister, async function registerForm(c) {
    const parsed = v.safeParse(RegisterForm, await c.req.parseBody());
    if (!parsed.success) return malformed(c, 'register');
    const { page, redirect, email, password, passwordConfirm, customerType, newsletter, remember } = parsed.output;
    const back = accountPage(c, page);
    const kept = {
      form: 'register' as const,
      email: email.trim().slice(0, 254),
      remember: remember !== undefined,
      newsletter: newsletter !== undefined,
      customerType,
    };
    const errors = fieldErrors({ email, password, confirm: passwordConfirm });
    if (hasErrors(errors)) return refuse(c, back, { ...kept, errors, notice: 'account.invalidInput' });
    const outcome = await registerAccount(c, {
      email: v.parse(Email, email),
      digest: await passwordDigest(password),
      customerType,
      lifetime: lifetimeFor(remember !== undefined),
      languageId: LOCALE_ISO[localeOfForm(c, page)],
      newsletter: newsletter !== undefined,
    });
    if (!outcome.ok) {
      if (outcome.retryAfterS !== undefined) c.header('Retry-After', String(outcome.retryAfterS));
      const notice = authMessage(outcome.message);
      return refuse(c, back, {
        ...kept,
        errors: outcome.message === 'accountExists' ? { email: notice } : {},
        notice,
      });
    }
    return redirectWithFlash(c, redirect ?? back, { kind: 'success', key: 'forms.account.registered', params: {} });
  });

  routes.post(ACCOUNT_FORM_ACTIONS.accountForgot, async function forgotPasswordForm(c) {
    const parsed = v.safeParse(ForgotForm, await c.req.parseBody());
    if (!parsed.success) return malformed(c, 'forgot');
    const { page, email } = parsed.output;
    const back = accountPage(c, page);
    const address = v.safeParse(Email, email);
    const kept = { form: 'forgot' as const, email: email.trim().slice(0, 254) };
    if (!address.success) {
      return refuse(c, back, { ...kept, errors: { email: 'api.auth.invalidEmail' }, notice: 'account.invalidInput' });
    }
    try {
      await c.get('graphql').mutate(REQUEST_PASSWORD_RESET, {
        email: address.output,
        languageId: LOCALE_ISO[localeOfForm(c, page)],
      });
    } catch (error) {
      const refused = apiErrorOf(error)?.code === 'FORBIDDEN';
      if (!refused) console.error('password reset request failed', error);
      return refuse(c, back, { ...kept, notice: refused ? 'api.customer.tooManyResets' : 'account.failed' });
    }
    return refuse(c, back, { ...kept, sentTo: address.output });
  });

  // Issue 24: the shopper confirmed that the account a reset link from another site names is theirs.
  routes.post(ACCOUNT_FORM_ACTIONS.accountResetConfirm, async function confirmResetLink(c) {
    const parsed = v.safeParse(v.object({ page: v.optional(SameSitePath) }), await c.req.parseBody());
    const locale = localeOfForm(c, parsed.success ? parsed.output.page : undefined);
    const pending = getCookie(c, RESET_PENDING_COOKIE);
    deleteCookie(c, RESET_PENDING_COOKIE, { path: '/' });
    if (pending !== undefined && identityOf(c).reset.keyPattern.test(pending)) {
      setCookie(c, RESET_KEY_COOKIE, pending, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: RESET_KEY_COOKIE_MAX_AGE_S,
      });
    }
    c.header('Cache-Control', 'no-store');
    return c.redirect(hrefFor(c, 'account-reset-password', locale), 303);
  });

  routes.post(ACCOUNT_FORM_ACTIONS.accountReset, async function resetPasswordForm(c) {
    const parsed = v.safeParse(ResetForm, await c.req.parseBody());
    if (!parsed.success) return malformed(c, 'reset');
    const { page, password, passwordConfirm, passwordDigest: sentDigest, remember } = parsed.output;
    const locale = localeOfForm(c, page);
    const back = page ?? hrefFor(c, 'account-reset-password', locale);
    // The key from the mail's link waits in its cookie (worker/pages/account-reset-password).
    const key = getCookie(c, RESET_KEY_COOKIE) ?? '';
    const errors = sentDigest ? {} : fieldErrors({ password, confirm: passwordConfirm });
    if (hasErrors(errors)) return refuse(c, back, { form: 'reset', errors, notice: 'account.invalidInput' });
    const expired = () => refuse(c, back, { form: 'reset', notice: 'api.customer.resetExpired' });
    if (!identityOf(c).reset.keyPattern.test(key)) return expired();
    const digest = sentDigest ?? (await passwordDigest(password));
    const reset = await identityOf(c).reset.commit(c, { key, digest, lifetime: lifetimeFor(remember !== undefined) });
    if (reset === 'expired') return expired();
    if (reset === 'failed') return refuse(c, back, { form: 'reset', notice: 'account.failed' });
    deleteCookie(c, RESET_KEY_COOKIE, { path: '/' });
    // A remote API (issue 26) does not say whose the password was: the shopper logs in with it (the login
    // form is where the flash shows).
    if (reset.session) await begin(c, { ok: true, session: reset.session });
    return redirectWithFlash(c, hrefFor(c, 'account', locale), {
      kind: 'success',
      key: reset.session ? 'forms.account.passwordReset' : 'forms.account.passwordResetLogIn',
      params: {},
    });
  });

  routes.post(ACCOUNT_FORM_ACTIONS.accountLogout, async function logOutForm(c) {
    const parsed = v.safeParse(LogoutForm, await c.req.parseBody());
    const redirect = parsed.success ? parsed.output.redirect : undefined;
    const refreshToken = getCookie(c, REFRESH_COOKIE);
    await logOut(c, isRefreshToken(c, refreshToken) ? refreshToken : undefined);
    return redirectWithFlash(c, redirect ?? hrefFor(c, 'index', c.get('locale')), {
      kind: 'success',
      key: 'forms.account.loggedOut',
      params: {},
    });
  });

  /**
   * "Buy again" (issue 14): the lines of one of the customer's own orders (the API answers only those)
   * go into their open cart at today's prices, each by addToCart's rules; what can no longer be bought is
   * named. Then on to the checkout.
   */
  routes.post(ACCOUNT_FORM_ACTIONS.accountBuyAgain, async function buyAgain(c) {
    const parsed = v.safeParse(BuyAgainForm, await c.req.parseBody());
    const page = (parsed.success ? parsed.output.page : undefined) ?? hrefFor(c, 'account-orders', c.get('locale'));
    const notFound = () =>
      redirectWithFlash(c, page, { kind: 'error', key: 'forms.account.orderNotFound', params: {} });
    if (!c.get('customer') || !parsed.success) return notFound();
    const number = parsed.output.order;
    let lines: CopiedLine[];
    try {
      const data = await c.get('graphql').query(ORDER_LINES, { orderId: number });
      lines = (data.getOrder?.cart?.items ?? []).flatMap((item) =>
        item ? [{ skuId: item.skuId, quantity: item.quantity, name: item.product?.name ?? '' }] : [],
      );
    } catch {
      return notFound(); // another customer's order does not exist for this one
    }
    const copy = await copyIntoOpenCart(c, lines, {
      marketId: c.get('checkoutMarket').id,
      languageId: LOCALE_ISO[localeOfForm(c, page)],
    });
    const params = { number };
    const checkout = hrefFor(c, 'checkout', localeOfForm(c, page));
    if (copy.notAdded.length === 0)
      return redirectWithFlash(c, checkout, { kind: 'success', key: 'forms.account.bought', params });
    const names = notAddedNames(copy);
    if (copy.added.length === 0)
      return redirectWithFlash(c, page, {
        kind: 'error',
        key: 'forms.account.boughtNone',
        params: { ...params, names },
      });
    return redirectWithFlash(c, checkout, {
      kind: 'success',
      key: 'forms.account.boughtPartial',
      params: { ...params, names },
    });
  });

  routes.post(ACCOUNT_FORM_ACTIONS.accountPasskeyRemove, async function removePasskeyForm(c) {
    const account = hrefFor(c, 'account-settings', c.get('locale'));
    const customer = c.get('customer');
    // Only the customer's own passkey: an id of someone else's removes nothing.
    const parsed = v.safeParse(PasskeyRemoveForm, await c.req.parseBody());
    if (!customer || !parsed.success) {
      c.header('Cache-Control', 'no-store');
      return c.redirect(account, 303);
    }
    await removePasskey(c.env.DB, customer.id, parsed.output.id);
    return redirectWithFlash(c, `${account}#passkeys`, {
      kind: 'success',
      key: 'forms.account.passkeyRemoved',
      params: {},
    });
  });

  return routes;
}
