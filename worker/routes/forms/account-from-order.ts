/**
 * "Create an account from this order" (issue 14): the guest's confirmation page offers it, and only the
 * browser that placed the order may take it up. That browser holds the order's claim (a signed token in
 * the httpOnly `ralph-order-claim` cookie, worker/commerce/orders/order-tokens.ts, for an hour); the
 * order's email becomes the account's with the password chosen here (spec §5 rules), the order becomes
 * the account's first, and the account's details start from its billing address. A refusal comes back to
 * the confirmation page at the form (worker/session/account-form.ts).
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { deleteCookie, getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';
import { passwordDigest, passwordProblem } from '../../../core/password-digest';
import { localeOfLanguageId } from '../../../locales';
import { adoptGuestOrder } from '../../commerce/customers/customers';
import { ORDER_CLAIM } from '../../commerce/orders/order-tokens';
import { findOrder } from '../../commerce/orders/records';
import { lifetimeFor, registerAccount } from '../../session/account';
import { setAccountFormState, type AccountFormInput } from '../../session/account-form';
import { ORDER_CLAIM_COOKIE } from '../../session/cookies';
import { redirectWithFlash } from '../../session/flash';
import { hrefFor } from '../../urls/links';
import { SameSitePath } from '../../urls/same-site';

const Secret = v.optional(v.pipe(v.string(), v.maxLength(1024)), '');
const FromOrderForm = v.object({ page: v.optional(SameSitePath), password: Secret, passwordConfirm: Secret });

/** Back to the confirmation page at the form, with its errors. */
function refuse(c: Context<AppEnv>, page: string, state: Omit<AccountFormInput, 'form'>): Response {
  setAccountFormState(c, { form: 'register', ...state });
  c.header('Cache-Control', 'no-store');
  return c.redirect(`${page}#account-from-order`, 303);
}

export function accountFromOrderRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use('/api/account/*', csrf());

  routes.post(ACCOUNT_FORM_ACTIONS.accountFromOrder, async function accountFromOrder(c) {
    const parsed = v.safeParse(FromOrderForm, await c.req.parseBody());
    const fields = parsed.success ? parsed.output : { page: undefined, password: '', passwordConfirm: '' };
    const page = fields.page ?? hrefFor(c, 'index', c.get('locale'));
    const secret = c.get('config').authSecret;
    const claim = getCookie(c, ORDER_CLAIM_COOKIE);
    const publicId = claim && secret ? await ORDER_CLAIM.read(await ORDER_CLAIM.key(secret), claim, new Date()) : null;
    const order = publicId ? await findOrder(c.env.DB, { publicId }) : null;
    // No claim of this browser's, or the order is someone's already: nothing to create an account from.
    if (!order || order.customerId !== null || c.get('customer')) {
      deleteCookie(c, ORDER_CLAIM_COOKIE, { path: '/' });
      return redirectWithFlash(c, page, { kind: 'error', key: 'forms.account.claimExpired', params: {} });
    }
    const problem = passwordProblem(fields.password);
    if (problem) {
      const message = problem === 'passwordTooLong' ? 'account.passwordTooLong' : (`api.auth.${problem}` as const);
      return refuse(c, page, { errors: { password: message }, notice: 'account.invalidInput' });
    }
    if (fields.passwordConfirm !== fields.password) {
      return refuse(c, page, {
        errors: { passwordConfirm: 'account.passwordMismatch' },
        notice: 'account.invalidInput',
      });
    }
    const outcome = await registerAccount(c, {
      email: order.email,
      digest: await passwordDigest(fields.password),
      customerType: order.customerType,
      lifetime: lifetimeFor(false),
      languageId: order.languageId,
      newsletter: false,
    });
    if (!outcome.ok) {
      if (outcome.retryAfterS !== undefined) c.header('Retry-After', String(outcome.retryAfterS));
      const notice =
        outcome.message === 'accountExists'
          ? 'api.auth.accountExists'
          : outcome.message === 'tooManyRegistrations'
            ? 'api.auth.tooManyRegistrations'
            : 'account.failed';
      return refuse(c, page, { notice });
    }
    await adoptGuestOrder(c.env.DB, outcome.session.customerId, order, new Date());
    deleteCookie(c, ORDER_CLAIM_COOKIE, { path: '/' });
    return redirectWithFlash(c, hrefFor(c, 'account-orders', localeOfLanguageId(order.languageId)), {
      kind: 'success',
      key: 'forms.account.registeredFromOrder',
      params: {},
    });
  });

  return routes;
}
