/**
 * The order confirmation (spec §2 `/checkout/confirm`, issue 6 contract 8), where placeOrder and the
 * payment providers send the shopper: `?orderId={publicId}&cartId={cartId}`. It shows the order (number,
 * items, totals including or excluding VAT by customer type, addresses, shipping and payment method,
 * status), read through the storefront's GraphQL client (`checkout` and `getOrderPublic`). An unknown
 * order, or a cartId that is not the order's, is a 404.
 *
 * Issue 24: the two ids are the browser's credential for the order's details, so they stay out of
 * analytics, history and Referer: the page keeps them in the `ralph-confirm` cookie, its script replaces
 * the address with the bare `/checkout/confirm` (client/browser/analytics.ts) before any tag loads, a
 * reload of that address reads the cookie, and the page sends no referrer at all.
 *
 * While the payment waits for the provider (PENDING_PAYMENT) the page says so and reloads itself until
 * the status changes, for two minutes at most; then it says it is still waiting, with a link to reload. It removes the `ralph-cart` cookie when it still names this order's cart, and gives
 * the page script (client/islands/PurchaseTracker.tsx) the `purchase` event with the email, first name,
 * last name and zip hashed with SHA-256 after lowercasing and trimming (spec §9).
 */
import { privateLiveOf } from '../../live/page-live';
import { ordersLiveState } from '../../../core/live/subscriptions';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ConfirmPage, type ConfirmedOrder } from '../../../client/views/pages/ConfirmPage';
import type { PurchaseEvent } from '../../../client/islands/PurchaseTracker';
import { analyticsItemOfCartLine } from '../../../client/browser/analytics';
import { apiErrorOf } from '../../../core/api-errors';
import { type ShopCartProduct, SHOP_CART_PRODUCT } from '../../../core/graphql/cart';
import type { AppEnv } from '../../app-env';
import { CART_ID_PATTERN } from '../../../core/cart/limits';
import { formatMoney } from '../../commerce/pricing/money';
import { GUID_PATTERN } from '../../../core/guid';
import { offersAccountFromOrder } from '../../session/account';
import {
  CART_COOKIE,
  CONFIRM_COOKIE,
  CONFIRM_COOKIE_MAX_AGE_S,
  letGoOfCart,
  ORDER_CLAIM_COOKIE,
} from '../../session/cookies';
import { takeAccountFormState } from '../../session/account-form';
import { ORDER_CLAIM } from '../../commerce/orders/order-tokens';
import type { AccountOffer } from '../../../client/views/components/confirm/AccountFromOrder';
import { sha256Hex } from '../../commerce/crypto';
import { notFound } from '../../render/errors';
import { hrefFor } from '../../urls/links';
import { pageTitle, renderPage } from '../../render/renderer';
import type { PageHandler } from '../types';
import { addressOf, orderLinesOf, ORDER_ADDRESS, trackingLinkOf, vatNumberOf, type ApiAddress } from '../order-view';
import { graphql } from '../../../core/graphql/tada';
import { mailOrderEventsAfter } from '../../mail/order-events';
import { noncedMarkup } from '../../../core/provider-markup';

/** Seconds between reloads while the payment is being confirmed. */
const PENDING_REFRESH_S = 3;
/** How long the page keeps reloading itself before it says the payment is still awaited (with a reload link). */
const PENDING_WAIT_LIMIT_S = 120;

/** What the confirmation shows of a placed order (CheckoutOrderType), whichever checkout placed it. */
const CONFIRM_ORDER_FIELDS = graphql(
  /* GraphQL */ `
    fragment ConfirmOrderFields on CheckoutOrderType {
      orderId
      customerId
      email
      currency
      status
      promoCode
      billingAddress {
        ...OrderAddress
      }
      shippingAddress {
        ...OrderAddress
      }
      itemValueIncVat
      itemValueExVat
      shippingFeeIncVat
      shippingFeeExVat
      discountIncVat
      discountExVat
      orderValueIncVat
      orderValueExVat
      balance
      customerOrderNumber
      metaData
    }
  `,
  [ORDER_ADDRESS],
);

/** The order's lines as its cart holds them. */
const CONFIRM_CART_LINES = graphql(
  /* GraphQL */ `
    fragment ConfirmCartLines on CartType {
      items {
        skuId
        quantity
        product {
          ...ShopCartProduct
        }
        unitPrice {
          sellingPriceIncVat
        }
        totalPrice {
          sellingPriceIncVatFormatted
          sellingPriceExVatFormatted
        }
      }
    }
  `,
  [SHOP_CART_PRODUCT],
);

export const CONFIRM_ORDER = graphql(
  /* GraphQL */ `
    query confirmOrder(
      $id: String!
      $publicOrderId: Guid!
      $cartId: String
      $channelId: String
      $languageId: String
      $marketId: String
    ) {
      checkout(
        id: $id
        cartId: $cartId
        paymentType: STANDARD
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
      ) {
        order {
          ...ConfirmOrderFields
        }
        cart {
          ...ConfirmCartLines
        }
      }
      getOrderPublic(
        publicOrderId: $publicOrderId
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
      ) {
        id
        status
        orderTotal {
          vat
        }
        shippingDetails {
          name
          trackingLink
        }
        paymentDetails {
          displayName
        }
      }
    }
  `,
  [CONFIRM_ORDER_FIELDS, CONFIRM_CART_LINES],
);

/**
 * An order an external checkout placed (issue 26; the reference client's confirm page): the API answers
 * it by the provider's id for it (`kid`, `sid`, `wid`, `aid`) and the cart, with the provider's
 * confirmation snippet, and says whether the checkout was completed at all.
 */
const CONFIRM_EXTERNAL_ORDER = graphql(
  /* GraphQL */ `
    query confirmExternalOrder(
      $id: String!
      $paymentType: PaymentType!
      $cartId: String
      $channelId: String
      $languageId: String
      $marketId: String
    ) {
      checkout(
        id: $id
        cartId: $cartId
        paymentType: $paymentType
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
      ) {
        htmlSnippet
        completed
        order {
          ...ConfirmOrderFields
        }
        cart {
          isCompleted
          ...ConfirmCartLines
        }
      }
    }
  `,
  [CONFIRM_ORDER_FIELDS, CONFIRM_CART_LINES],
);

/** The reference client's `completeCart`, for a cart an external checkout left open. */
const COMPLETE_CART = graphql(/* GraphQL */ `
  mutation confirmCompleteCart($id: String!, $channelId: String, $languageId: String, $marketId: String) {
    completeCart(id: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      isCompleted
    }
  }
`);

interface ConfirmOrderResult {
  checkout: {
    order: {
      orderId: string | null;
      customerId: number | null;
      email: string | null;
      currency: string | null;
      status: string | null;
      promoCode: string | null;
      billingAddress: ApiAddress | null;
      shippingAddress: ApiAddress | null;
      itemValueIncVat: number;
      itemValueExVat: number;
      shippingFeeIncVat: number;
      shippingFeeExVat: number;
      discountIncVat: number;
      discountExVat: number;
      orderValueIncVat: number;
      orderValueExVat: number;
      balance: number;
      customerOrderNumber: string | null;
      metaData: string | null;
    } | null;
    cart: {
      items:
        | ({
            skuId: number;
            quantity: number;
            product: ShopCartProduct | null;
            unitPrice: { sellingPriceIncVat: number } | null;
            totalPrice: {
              sellingPriceIncVatFormatted: string | null;
              sellingPriceExVatFormatted: string | null;
            } | null;
          } | null)[]
        | null;
    } | null;
  } | null;
  getOrderPublic: {
    id?: number | null;
    status?: string | null;
    orderTotal: { vat: number } | null;
    shippingDetails: ({ name: string; trackingLink?: string | null } | null)[] | null;
    paymentDetails: ({ displayName: string | null } | null)[] | null;
  } | null;
}

type LoadedOrder = NonNullable<NonNullable<ConfirmOrderResult['checkout']>['order']>;

/** The order and cart the query names, or null when the API does not know them (or not together). */
async function loadOrder(c: Context<AppEnv>, publicId: string, cartId: string): Promise<ConfirmOrderResult | null> {
  try {
    const data = await c.get('graphql').query(CONFIRM_ORDER, {
      id: publicId,
      publicOrderId: publicId,
      cartId,
    });
    return data.checkout?.order ? data : null;
  } catch (error) {
    if (apiErrorOf(error)?.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** A country as the shopper reads it: 'SE' is 'Sverige' on a Swedish page; a name stays as entered. */
/** Spec §9: a value of the purchase event is hashed with SHA-256 after lowercasing and trimming. */
function hashedForPurchase(value: string | null | undefined): Promise<string> {
  return sha256Hex((value ?? '').trim().toLowerCase());
}

function confirmedOrder(
  c: Context<AppEnv>,
  data: ConfirmOrderResult,
  order: LoadedOrder,
  status: string,
  publicId: string,
): ConfirmedOrder {
  const currency = order.currency ?? c.get('market').currency.code;
  const money = (major: number) => formatMoney({ amount: Math.round(major * 100), currency }, c.get('languageId'));
  const pair = (incVat: number, exVat: number) => ({ incVat: money(incVat), exVat: money(exVat) });
  const details = data.getOrderPublic;
  return {
    publicId,
    orderNumber: order.orderId ?? '',
    status,
    email: order.email ?? '',
    billingAddress: addressOf(order.billingAddress, c.get('languageId')),
    shippingAddress: addressOf(order.shippingAddress, c.get('languageId')),
    shippingMethod: details?.shippingDetails?.find(Boolean)?.name ?? null,
    trackingLink: trackingLinkOf(details?.shippingDetails?.find(Boolean)?.trackingLink),
    paymentMethod: details?.paymentDetails?.find(Boolean)?.displayName ?? null,
    items: orderLinesOf(data.checkout?.cart?.items),
    customerOrderNumber: order.customerOrderNumber || null,
    vatNumber: vatNumberOf(order.metaData),
    totals: {
      items: pair(order.itemValueIncVat, order.itemValueExVat),
      shipping: pair(order.shippingFeeIncVat, order.shippingFeeExVat),
      discount: order.discountIncVat > 0 ? pair(order.discountIncVat, order.discountExVat) : null,
      balance: order.balance > 0 ? money(order.balance) : null,
      // orderValueIncVat is what was left to pay (Geins); the sale is it plus balance and gift cards.
      total: pair(order.orderValueIncVat + order.balance, order.orderValueExVat),
      vat: money(details?.orderTotal?.vat ?? order.orderValueIncVat + order.balance - order.orderValueExVat),
      toPay: order.balance > 0 ? money(order.orderValueIncVat) : null,
    },
  };
}

/** The GA4 `purchase` event of the order, its shopper's details hashed (spec §7, §9). */
async function purchaseEvent(data: ConfirmOrderResult, order: LoadedOrder): Promise<PurchaseEvent> {
  const billing = order.billingAddress;
  const [email, firstName, lastName, zip] = await Promise.all([
    hashedForPurchase(order.email),
    hashedForPurchase(billing?.firstName),
    hashedForPurchase(billing?.lastName),
    hashedForPurchase(billing?.zip),
  ]);
  return {
    transaction_id: order.orderId ?? '',
    currency: order.currency ?? '',
    value: order.orderValueIncVat,
    tax: Math.round((order.orderValueIncVat + order.balance - order.orderValueExVat) * 100) / 100,
    shipping: order.shippingFeeIncVat,
    ...(order.promoCode ? { coupon: order.promoCode } : {}),
    items: (data.checkout?.cart?.items ?? []).flatMap((item, index) =>
      item?.product ? [{ ...analyticsItemOfCartLine(item), index }] : [],
    ),
    user_data: { email, first_name: firstName, last_name: lastName, zip },
  };
}

/**
 * "Create an account from this order" (issue 14), for a guest in the browser that placed the order: the
 * placing request gave it the order's claim (worker/middleware/order-claim.ts), and while the claim lasts
 * (an hour) this page offers it. Anyone else with the link, which proves nothing, sees no offer.
 */
async function accountOfferFor(
  c: Context<AppEnv>,
  { publicId, email, customerId }: { publicId: string; email: string; customerId: number | null },
): Promise<AccountOffer | null> {
  const secret = c.get('config').authSecret;
  const held = getCookie(c, ORDER_CLAIM_COOKIE);
  if (c.get('customer') || !secret || !email || !held) return null;
  if ((await ORDER_CLAIM.read(await ORDER_CLAIM.key(secret), held, new Date())) !== publicId) return null;
  // Only an order no account has (the API says whose it is), where the API can give it to a new one.
  if (customerId || !offersAccountFromOrder(c)) return null;
  const state = takeAccountFormState(c);
  return {
    page: `${c.req.path}?${new URL(c.req.url).searchParams.toString()}`,
    email,
    errors: state?.form === 'register' ? { ...state.errors } : {},
    notice: state?.form === 'register' ? state.notice : undefined,
  };
}

/**
 * Geins' external checkouts by the query parameter the provider's order id comes back in (the reference
 * client's confirm page: `?kid=…&cartid=…` from Klarna, `sid` Svea, `wid` Walley, `aid` Avarda).
 */
const EXTERNAL_ID_PARAMETERS = { kid: 'KLARNA', sid: 'SVEA', wid: 'WALLEY', aid: 'AVARDA' } as const;
type ExternalType = (typeof EXTERNAL_ID_PARAMETERS)[keyof typeof EXTERNAL_ID_PARAMETERS];
const EXTERNAL_TYPES: readonly string[] = Object.values(EXTERNAL_ID_PARAMETERS);

/** A provider's order id: Klarna's is a UUID, Svea's a number, Walley's and Avarda's tokens of letters and digits. */
const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The order a confirmation names: ours by its public id, or an external checkout's by the provider's id. */
type ConfirmIds = { type: 'STANDARD'; id: string; cartId: string } | { type: ExternalType; id: string; cartId: string };

/** How the ids are kept in CONFIRM_COOKIE: `publicId.cartId`, or `TYPE.id.cartId` for an external checkout. */
function keptIds(ids: ConfirmIds): string {
  return ids.type === 'STANDARD' ? `${ids.id}.${ids.cartId}` : `${ids.type}.${ids.id}.${ids.cartId}`;
}

/** The order this request names: the URL's ids, else the ones this browser kept (CONFIRM_COOKIE); null when malformed. */
function orderIdsOf(c: Context<AppEnv>): { ids: ConfirmIds | null; fromUrl: boolean } {
  const query = c.req.query();
  const external = Object.entries(EXTERNAL_ID_PARAMETERS).find(([parameter]) => query[parameter] !== undefined);
  if (external) {
    const [parameter, type] = external;
    const id = query[parameter] ?? '';
    const cartId = query.cartid ?? '';
    const valid = EXTERNAL_ID_PATTERN.test(id) && CART_ID_PATTERN.test(cartId);
    return { ids: valid ? { type, id, cartId } : null, fromUrl: true };
  }
  if (query.orderId !== undefined || query.cartId !== undefined)
    return { ids: standardIds(query.orderId, query.cartId), fromUrl: true };
  const kept = (getCookie(c, CONFIRM_COOKIE) ?? '').split('.');
  if (kept.length === 3 && EXTERNAL_TYPES.includes(kept[0]!)) {
    const [type, id = '', cartId = ''] = kept as [ExternalType, string, string];
    const valid = EXTERNAL_ID_PATTERN.test(id) && CART_ID_PATTERN.test(cartId);
    return { ids: valid ? { type, id, cartId } : null, fromUrl: false };
  }
  return { ids: standardIds(kept[0], kept[1]), fromUrl: false };
}

function standardIds(publicId = '', cartId = ''): ConfirmIds | null {
  return GUID_PATTERN.test(publicId) && CART_ID_PATTERN.test(cartId)
    ? { type: 'STANDARD', id: publicId, cartId }
    : null;
}

/**
 * An external checkout's order, as the reference client's confirm page reads it; 'incomplete' when the
 * API says the checkout was not completed (the shopper goes back to it); null when the API knows none.
 */
async function loadExternalOrder(
  c: Context<AppEnv>,
  ids: ConfirmIds & { type: ExternalType },
): Promise<{ data: ConfirmOrderResult; snippet: string; cartOpen: boolean } | 'incomplete' | null> {
  try {
    const answer = await c.get('graphql').query(CONFIRM_EXTERNAL_ORDER, {
      id: ids.id,
      paymentType: ids.type,
      cartId: ids.cartId,
    });
    const checkout = answer.checkout;
    if (checkout?.completed === false) return 'incomplete';
    if (!checkout?.order) return null;
    return {
      data: { checkout: { order: checkout.order, cart: checkout.cart }, getOrderPublic: null },
      snippet: checkout.htmlSnippet ?? '',
      cartOpen: checkout.cart?.isCompleted === false,
    };
  } catch (error) {
    if (apiErrorOf(error)?.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** Closes the cart an external checkout left open (the reference client's completeCart); a failure is only logged. */
async function completeCart(c: Context<AppEnv>, cartId: string): Promise<void> {
  try {
    await c.get('graphql').mutate(COMPLETE_CART, { id: cartId });
  } catch (error) {
    console.error('completeCart after an external checkout failed', error);
  }
}

export const checkoutConfirmPage: PageHandler = async (c) => {
  const { ids, fromUrl } = orderIdsOf(c);
  if (!ids) return notFound(c);
  let data: ConfirmOrderResult | null;
  let providerSnippet: string | null = null;
  if (ids.type === 'STANDARD') {
    data = await loadOrder(c, ids.id, ids.cartId);
  } else {
    const external = await loadExternalOrder(c, ids);
    // The reference client's rule: a checkout the provider says is not completed goes on at the checkout.
    if (external === 'incomplete') return c.redirect(hrefFor(c, 'checkout', c.get('locale')), 303);
    data = external?.data ?? null;
    if (external) {
      providerSnippet = noncedMarkup(external.snippet, c.get('secureHeadersNonce'));
      if (external.cartOpen) await completeCart(c, ids.cartId);
    }
  }
  const order = data?.checkout?.order;
  if (!data || !order) return notFound(c);
  if (fromUrl) {
    setCookie(c, CONFIRM_COOKIE, keptIds(ids), {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: CONFIRM_COOKIE_MAX_AGE_S,
    });
  }
  const publicId = ids.type === 'STANDARD' ? ids.id : '';
  const cartId = ids.cartId;

  const status = order.status ?? 'RECEIVED';
  const paid = status !== 'PENDING_PAYMENT' && status !== 'CANCELLED';
  // Issue 14: a card or Swish order's confirmation mail once its payment is confirmed (sent once per order).
  if (paid && publicId && !c.get('config').graphqlEndpoint) mailOrderEventsAfter(c, publicId);
  // The order's cart is done with: the next visit starts a new one (and other tabs hear of it).
  const cartCleared = getCookie(c, CART_COOKIE) === cartId;
  if (cartCleared) letGoOfCart(c);
  c.header('Cache-Control', 'private, no-store');
  const accountOffer = publicId
    ? await accountOfferFor(c, { publicId, email: order.email ?? '', customerId: order.customerId ?? null })
    : null;

  // The order's status moves on this page as the merchant moves it (issue 28).
  const orderLive = publicId ? await privateLiveOf(c, 'order', publicId) : null;
  const live = orderLive && {
    ...orderLive,
    publicOrderId: publicId,
    state: ordersLiveState([{ id: data.getOrderPublic?.id, status: data.getOrderPublic?.status }]),
  };
  const page = (
    <ConfirmPage
      order={confirmedOrder(c, data, order, status, publicId)}
      purchase={paid ? await purchaseEvent(data, order) : null}
      cartCleared={cartCleared}
      refreshSeconds={PENDING_REFRESH_S}
      waitLimitSeconds={PENDING_WAIT_LIMIT_S}
      accountOffer={accountOffer}
      providerSnippet={providerSnippet}
      live={live}
    />
  );
  return renderPage(c, page, {
    title: pageTitle(c, c.get('t')(status === 'PENDING_PAYMENT' ? 'confirm.pendingTitle' : 'confirm.title')),
    layout: 'undistracted',
    noindex: true,
    // The order's ids are the page's key: no referrer at all, and a canonical link without them.
    canonical: new URL(hrefFor(c, 'checkout-confirm', c.get('locale')), c.req.url).href,
    meta: [{ name: 'referrer', content: 'no-referrer' }],
    prerender: true,
  });
};
