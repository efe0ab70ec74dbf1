/**
 * The checkout (spec §2 `/kassan`, `/en/checkout`…; issue 6 "Checkout"): in the undistracted layout and
 * never indexed. The cart is read in the checkout market (spec §2, `cartScope`) through
 * createOrUpdateCheckout, which also gives the details the shopper saved on the cart, the carriers for
 * their zip and the market's payment methods; what a no-JS POST handed back (field errors, a notice, the
 * message and the terms tick, worker/checkout-state.ts) is shown once.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CheckoutPage, type CheckoutPageProps } from '../../client/pages/CheckoutPage';
import type { CheckoutProps } from '../../client/islands/Checkout';
import { checkoutOptionsOf, chosenId } from '../../client/components/checkout/checkout-choices';
import { checkoutValuesFromSaved } from '../../client/components/checkout/checkout-input';
import { CHECKOUT_CHOICE_FIELDS, type CheckoutChoices } from '../../client/components/checkout/checkout-operations';
import { checkoutText } from '../../client/components/checkout/checkout-text';
import { SHOP_CART_FIELDS, type ShopCart } from '../../client/shop/cart-fields';
import { shareCartPath } from '../../client/shop/cart-share';
import type { AppEnv } from '../app-env';
import { CART_ID_PATTERN } from '../commerce/cart';
import { CART_COOKIE } from '../cookies';
import { takeCheckoutState, type CheckoutState } from '../checkout-state';
import { hrefFor } from '../links';
import { cartMarket, cartScope } from '../middleware/market';
import { pageTitle, renderPage } from '../render';
import { routeAlternates } from '../seo';
import { CONFIRMATION_QUERY } from '../routes/checkout-forms';
import type { PageHandler } from './types';

const CHECKOUT_PAGE = /* GraphQL */ `
  mutation checkoutPage($cartId: String!, $channelId: String, $languageId: String, $marketId: String) {
    createOrUpdateCheckout(cartId: $cartId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      ${CHECKOUT_CHOICE_FIELDS}
      cart { ${SHOP_CART_FIELDS} }
    }
  }
`;

type PageCheckout = CheckoutChoices & { cart: ShopCart | null };

/** API answers meaning the cookie's cart cannot be checked out (gone, or already ordered). */
const NO_CART_KEYS = new Set(['api.cart.notFound', 'api.cart.completed']);

/** The visitor's cart with its saved checkout, or null when there is no cart to check out. */
async function loadCheckout(c: Context<AppEnv>): Promise<PageCheckout | null> {
  const cookie = getCookie(c, CART_COOKIE);
  if (!cookie || !CART_ID_PATTERN.test(cookie)) return null;
  try {
    const data = await c.var.graphql.mutate<{ createOrUpdateCheckout: PageCheckout | null }>(CHECKOUT_PAGE, {
      cartId: cookie,
      marketId: cartScope(c).marketId,
    });
    return data.createOrUpdateCheckout;
  } catch (error) {
    const key = (error as { graphQLErrors?: { extensions?: { messageKey?: unknown } }[] }).graphQLErrors?.[0]?.extensions?.messageKey;
    if (typeof key === 'string' && NO_CART_KEYS.has(key)) return null;
    throw error;
  }
}

/** GA4 begin_checkout: the cart's value and items as the shop's other events describe them. */
function beginCheckout(cart: ShopCart, currency: string): CheckoutProps['analytics'] {
  const items = (cart.items ?? []).flatMap((item) =>
    item
      ? [{
          item_id: String(item.product?.productId ?? item.skuId),
          item_name: item.product?.name ?? '',
          ...(item.product?.brand?.name ? { item_brand: item.product.brand.name } : {}),
          price: item.unitPrice?.sellingPriceIncVat ?? 0,
          quantity: item.quantity,
        }]
      : [],
  );
  return { currency, value: cart.summary?.total?.sellingPriceIncVat ?? 0, items };
}

function islandProps(c: Context<AppEnv>, checkout: PageCheckout, cart: ShopCart, state: CheckoutState | null): CheckoutProps {
  const market = cartMarket(c);
  const locale = c.var.locale;
  const customerType = c.var.customerType;
  const pricesIncludeVat = customerType !== 'ORGANIZATION';
  const options = checkoutOptionsOf(checkout, pricesIncludeVat);
  const values = checkoutValuesFromSaved(checkout, customerType, market.countryCode);
  values.paymentId = chosenId(options.payment);
  values.shippingId = chosenId(options.shipping);
  values.message = state?.message ?? '';
  values.terms = state?.terms ? 'on' : '';
  const text = checkoutText(c.var.t);
  const total = cart.summary?.total;
  return {
    cartId: cart.id,
    marketId: market.id,
    market: { countryCode: market.countryCode, countryNames: Object.values(market.countryNames) },
    country: { code: market.countryCode, name: market.countryNames[c.var.languageId] ?? market.countryCode },
    redirect: hrefFor(c, 'checkout', locale),
    confirmUrl: hrefFor(c, 'checkout-confirm', locale) + CONFIRMATION_QUERY,
    termsHref: hrefFor(c, 'content-page', locale, { alias: text['checkout.termsAlias'] }),
    pricesIncludeVat,
    values,
    errors: state?.errors ?? {},
    notice: state?.notice ?? null,
    options,
    total: total?.sellingPriceIncVatFormatted ?? null,
    text,
    analytics: beginCheckout(cart, market.currency.code),
  };
}

export const checkoutPage: PageHandler = async (c) => {
  const state = takeCheckoutState(c);
  const checkout = await loadCheckout(c);
  const cart = checkout?.cart;
  const props: CheckoutPageProps = {
    checkout:
      checkout && cart && (cart.items ?? []).some(Boolean)
        ? { cart, shareUrl: new URL(shareCartPath(cart.id), c.req.url).toString(), island: islandProps(c, checkout, cart, state) }
        : null,
  };
  // The shopper's own details: never kept by a cache.
  c.header('Cache-Control', 'private, no-store');
  return renderPage(c, <CheckoutPage {...props} />, {
    title: pageTitle(c, c.var.t('checkout.title')),
    alternates: routeAlternates(c, 'checkout'),
    layout: 'undistracted',
    noindex: true,
    prerender: true,
  });
};
