/**
 * Every cookie the shop sets, by name and lifetime, in one place (spec §9: names carry the `ralph-`
 * prefix). Lifetimes are in seconds, the unit of `Max-Age`. The auth cookie's lifetime is the token's
 * own maxAge and the user cookies' 604,800 s (remember me) or 1,800 s; those are set by the auth routes.
 */
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { AppEnv } from '../app-env';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, USER_TYPE_COOKIE } from '../../core/cookies';

/** The cart id, shared with the browser's cart store (core/cookies.ts), and the customer type. */
export { CART_COOKIE, CART_COOKIE_MAX_AGE_S, USER_TYPE_COOKIE };

export const AUTH_COOKIE = 'ralph-auth';
export const USER_COOKIE = 'ralph-user';
export const USER_MAX_AGE_COOKIE = 'ralph-user-maxage';
export const REFRESH_COOKIE = 'ralph-auth-refresh';
/**
 * The key of the browser a session was handed to (issue 24): httpOnly, path /, Lax, the session's
 * lifetime, replaced at every rotation. It lets that browser's second tab through the refresh grace
 * window; a copy of the refresh token elsewhere does not come with it.
 */
export const BROWSER_KEY_COOKIE = 'ralph-auth-browser';
export const MARKET_COOKIE = 'ralph-selected-market';
export const CHECKOUT_MARKET_COOKIE = 'ralph-checkout-market';
export const PERSISTED_STATES_COOKIE = 'ralph-persisted-states';
/**
 * The visitor's chosen language (spec §4 "stores cookie"). The spec names no locale cookie; this one
 * follows the `ralph-` family and lives as long as the other preference cookies.
 */
export const LOCALE_COOKIE = 'ralph-locale';

/**
 * The one-time message after a form post (worker/session/flash.ts): httpOnly, path /, one minute; the next page
 * shows it and clears it. Not in the spec: a `ralph-` cookie of our own, like the locale cookie.
 */
export const FLASH_COOKIE = 'ralph-flash';
export const FLASH_COOKIE_MAX_AGE_S = 60;

/**
 * The address a back-in-stock form was sent with when it was not valid (worker/routes/forms/stock-notification.ts),
 * so the product page can show it again beside the message: httpOnly, path /, one minute, read once.
 * A cookie rather than the redirect's query keeps the address out of URLs, logs and analytics.
 */
export const NOTIFY_EMAIL_COOKIE = 'ralph-notify-email';
export const NOTIFY_EMAIL_COOKIE_MAX_AGE_S = 60;

/**
 * What the no-JS checkout POSTs hand back to the checkout page (worker/session/checkout-state.ts): field
 * errors, notice, message and terms tick; httpOnly, path /, ten minutes, read once.
 */
export const CHECKOUT_STATE_COOKIE = 'ralph-checkout-form';
export const CHECKOUT_STATE_COOKIE_MAX_AGE_S = 600;

/**
 * What the no-JS account forms hand back to the account pages (worker/session/account-form.ts): which form,
 * its errors, what was typed except passwords; httpOnly, path /, ten minutes, read once.
 */
export const ACCOUNT_FORM_COOKIE = 'ralph-account-form';
export const ACCOUNT_FORM_COOKIE_MAX_AGE_S = 600;

/**
 * What the no-JS review form hands back to the product page (worker/session/review-form.ts): the product,
 * the field errors, what was typed, or that the review was sent; httpOnly, path /, ten minutes (long
 * enough to log in and come back), read once.
 */
export const REVIEW_FORM_COOKIE = 'ralph-review-form';
export const REVIEW_FORM_COOKIE_MAX_AGE_S = 600;

/**
 * What the no-JS settings forms of my pages hand back to the settings page (worker/session/settings-form.ts):
 * which form, its errors, what was typed except passwords; httpOnly, path /, ten minutes, read once.
 */
export const SETTINGS_FORM_COOKIE = 'ralph-settings-form';
export const SETTINGS_FORM_COOKIE_MAX_AGE_S = 600;

/**
 * The guest's claim on the order they just placed (issue 14, "create an account from this order"): a
 * signed token naming the order (worker/commerce/orders/order-tokens.ts); httpOnly, path /, one hour.
 */
export const ORDER_CLAIM_COOKIE = 'ralph-order-claim';
export const ORDER_CLAIM_COOKIE_MAX_AGE_S = 3600;

/**
 * A password reset key from the mail's link (issue 13): the reset page moves it here and answers with a
 * clean URL, so the key is in no Referer, history entry or analytics hit; httpOnly, path /, one hour
 * (the key's own life), cleared when used.
 */
export const RESET_KEY_COOKIE = 'ralph-reset-key';
export const RESET_KEY_COOKIE_MAX_AGE_S = 3600;
/**
 * A reset key from a link opened on another site (issue 24: it may be an attacker's key for their own
 * account, planted to log the victim in as them): it waits here, unused, until the shopper confirms on
 * the reset page that the account it names is theirs; then it moves to RESET_KEY_COOKIE. httpOnly, path
 * /, ten minutes.
 */
export const RESET_PENDING_COOKIE = 'ralph-reset-pending';

/**
 * The confirmation page's order for this browser (issue 24): `{publicId}.{cartId}` from the URL the shop or
 * the payment provider sent it to, so the page's script can take both ids out of the address bar (no
 * analytics tag, history entry or Referer carries them) and a reload still shows the order. httpOnly,
 * path /, one day.
 */
export const CONFIRM_COOKIE = 'ralph-confirm';
export const CONFIRM_COOKIE_MAX_AGE_S = 24 * 60 * 60;
export const RESET_PENDING_COOKIE_MAX_AGE_S = 600;

/** Google's automated-discount token after landing (issue 4, price validation): httpOnly, 48 hours. */
export const GAD_COOKIE = 'ralph-gad';

const DAY_S = 24 * 60 * 60;

/**
 * The payment capability (issue 12): a random token the payment step gives the browser that placed the
 * order, kept with the payment, so that browser may decide, cancel and reopen it even after its cart
 * cookie moved on; httpOnly, one day.
 */
export const PAYMENT_COOKIE = 'ralph-payment';

/**
 * The shopper's cookie consent (spec §3 'Cookie consent: a single value, initially unset'; issue 12):
 * 'accepted' or 'rejected'; unset until they choose. httpOnly (the page data tells the browser), 365 days.
 */
export const CONSENT_COOKIE = 'ralph-consent';
export const PAYMENT_COOKIE_MAX_AGE_S = DAY_S;
export const CONSENT_COOKIE_MAX_AGE_S = 365 * DAY_S;

export const GAD_COOKIE_MAX_AGE_S = 2 * DAY_S;

/**
 * The back office (issue 27): the staff member's language (sv or en), a year on path /admin, and the
 * one-time notice after a staff form (a minute, as the shop's flash). Neither is a `ralph-` cookie: shoppers'
 * pages never read them.
 */
export const ADMIN_LANGUAGE_COOKIE = 'admin-language';
export const ADMIN_LANGUAGE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const ADMIN_NOTICE_COOKIE = 'admin-notice';
export const ADMIN_NOTICE_MAX_AGE_S = 60;

/**
 * The shopper's D1 bookmark (issue 15, worker/middleware/d1-session.ts): where the database stood after
 * their last write, so their next requests read from a replica at least that fresh. httpOnly, path /,
 * Lax, one hour (far longer than a replica lags); set only by requests that wrote or carried one.
 */
export const D1_BOOKMARK_COOKIE = 'ralph-d1-bookmark';
export const D1_BOOKMARK_COOKIE_MAX_AGE_S = 3600;

/** Spec §9: cart (core/cookies.ts), user-type and persisted-states cookies live 365 days. */
export const USER_TYPE_COOKIE_MAX_AGE_S = 365 * DAY_S;
export const PERSISTED_STATES_COOKIE_MAX_AGE_S = 365 * DAY_S;
/** Spec §9: market and checkout-market cookies live 31,536,000,000 ms, path /. */
export const MARKET_COOKIE_MAX_AGE_S = 31_536_000;
/** The locale cookie, like the market cookies it sits with. */
export const LOCALE_COOKIE_MAX_AGE_S = 31_536_000;
/** Spec §9: user cookies with "remember me", and without. */
export const USER_COOKIE_REMEMBERED_MAX_AGE_S = 604_800;
export const USER_COOKIE_SESSION_MAX_AGE_S = 1_800;

/** Options of a preference cookie the page scripts may read (market, locale, cart): path /, Lax. */
export function preferenceCookie(maxAge: number): CookieOptions {
  return { path: '/', maxAge, sameSite: 'Lax' };
}

/**
 * Lets go of the visitor's cart for good (its order is placed and confirmed, or its account deleted): the
 * cookie is removed, and the rest of this response asks for no cart (the header's count would otherwise
 * read the old id from the request and have the API start a new, empty cart).
 */
export function letGoOfCart(c: Context<AppEnv>): void {
  deleteCookie(c, CART_COOKIE, { path: '/' });
  c.set('cartLetGo', true);
}
