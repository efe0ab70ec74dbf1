/**
 * The link in the built-in API's newsletter confirmation mail (issue 24, double opt-in): `GET
 * /api/newsletter/confirm?t=…`, a signed token naming the address. Opening it subscribes the address (the
 * consent's time is recorded) and lands on the start page in the language it was asked in, with a word
 * either way; the token leaves the address bar with the redirect. An endpoint of the built-in API, like its
 * payment step: in front of a remote API, which sends and answers its own links, nothing here subscribes
 * anyone.
 */
import { Hono } from 'hono';
import { localeOfLanguageId } from '../../../locales';
import { NEWSLETTER_ID } from '../../../client/views/components/chrome-data';
import type { AppEnv } from '../../app-env';
import { confirmNewsletterSubscription, newsletterTokenEmail } from '../../commerce/customers/newsletter';
import { NEWSLETTER_CONFIRM_PATH } from '../../commerce/mail/customer-mails';
import { redirectWithFlash } from '../../session/flash';
import { hrefFor } from '../../urls/links';

export function newsletterConfirmRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get(NEWSLETTER_CONFIRM_PATH, async function confirmNewsletter(c) {
    const secret = c.get('config').graphqlEndpoint ? null : c.get('config').authSecret;
    const now = new Date();
    const email = secret ? await newsletterTokenEmail(secret, c.req.query('t') ?? '', now) : null;
    const confirmed = email === null ? null : await confirmNewsletterSubscription(c.env.DB, email, now);
    const locale = confirmed ? localeOfLanguageId(confirmed.languageId) : c.get('locale');
    c.header('Referrer-Policy', 'no-referrer');
    return redirectWithFlash(c, `${hrefFor(c, 'index', locale)}#${NEWSLETTER_ID}`, {
      kind: confirmed ? 'success' : 'error',
      key: confirmed ? 'forms.newsletter.confirmed' : 'forms.newsletter.confirmFailed',
      params: {},
    });
  });
  return routes;
}
