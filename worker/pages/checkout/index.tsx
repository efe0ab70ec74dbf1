/**
 * The checkout (spec §2 `/kassan`, `/en/checkout`…; issue 6 "Checkout"): in the undistracted layout and
 * never indexed. The cart is read in the checkout market (spec §2, `cartScope`) through
 * createOrUpdateCheckout, which also gives the details the shopper saved on the cart, the carriers for
 * their zip and the market's payment methods; what a no-JS POST handed back (field errors, a notice, the
 * message and the terms tick, worker/session/checkout-state.ts) is shown once. A cart already ordered but not
 * paid (the shopper came back from the payment page) is reopened with a notice, or leads to the
 * confirmation when it was paid after all (worker/payments/resume.ts says why). A payment option the API
 * pays in an external checkout (a Geins API's Klarna, Svea, Walley or Avarda; issue 26) shows the
 * provider's snippet in place of the address and 'Slutför köp'.
 */
import { privateLiveOf } from '../../live/page-live';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CheckoutPage, type CheckoutPageProps } from '../../../client/views/pages/CheckoutPage';
import type { CheckoutProps } from '../../../client/islands/Checkout';
import type { CheckoutMarketPickerProps } from '../../../client/views/components/checkout/CheckoutMarketPicker';
import { checkoutOptionsOf, chosenId } from '../../../core/checkout/choices';
import { checkoutValuesFromSaved } from '../../../core/checkout/input';
import { type CheckoutChoices, CHECKOUT_CHOICES } from '../../../core/graphql/checkout';
import { checkoutText } from '../../../core/checkout/text';
import { analyticsItemOfCartLine } from '../../../client/browser/analytics';
import { apiErrorOf, isStaleCart } from '../../../core/api-errors';
import { cartLines, type ShopCart, SHOP_CART, cartWithId } from '../../../core/graphql/cart';
import { shareLinkOf } from '../../urls/share-links';
import type { AppEnv } from '../../app-env';
import { CART_ID_PATTERN } from '../../../core/cart/limits';
import { CART_COOKIE } from '../../session/cookies';
import { setCheckoutState, takeCheckoutState, type CheckoutState } from '../../session/checkout-state';
import { checkoutConfirmUrl, hrefFor } from '../../urls/links';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { pricesIncludeVat } from '../../render/shop-scope';
import { reopenUnpaidOrder } from '../../payments/resume';
import type { PageHandler } from '../types';
import { cartMarket, cartScope } from '../../session/market';
import { graphql } from '../../../core/graphql/tada';

const CHECKOUT_PAGE = graphql(
  /* GraphQL */ `
    mutation checkoutPage($cartId: String!, $channelId: String, $languageId: String, $marketId: String) {
      createOrUpdateCheckout(cartId: $cartId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        ...CheckoutChoices
        cart {
          ...ShopCart
        }
      }
    }
  `,
  [SHOP_CART, CHECKOUT_CHOICES],
);

type PageCheckout = CheckoutChoices & { cart: ShopCart | null };

/** The cart `cartId` with its saved checkout; 'completed' when it was ordered, null when there is none to check out. */
async function loadCheckout(
  c: Context<AppEnv>,
  cartId: string | undefined,
): Promise<PageCheckout | 'completed' | null> {
  if (!cartId || !CART_ID_PATTERN.test(cartId)) return null;
  try {
    const data = await c.get('graphql').mutate(CHECKOUT_PAGE, {
      cartId,
      marketId: cartScope(c).marketId,
    });
    const checkout = data.createOrUpdateCheckout;
    return checkout ? { ...checkout, cart: cartWithId(checkout.cart) } : null;
  } catch (error) {
    const key = apiErrorOf(error)?.messageKey;
    // Ordered: perhaps not paid yet (the page below reopens it). Gone: nothing to check out.
    if (key === 'api.cart.completed') return 'completed';
    if (isStaleCart(key)) return null;
    throw error;
  }
}

/** GA4 begin_checkout: the cart's value and items as the shop's other events describe them. */
function beginCheckout(cart: ShopCart, currency: string): NonNullable<CheckoutPageProps['checkout']>['beginCheckout'] {
  const items = cartLines(cart).map((line) => analyticsItemOfCartLine(line));
  return { currency, value: cart.summary?.total?.sellingPriceIncVat ?? 0, items };
}

function islandProps(
  c: Context<AppEnv>,
  checkout: PageCheckout,
  cart: ShopCart,
  state: CheckoutState | null,
): CheckoutProps {
  const market = cartMarket(c);
  const locale = c.get('locale');
  const includeVat = pricesIncludeVat(c);
  const options = checkoutOptionsOf(checkout, includeVat);
  const values = checkoutValuesFromSaved(checkout, c.get('customerType'), market.countryCode);
  values.paymentId = chosenId(options.payment);
  values.shippingId = chosenId(options.shipping);
  values.message = state?.message ?? '';
  values.customerOrderNumber = state?.customerOrderNumber ?? '';
  values.vatNumber = state?.vatNumber ?? '';
  values.terms = state?.terms ? 'on' : '';
  const text = checkoutText(c.get('t'));
  const total = cart.summary?.total;
  return {
    cartId: cart.id,
    marketId: market.id,
    market: { countryCode: market.countryCode, countryNames: Object.values(market.countryNames) },
    country: { code: market.countryCode, name: market.countryNames[c.get('languageId')] ?? market.countryCode },
    redirect: hrefFor(c, 'checkout', locale),
    confirmUrl: checkoutConfirmUrl(c, locale),
    termsHref: hrefFor(c, 'content-page', locale, { alias: text['checkout.termsAlias'] }),
    pricesIncludeVat: includeVat,
    values,
    errors: state?.errors ?? {},
    notice: state?.notice ?? null,
    options,
    total: total?.sellingPriceIncVatFormatted ?? null,
    text,
  };
}

/** The markets the checkout may be in (those only shown in the checkout too, never a virtual one), or null for one. */
function marketPicker(c: Context<AppEnv>): CheckoutMarketPickerProps | null {
  const current = cartMarket(c);
  const markets = c.get('channel').markets.filter((market) => !market.virtual);
  if (markets.length < 2) return null;
  return {
    redirect: hrefFor(c, 'checkout', c.get('locale')),
    markets: markets.map((market) => ({
      alias: market.alias,
      country: market.countryNames[c.get('languageId')] ?? market.countryCode,
      currency: market.currency.code,
      current: market.id === current.id,
    })),
  };
}

export const checkoutPage: PageHandler = async (c) => {
  // The shopper's own details: never kept by a cache.
  c.header('Cache-Control', 'private, no-store');
  const cookie = getCookie(c, CART_COOKIE);
  const loaded = await loadCheckout(c, cookie);
  if (loaded === 'completed') {
    const unpaid = await reopenUnpaidOrder(c, cookie!);
    if (unpaid?.kind === 'paid') return c.redirect(unpaid.url, 303);
    if (unpaid) {
      // Once more with the reopened cart's cookie, so the whole page (header included) shows that cart.
      setCheckoutState(c, { errors: {}, terms: false, notice: c.get('t')('payments.failure.cancelled') });
      return c.redirect(c.req.path, 303);
    }
  }
  const state = takeCheckoutState(c);
  const checkout = loaded === 'completed' ? null : loaded;
  const cart = checkout?.cart;
  const lines = cartLines(cart);
  const props: CheckoutPageProps = {
    testMode: c.get('config').payments.testMode,
    checkout:
      checkout && cart && lines.length > 0
        ? {
            cart,
            shareUrl: await shareLinkOf(c, {
              id: cart.id,
              items: lines.map((line) => ({
                skuId: line.skuId,
                quantity: line.quantity,
                productId: line.product?.productId,
              })),
              promoCode: cart.promoCode ?? null,
            }),
            cartMoney: {
              localeIso: c.get('languageId'),
              currency: cartMarket(c).currency.code,
              vatRateBp: cartMarket(c).vatRateBp,
            },
            island: islandProps(c, checkout, cart, state),
            beginCheckout: beginCheckout(cart, cartMarket(c).currency.code),
            marketPicker: marketPicker(c),
            live: cart.id ? await privateLiveOf(c, 'cart', cart.id) : null,
          }
        : null,
  };
  return renderPage(c, <CheckoutPage {...props} />, {
    title: pageTitle(c, c.get('t')('checkout.title')),
    alternates: routeAlternates(c, 'checkout'),
    layout: 'undistracted',
    noindex: true,
    prerender: true,
  });
};
