/**
 * The cart id cookie `ralph-cart` (spec §9: 365 days, path /), as the browser reads and writes it. The
 * server sets the same cookie (core/cookies.ts, listed in worker/session/cookies.ts); both use SameSite=Lax and no httpOnly so
 * either side may renew it.
 */
import { CART_ID_PATTERN } from '../../core/cart/limits';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S } from '../../core/cookies';

/** The cart id in a `document.cookie` string, or null when there is none or it is malformed. */
export function cartIdOfCookies(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CART_COOKIE) continue;
    const value = rest.join('=');
    return CART_ID_PATTERN.test(value) ? value : null;
  }
  return null;
}

/** `; Secure` over HTTPS (issue 12: every cookie of a page served over HTTPS is Secure). */
function secureAttribute(secure: boolean): string {
  return secure ? '; Secure' : '';
}

const onHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';

/** The `document.cookie` assignment that stores `cartId` for 365 days. */
export function cartCookie(cartId: string, secure = onHttps()): string {
  return `${CART_COOKIE}=${cartId}; Max-Age=${CART_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secureAttribute(secure)}`;
}

/** The `document.cookie` assignment that removes the cart cookie. */
export function expiredCartCookie(secure = onHttps()): string {
  return `${CART_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secureAttribute(secure)}`;
}

/** Where the store keeps the cart id: the page's cookies; tests give their own. */
export interface CartIdStorage {
  read(): string | null;
  write(cartId: string): void;
  remove(): void;
}

export const documentCartId: CartIdStorage = {
  read: () => (typeof document === 'undefined' ? null : cartIdOfCookies(document.cookie)),
  write: (cartId) => {
    document.cookie = cartCookie(cartId);
  },
  remove: () => {
    document.cookie = expiredCartCookie();
  },
};
