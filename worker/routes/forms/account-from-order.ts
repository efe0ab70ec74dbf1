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
import { ORDER_CLAIM } from '../../commerce/orders/order-tokens';
import { lifetimeFor, registerFromOrder } from '../../session/account';
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
    const claimExpired = () => {
      deleteCookie(c, ORDER_CLAIM_COOKIE, { path: '/' });
      return redirectWithFlash(c, page, { kind: 'error', key: 'forms.account.claimExpired', params: {} });
    };
    // No claim of this browser's: nothing to create an account from.
    if (!publicId || c.get('customer')) return claimExpired();
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
    const outcome = await registerFromOrder(c, {
      publicId,
      digest: await passwordDigest(fields.password),
      lifetime: lifetimeFor(false),
    });
    // The order is someone's already, or the API cannot give it to an account (no offer was made then).
    if (outcome === 'taken' || outcome === null) return claimExpired();
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
    deleteCookie(c, ORDER_CLAIM_COOKIE, { path: '/' });
    const locale = outcome.languageId ? localeOfLanguageId(outcome.languageId) : c.get('locale');
    return redirectWithFlash(c, hrefFor(c, 'account-orders', locale), {
      kind: 'success',
      key: 'forms.account.registeredFromOrder',
      params: {},
    });
  });

  return routes;
}
