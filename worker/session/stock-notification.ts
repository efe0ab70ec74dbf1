/**
 * What a back-in-stock form (worker/routes/forms/stock-notification.ts) leaves for the product page it
 * returns to: the result in `?notify=`, and an invalid address in its short-lived cookie.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { StockNotificationStatus } from '../../client/views/components/product/types';
import type { AppEnv } from '../app-env';
import { NOTIFY_EMAIL_COOKIE } from './cookies';

/** The query parameter that carries the form's result back to the product page. */
export const NOTIFY_PARAMETER = 'notify';

/** The longest address kept (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The result a back-in-stock form left for this page (`?notify=`), with the address it was sent with
 * when that was invalid (read once from its cookie). The page is then the shopper's own: not cached.
 */
export function stockNotificationStatus(c: Context<AppEnv>): StockNotificationStatus | null {
  const result = c.req.query(NOTIFY_PARAMETER);
  if (result !== 'ok' && result !== 'invalid-email' && result !== 'error') return null;
  c.header('Cache-Control', 'private, no-store');
  if (result !== 'invalid-email') return { result };
  const email = getCookie(c, NOTIFY_EMAIL_COOKIE) ?? '';
  if (email) deleteCookie(c, NOTIFY_EMAIL_COOKIE, { path: '/' });
  return { result, email: email.slice(0, MAX_EMAIL_LENGTH) };
}
