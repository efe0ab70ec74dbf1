/**
 * Staff logged in as a customer (spec §6 "logging in as user"; issue 27, docs/decisions/022): they may
 * look and help (pages, cart, my pages, the customer's details), never pay, change the password or
 * passkeys, or delete the account. The session's token says so (`Customer.impersonatedBy`); this refuses
 * those requests before any route sees them, whichever way they come: the no-JS forms (a notice, back to
 * the page), the auth endpoint and passkeys (403 JSON), and the API's placeOrder and deleteUser refuse on
 * their own (worker/graphql/resolvers), for a client that calls /graphql directly.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ACCOUNT_FORM_ACTIONS } from '../../core/account-form-actions';
import { FORM_ACTIONS } from '../../core/form-actions';
import { redirectWithFlash } from '../session/flash';
import { sameSitePathOr } from '../urls/same-site';

/** Form posts that pay, change the password or passkeys, or delete the account. */
const REFUSED_FORMS: ReadonlySet<string> = new Set([
  FORM_ACTIONS.checkout,
  ACCOUNT_FORM_ACTIONS.accountPassword,
  ACCOUNT_FORM_ACTIONS.accountDelete,
  ACCOUNT_FORM_ACTIONS.accountPasskeyRemove,
]);

/** The auth endpoint's actions and the payment step: all but logging out. */
const REFUSED_API = /^\/api\/auth\/(?!logout$)|^\/api\/payments\/|^\/api\/checkout\/hosted/;

export function impersonationLimits() {
  return createMiddleware<AppEnv>(async function impersonationLimits(c, next) {
    const staff = c.get('customer')?.impersonatedBy;
    if (!staff || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const path = c.req.path;
    if (REFUSED_FORMS.has(path)) {
      const back = new URL(c.req.header('Referer') ?? '/', c.req.url);
      const page = back.origin === new URL(c.req.url).origin ? `${back.pathname}${back.search}` : '/';
      return redirectWithFlash(c, sameSitePathOr(page), {
        kind: 'error',
        key: 'forms.impersonation.refused',
        params: {},
      });
    }
    if (REFUSED_API.test(path))
      return c.json({ error: { code: 'FORBIDDEN', message: c.get('t')('api.impersonation.refused') } }, 403);
    return next();
  });
}
