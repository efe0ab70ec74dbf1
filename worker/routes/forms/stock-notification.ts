/**
 * Back-in-stock notification (spec §1 'back-in-stock notification', §3 'Notification subscription
 * (email)'): `POST /api/stock-notification` with email, skuId and redirect, a plain form of the product
 * page that works without JavaScript. It subscribes through the API's `monitorProductAvailability` and
 * answers 303 back to `redirect` with `?notify=ok`, `?notify=invalid-email` (spec §5 'Du måste ange en
 * giltig email'; the address waits in a one-minute cookie so the page can show it again) or
 * `?notify=error`, and `#notify` so the answer is in view.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { LOCALE_ISO } from '../../../locales';
import type { StockNotificationStatus } from '../../../client/views/components/product/types';
import { STOCK_NOTIFICATION_ID } from '../../../client/views/components/product/StockNotificationForm';
import type { AppEnv } from '../../app-env';
import { NOTIFY_EMAIL_COOKIE, NOTIFY_EMAIL_COOKIE_MAX_AGE_S } from '../../session/cookies';
import { SameSitePath } from '../../urls/same-site';
import { localeOfPath } from '../../urls/request';
import { MAX_EMAIL_LENGTH, NOTIFY_PARAMETER } from '../../session/stock-notification';
import { FORM_ACTIONS } from '../../../core/form-actions';
import { graphql } from '../../../core/graphql/tada';

const NotificationForm = v.object({
  skuId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), v.safeInteger()),
  redirect: SameSitePath,
  email: v.optional(v.string(), ''),
});

/** RFC 5321 length and the shape of an address; the API checks the same before it stores anything. */
const Email = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(MAX_EMAIL_LENGTH), v.email());

export const MONITOR_PRODUCT_AVAILABILITY = graphql(/* GraphQL */ `
  mutation stockNotification(
    $email: String!
    $skuId: Int!
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    monitorProductAvailability(
      email: $email
      skuId: $skuId
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    )
  }
`);

/** `redirect` with the result in its query and the form's section as its fragment. */
function resultPath(redirect: string, result: StockNotificationStatus['result']): string {
  const url = new URL(redirect, 'http://localhost');
  url.searchParams.set(NOTIFY_PARAMETER, result);
  return `${url.pathname}${url.search}#${STOCK_NOTIFICATION_ID}`;
}

function answer(c: Context<AppEnv>, redirect: string, result: StockNotificationStatus['result']): Response {
  c.header('Cache-Control', 'no-store');
  return c.redirect(resultPath(redirect, result), 303);
}

export function stockNotificationRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post(FORM_ACTIONS.stockNotification, csrf(), async function subscribeToStockNotification(c) {
    const form = v.safeParse(NotificationForm, await c.req.parseBody());
    if (!form.success) throw new HTTPException(400, { message: 'Invalid stock notification form' });
    const { skuId, redirect, email } = form.output;
    const address = v.safeParse(Email, email);
    if (!address.success) {
      setCookie(c, NOTIFY_EMAIL_COOKIE, email.slice(0, MAX_EMAIL_LENGTH), {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: NOTIFY_EMAIL_COOKIE_MAX_AGE_S,
      });
      return answer(c, redirect, 'invalid-email');
    }
    // The subscription is in the language of the page the form was on (the mail is written in it).
    const locale = localeOfPath(new URL(redirect, 'http://localhost').pathname, c.get('config').marketInPath);
    try {
      await c.get('graphql').mutate(MONITOR_PRODUCT_AVAILABILITY, {
        email: address.output,
        skuId,
        languageId: LOCALE_ISO[locale],
      });
    } catch (error) {
      console.error('stock notification failed', error);
      return answer(c, redirect, 'error');
    }
    return answer(c, redirect, 'ok');
  });
  return routes;
}
