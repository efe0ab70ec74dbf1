/**
 * The cookies that the browser's scripts read and write as well as the server (spec §9). Their names and
 * lifetimes live here once; worker/session/cookies.ts lists them with every other cookie of the shop.
 */

/** The cart id (spec §9: 365 days, path /, SameSite=Lax, readable by scripts so either side may renew it). */
export const CART_COOKIE = 'ralph-cart';
export const CART_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The customer type (spec §9: 365 days), which the login sets to the account's: a tab that hears of a
 * login elsewhere compares it with its own page's prices (client/browser/login-state.ts).
 */
export const USER_TYPE_COOKIE = 'ralph-user-type';
