/**
 * The cookie banner's form (issue 12; spec §3 'Cookie consent: a single value, initially unset'):
 * `POST /api/consent` with `choice` = accept | reject stores the choice in the `ralph-consent` cookie
 * for a year; `choice` = ask forgets it, so the banner asks again (the footer's "Cookie settings").
 * Answers 303 back to the form's page (the same-site rule); works without JavaScript. Any other choice
 * is refused with the error page and changes nothing.
 */
import { Hono } from 'hono';
import { csrf } from 'hono/csrf';
import { deleteCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../../app-env';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S } from '../../session/cookies';
import { FORM_ACTIONS } from '../../../core/form-actions';
import { formFields, redirectOf } from './input';

const CHOICES = { accept: 'accepted', reject: 'rejected' } as const;

export function consentRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post(FORM_ACTIONS.consent, csrf(), async function chooseConsent(c) {
    const fields = await formFields(c);
    const choice = fields.choice;
    if (choice === 'accept' || choice === 'reject') {
      setCookie(c, CONSENT_COOKIE, CHOICES[choice], {
        path: '/',
        maxAge: CONSENT_COOKIE_MAX_AGE_S,
        httpOnly: true,
        sameSite: 'Lax',
      });
    } else if (choice === 'ask') {
      deleteCookie(c, CONSENT_COOKIE, { path: '/' });
    } else {
      throw new HTTPException(400, { message: 'Unknown consent choice' });
    }
    c.header('Cache-Control', 'no-store');
    return c.redirect(redirectOf(fields), 303);
  });
  return routes;
}
