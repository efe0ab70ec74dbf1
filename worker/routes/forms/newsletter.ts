/**
 * The footer's newsletter signup (spec §1 "newsletter"): `POST /api/newsletter` with `email` and
 * `redirect`, a plain form that works without JavaScript. It subscribes through the API's
 * `subscribeToNewsletter` in the language of the page the form was on and answers 303 back to
 * `redirect` with `?newsletter=ok`, `?newsletter=invalid-email` (spec §5 'Du måste ange en giltig
 * email'; nothing is stored) or `?newsletter=error`, and `#newsletter` so the answer is in view.
 * The API subscribes the address only once its owner opens the link in the confirmation mail it sends
 * (issue 24, double opt-in; the built-in API's link: worker/routes/api/newsletter-confirm.ts).
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { LOCALE_ISO } from '../../../locales';
import {
  NEWSLETTER_ID,
  NEWSLETTER_PARAMETER,
  type NewsletterResult,
} from '../../../client/views/components/chrome-data';
import type { AppEnv } from '../../app-env';
import { SameSitePath } from '../../urls/same-site';
import { localeOfPath } from '../../urls/request';
import { FORM_ACTIONS } from '../../../core/form-actions';
import { graphql } from '../../../core/graphql/tada';

const MAX_EMAIL_LENGTH = 254;

const NewsletterForm = v.object({
  redirect: SameSitePath,
  email: v.optional(v.string(), ''),
});

/** RFC 5321 length and the shape of an address; the API checks the same before it stores anything. */
const Email = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(MAX_EMAIL_LENGTH), v.email());

export const SUBSCRIBE_TO_NEWSLETTER = graphql(/* GraphQL */ `
  mutation newsletterSignup($email: String!, $channelId: String, $languageId: String, $marketId: String) {
    subscribeToNewsletter(email: $email, channelId: $channelId, languageId: $languageId, marketId: $marketId)
  }
`);

function answer(c: Context<AppEnv>, redirect: string, result: NewsletterResult): Response {
  const url = new URL(redirect, 'http://localhost');
  url.searchParams.set(NEWSLETTER_PARAMETER, result);
  c.header('Cache-Control', 'no-store');
  return c.redirect(`${url.pathname}${url.search}#${NEWSLETTER_ID}`, 303);
}

export function newsletterRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post(FORM_ACTIONS.newsletter, csrf(), async function subscribeToNewsletter(c) {
    const form = v.safeParse(NewsletterForm, await c.req.parseBody());
    if (!form.success) throw new HTTPException(400, { message: 'Invalid newsletter form' });
    const { redirect, email } = form.output;
    const address = v.safeParse(Email, email);
    if (!address.success) return answer(c, redirect, 'invalid-email');
    const locale = localeOfPath(new URL(redirect, 'http://localhost').pathname, c.get('config').marketInPath);
    try {
      await c.get('graphql').mutate(SUBSCRIBE_TO_NEWSLETTER, { email: address.output, languageId: LOCALE_ISO[locale] });
    } catch (error) {
      console.error('newsletter signup failed', error);
      return answer(c, redirect, 'error');
    }
    return answer(c, redirect, 'ok');
  });

  return routes;
}
