/**
 * `GET /api/checkout/hosted/{token}`: another storefront's card or Swish shopper arrives at our checkout
 * (issue 25; worker/payments/hosted-checkout.ts). The token names the storefront's cart; this browser
 * gets that cart (its cookie), in the cart's market and the storefront's language, and the cart
 * remembers the storefront's confirmation page beside the page the shopper came from, where the payment
 * step ends. Then the shopper is on our checkout page: address, order, the provider's step.
 *
 * A link from a site the merchant does not run opens nothing (issue 24: a link on another site never
 * changes what a shopper has): a cross-site arrival must come from a storefront origin in CORS_ORIGINS.
 * An expired, altered or foreign token, or a cart already ordered, lands on our checkout with a notice
 * and changes nothing.
 */
import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { createTranslator, localeOfLanguageId, LOCALE_ISO } from '../../../locales';
import type { AppEnv } from '../../app-env';
import { findCart, setStorefrontConfirmUrl } from '../../commerce/cart/cart';
import { findMarket } from '../../commerce/channel/channel';
import {
  hostedCheckoutKey,
  openHostedCheckout,
  openPayLink,
  payLinkKey,
  storefrontConfirmUrl,
} from '../../payments/hosted-checkout';
import { findPayment } from '../../commerce/orders/payments';
import { grantPaymentCapability } from '../../payments/context';
import { payStepUrl } from '../../payments/urls';
import { notFound } from '../../render/errors';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from '../../session/cookies';
import { redirectWithFlash } from '../../session/flash';
import { storeMarket } from '../../session/market';
import { hrefFor } from '../../urls/links';
import { fromAllowedOrigin, fromAnotherSite } from '../../urls/same-site';

/** The origin a Referer names, if it is a URL. */
function refererOrigin(c: Context<AppEnv>): string | undefined {
  const referer = c.req.header('Referer');
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/checkout/pay/{token}`: the payment step of an order a storefront on another origin placed
 * through the API (payments/hosted-checkout.ts, issue 26). The browser that opens it may pay that order:
 * it gets the payment's capability cookie and goes on to the payment page. An expired, altered or foreign
 * token, or an order that waits for nothing, is the 404 page.
 */
export function payLinkRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/:token', async function openPayStepLink(c) {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const secret = c.var.config.authSecret;
    const publicId = secret ? await openPayLink(await payLinkKey(secret), c.req.param('token'), new Date()) : null;
    const payment = publicId ? await findPayment(c.env.DB, { publicId }) : null;
    if (!payment || payment.status !== 'PENDING') return notFound(c);
    await grantPaymentCapability(c, payment);
    return c.redirect(payStepUrl(payment.order.publicId, payment.shopPrefix), 303);
  });
  return routes;
}

export function hostedCheckoutRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/:token', async function openHostedCheckoutLink(c) {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const { config } = c.var;
    const now = new Date();
    const opened = config.authSecret
      ? await openHostedCheckout(await hostedCheckoutKey(config.authSecret), c.req.param('token'), now)
      : null;
    const locale = opened ? localeOfLanguageId(opened.languageId) : c.get('locale');
    const cart = opened ? await findCart(c.env.DB, opened.cartId) : null;
    const market = cart ? findMarket(c.get('channel'), cart.marketId) : undefined;
    const crossSite = fromAnotherSite(c.req.raw.headers) && !fromAllowedOrigin(refererOrigin(c), config.corsOrigins);
    if (!opened || !cart || !market || crossSite) {
      if (crossSite) console.warn('a hosted checkout link from another site was refused', refererOrigin(c) ?? '(none)');
      return redirectWithFlash(c, hrefFor(c, 'checkout', locale), {
        kind: 'error',
        key: 'forms.cart.checkoutLinkInvalid',
        params: {},
      });
    }
    const confirmUrl = storefrontConfirmUrl(
      { from: c.req.query('from'), referer: c.req.header('Referer'), type: opened.type },
      config.corsOrigins,
    );
    if (confirmUrl !== cart.storefrontConfirmUrl) await setStorefrontConfirmUrl(c.env.DB, cart.id, confirmUrl, now);
    setCookie(c, CART_COOKIE, cart.id, preferenceCookie(CART_COOKIE_MAX_AGE_S));
    // The checkout shows the cart in its own market and the shopper's language (spec §2, §4).
    storeMarket(c, market);
    c.set('market', market);
    c.set('checkoutMarket', market);
    c.set('locale', locale);
    c.set('languageId', LOCALE_ISO[locale]);
    c.set('t', createTranslator(locale));
    return c.redirect(hrefFor(c, 'checkout', locale), 303);
  });

  return routes;
}
