/**
 * The customer-type switch Privatperson / Företag (spec §1, §4 "Customer type change sets VAT inclusion
 * from the type's vat flag"): `POST /api/customer-type` from the header's form, or a plain link
 * `GET /api/customer-type?type=ORGANIZATION&redirect=/kassan`. It stores `ralph-user-type` (365 days,
 * spec §9) and answers 303 back to `redirect`, where the auth middleware reads the cookie and every price
 * shows including (PERSON) or excluding (ORGANIZATION) VAT. A bad type or redirect answers 400 with the
 * error page in the language of the page the shopper came from, and stores nothing. A link from another
 * site (Sec-Fetch-Site: cross-site) leads to `redirect` but stores nothing either (issue 24).
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { createTranslator, LOCALE_ISO } from '../../../locales';
import type { AppEnv } from '../../app-env';
import { CUSTOMER_TYPES } from '../../../core/customer-type';
import { USER_TYPE_COOKIE, USER_TYPE_COOKIE_MAX_AGE_S, preferenceCookie } from '../../session/cookies';
import { fromAnotherSite, SameSitePath } from '../../urls/same-site';
import { localeOfPath } from '../../urls/request';
import { FORM_ACTIONS } from '../../../core/form-actions';

const CustomerTypeChoice = v.object({
  type: v.picklist(CUSTOMER_TYPES),
  redirect: v.optional(SameSitePath, '/'),
});

/** The error page of a refused choice speaks the language of the page the form was on. */
function useLanguageOf(c: Context<AppEnv>, redirect: unknown): void {
  const path = v.safeParse(SameSitePath, redirect);
  if (!path.success) return;
  const locale = localeOfPath(new URL(path.output, 'http://localhost').pathname, c.get('config').marketInPath);
  c.set('locale', locale);
  c.set('languageId', LOCALE_ISO[locale]);
  c.set('t', createTranslator(locale));
}

function changeCustomerType(c: Context<AppEnv>, input: Record<string, unknown>): Response {
  const choice = v.safeParse(CustomerTypeChoice, input);
  if (!choice.success) {
    useLanguageOf(c, input.redirect);
    throw new HTTPException(400, { message: 'Invalid customer type' });
  }
  const { type, redirect } = choice.output;
  // A link on another site leads to the page but changes no choice (issue 24).
  if (getCookie(c, USER_TYPE_COOKIE) !== type && !fromAnotherSite(c.req.raw.headers)) {
    setCookie(c, USER_TYPE_COOKIE, type, preferenceCookie(USER_TYPE_COOKIE_MAX_AGE_S));
  }
  c.header('Cache-Control', 'no-store');
  return c.redirect(redirect, 303);
}

export function customerTypeRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get(FORM_ACTIONS.customerType, (c) => changeCustomerType(c, c.req.query()));
  routes.post(FORM_ACTIONS.customerType, csrf(), async (c) => changeCustomerType(c, await c.req.parseBody()));
  return routes;
}
