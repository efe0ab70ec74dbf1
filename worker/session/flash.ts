/**
 * The one-time message after a form post ("flash"): a form endpoint stores it in the short-lived
 * `ralph-flash` cookie and answers 303; the next page rendered (worker/render/renderer.tsx) reads it, clears it
 * and shows it (client/views/components/FlashNotice.tsx). The cookie holds a message key of the `forms`
 * section and plain-text parameters as JSON, checked with valibot when read: never HTML, and a cookie
 * that does not parse is simply dropped.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { FlashMessage } from '../../client/views/components/FlashNotice';
import type { AppEnv } from '../app-env';
import { FLASH_COOKIE, FLASH_COOKIE_MAX_AGE_S } from './cookies';
import { oneTimeCookie } from './one-time-cookie';
import { isSpeculative } from '../render/speculation';

/** The messages a flash may name (all in the `forms` section of locales/). */
export const FLASH_KEYS = [
  'forms.invalidProduct',
  'forms.cart.added',
  'forms.cart.sizeRequired',
  'forms.cart.invalidQuantity',
  'forms.cart.failed',
  'forms.cart.apiMessage',
  'forms.cart.updated',
  'forms.cart.removed',
  'forms.cart.promoApplied',
  'forms.cart.promoRemoved',
  'forms.cart.promoMissing',
  'forms.cart.giftCardApplied',
  'forms.cart.giftCardRemoved',
  'forms.cart.shareCopied',
  'forms.cart.sharePartial',
  'forms.cart.shareNotCopied',
  'forms.cart.shareInvalid',
  'forms.cart.checkoutLinkInvalid',
  'forms.favorites.added',
  'forms.favorites.removed',
  'forms.favorites.removedUnavailable',
  'forms.favorites.failed',
  'forms.account.loggedIn',
  'forms.account.registered',
  'forms.account.loggedOut',
  'forms.account.passwordReset',
  'forms.account.passwordResetLogIn',
  'forms.account.passkeyRemoved',
  'forms.account.bought',
  'forms.account.boughtPartial',
  'forms.account.boughtNone',
  'forms.account.orderNotFound',
  'forms.review.loginRequired',
  'forms.account.settingsSaved',
  'forms.account.passwordChanged',
  'forms.account.wrongPassword',
  'forms.account.deleted',
  'forms.account.loginFirst',
  'forms.account.claimExpired',
  'forms.account.registeredFromOrder',
  'forms.withdrawal.recorded',
  'forms.withdrawal.nothingChosen',
  'forms.withdrawal.exceeds',
  'forms.withdrawal.ended',
  'forms.withdrawal.notWithdrawable',
  'forms.withdrawal.invalidInput',
  'forms.newsletter.confirmed',
  'forms.newsletter.confirmFailed',
  'forms.impersonation.refused',
  'forms.checkoutMarket.changed',
  'forms.checkoutMarket.invalid',
] as const satisfies readonly FlashMessage['key'][];

export type FlashKey = (typeof FLASH_KEYS)[number];

export function isFlashKey(value: unknown): value is FlashKey {
  return (FLASH_KEYS as readonly unknown[]).includes(value);
}

/** A flash as the endpoints write it. */
export interface Flash extends FlashMessage {
  key: FlashKey;
}

/** Parameters are short plain values (a product name, a formatted price, a count). */
const FlashParam = v.union([v.pipe(v.string(), v.maxLength(300)), v.pipe(v.number(), v.finite())]);

const FlashSchema = v.object({
  kind: v.picklist(['success', 'error']),
  key: v.picklist(FLASH_KEYS),
  params: v.optional(
    v.pipe(
      v.record(v.pipe(v.string(), v.regex(/^[a-z][a-zA-Z]{0,30}$/)), FlashParam),
      v.check((params) => Object.keys(params).length <= 8),
    ),
    {},
  ),
});

const flashCookie = oneTimeCookie(FLASH_COOKIE, FLASH_COOKIE_MAX_AGE_S, FlashSchema);

/** The flash a cookie value holds, or null when it is missing, not JSON or not a flash. */
export const parseFlash = (raw: string | undefined): Flash | null => flashCookie.parse(raw);

/** Stores the message the next page shows (httpOnly, path /, 60 s). */
export const setFlash = (c: Context<AppEnv>, flash: Flash): void => flashCookie.set(c, flash);

/**
 * The message waiting for this page, if any, and clears it so it shows once. A page showing one is
 * the visitor's own: it is marked `private, no-store`.
 */
export function takeFlash(c: Context<AppEnv>): Flash | null {
  // A prefetch (worker/render/speculation.ts) leaves the notice for the visit it is meant for.
  if (isSpeculative(c)) return null;
  const flash = flashCookie.take(c);
  if (flash) c.header('Cache-Control', 'private, no-store');
  return flash;
}

/** The form's answer: the message stored, then 303 See Other to `path` (a same-site path), never cached. */
export function redirectWithFlash(c: Context<AppEnv>, path: string, flash: Flash): Response {
  setFlash(c, flash);
  c.header('Cache-Control', 'no-store');
  return c.redirect(path, 303);
}
