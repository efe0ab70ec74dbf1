/**
 * The shared cart link (issue 6 "Cart", issue 12): `GET /api/cart/share/{token}` gives the visitor a COPY
 * of the items (and promo code) a signed snapshot names (worker/commerce/cart/share.ts): they are added
 * to the visitor's own open cart (a new one, cookie `ralph-cart` for 365 days, when they have none), the
 * promo code when theirs has none and the code is usable in their market. The link never holds the
 * sharer's cart id, the cart's only credential, so whoever gets it can read no checkout details
 * (email, personnummer, addresses), touch no cart and read no order. A token that is not ours, altered or
 * expired changes nothing and says so. Lines the visitor's cart cannot take (stock, the line limit of
 * spec §5, a product not sold in the market) are named in the notice; the rest are added. The visitor
 * lands on the checkout page, which shows their cart.
 *
 * `GET /api/cart/share` answers the visitor's own cart's link as JSON (`{ url }`), for the cart panel,
 * which cannot sign one itself; the checkout page renders the same link on the server.
 *
 * The copy is `copyCartItems` (worker/commerce/cart/cart.ts: one read, one D1 batch), which checks every
 * line against the same rule as addToCart (`quantityProblem`) in one round trip.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { isLocale } from '../../../locales';
import { CART_ID_PATTERN } from '../../../core/cart/limits';
import type { AppEnv } from '../../app-env';
import { copyCartItems, findCart, type CartCopy } from '../../commerce/cart/cart';
import { notAddedNames, visitorCart } from '../../session/visitor-cart';
import { cartFingerprint, cartShareKey, readCartShare } from '../../commerce/cart/share';
import { shareLinkOf } from '../../urls/share-links';
import { findUsablePromoCode } from '../../commerce/pricing/promotions';
import { CART_COOKIE, LOCALE_COOKIE } from '../../session/cookies';
import { redirectWithFlash, type Flash } from '../../session/flash';
import { hrefFor } from '../../urls/links';
import { languageIdOfPath } from '../forms/input';

/** The notice for a copy: every line added, some (naming the others), or none. */
function copyFlash(copy: CartCopy): Flash {
  if (copy.notAdded.length === 0) return { kind: 'success', key: 'forms.cart.shareCopied', params: {} };
  const names = notAddedNames(copy);
  if (copy.added.length === 0) return { kind: 'error', key: 'forms.cart.shareNotCopied', params: { names } };
  return { kind: 'success', key: 'forms.cart.sharePartial', params: { names } };
}

/** The shared cart link, mounted at `/api/cart/share`. */
export function cartShareRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/', async function ownShareLink(c) {
    c.header('Cache-Control', 'private, no-store');
    const cookie = getCookie(c, CART_COOKIE);
    const cart = cookie && CART_ID_PATTERN.test(cookie) ? await findCart(c.env.DB, cookie) : null;
    const url = cart && !cart.completedAt ? await shareLinkOf(c, cart) : null;
    return c.json({ url }, url ? 200 : 404);
  });

  routes.get('/:token', async function openSharedCart(c) {
    const cookieLocale = getCookie(c, LOCALE_COOKIE);
    const checkout = hrefFor(c, 'checkout', isLocale(cookieLocale) ? cookieLocale : c.get('locale'));
    c.header('Cache-Control', 'no-store');
    const secret = c.get('config').authSecret;
    const now = new Date();
    // In front of a remote API (issue 26) the copy would land in a cart of the storefront's own database,
    // which that API never reads: no links are made there (urls/share-links.ts), and none is opened.
    const shared =
      secret && !c.get('config').graphqlEndpoint
        ? await readCartShare(await cartShareKey(secret), c.req.param('token'), now)
        : null;
    if (!shared) return redirectWithFlash(c, checkout, { kind: 'error', key: 'forms.cart.shareInvalid', params: {} });
    const cookie = getCookie(c, CART_COOKIE);
    const cookieId = cookie && CART_ID_PATTERN.test(cookie) ? cookie : undefined;
    // The sharer opening their own link: the cart already holds the items.
    if (cookieId && (await cartFingerprint(cookieId)) === shared.source) return c.redirect(checkout, 303);

    // The visitor's cart is the one the checkout shows: in the checkout market (spec §2).
    const marketId = c.get('checkoutMarket').id;
    const target = await visitorCart(c, cookieId, marketId, now);
    const promo =
      shared.promoCode && !target.promoCode
        ? await findUsablePromoCode(c.env.DB, shared.promoCode, marketId, now)
        : null;
    const copy = await copyCartItems(c.env.DB, {
      from: shared,
      to: target,
      marketId,
      languageId: languageIdOfPath(c, checkout),
      promoCode: promo?.code ?? null,
      now,
    });
    return redirectWithFlash(c, checkout, copyFlash(copy));
  });

  return routes;
}
