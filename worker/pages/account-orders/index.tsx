/**
 * The customer's orders (spec §2 `/mina-sidor/ordrar`, `/en/my-account/orders`…; issue 14): the API's
 * `getOrders` (newest first) in the shape the confirmation page already shows an order in, grouped into
 * in progress and history. Guarded like every account page (worker/routes/pages.tsx); never cached.
 */
import { privateLiveOf } from '../../live/page-live';
import { ordersLiveState } from '../../../core/live/subscriptions';
import type { Context } from 'hono';
import { OrdersPage, type AccountOrder } from '../../../client/views/pages/OrdersPage';
import { SHOP_CART_PRODUCT } from '../../../core/graphql/cart';
import { graphql, type ResultOf } from '../../../core/graphql/tada';
import type { AppEnv } from '../../app-env';
import { formatMoney } from '../../commerce/pricing/money';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { addressOf, orderLinesOf, ORDER_ADDRESS, trackingLinkOf } from '../order-view';
import { deferred, type PageHandler } from '../types';
import { orderExtrasOf, type OrderTimeline } from '../../order-extras';
import { signWithdrawalLink, withdrawalLinkKey } from '../../commerce/orders/withdrawal-link';
import { hrefFor } from '../../urls/links';
import { shopDateTime } from '../../commerce/shop-time';
import { orderStatusOfApi } from '../../../core/order-status';
import { withdrawalPeriod } from '../../commerce/orders/withdrawal-period';
import { apiWithdrawalsOn, withdrawalsByContact } from '../../session/api-withdrawal';

export const ACCOUNT_ORDERS = graphql(
  /* GraphQL */ `
    query accountOrders($channelId: String, $languageId: String, $marketId: String) {
      getOrders(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        id
        publicId
        createdAt
        completedAt
        currency
        status
        customerOrderNumber
        billingAddress {
          ...OrderAddress
        }
        shippingAddress {
          ...OrderAddress
        }
        cart {
          items {
            skuId
            quantity
            product {
              ...ShopCartProduct
            }
            totalPrice {
              sellingPriceIncVatFormatted
              sellingPriceExVatFormatted
            }
          }
          summary {
            subTotal {
              sellingPriceIncVat
              sellingPriceExVat
            }
          }
        }
        discount {
          sellingPriceIncVat
          sellingPriceExVat
        }
        orderTotal {
          sellingPriceIncVat
          sellingPriceExVat
          vat
        }
        shippingFee {
          sellingPriceIncVat
          sellingPriceExVat
        }
        fromBalance
        paymentDetails {
          displayName
        }
        shippingDetails {
          name
          trackingLink
        }
        refunds {
          createdAt
          total
        }
      }
    }
  `,
  [SHOP_CART_PRODUCT, ORDER_ADDRESS],
);

type ApiOrder = NonNullable<NonNullable<ResultOf<typeof ACCOUNT_ORDERS>['getOrders']>[number]>;

/** Orders in these statuses are still on their way (spec §4 'in progress'); the others are history. */
const IN_PROGRESS = new Set(['PENDING_PAYMENT', 'RECEIVED', 'PROCESSING']);

/** The withdrawal link of an order within its period with units left, or when its period ended (issue 14). */
async function withdrawalOf(
  c: Context<AppEnv>,
  timeline: OrderTimeline | undefined,
  key: Uint8Array | null,
  now: Date,
): Promise<AccountOrder['withdrawal']> {
  const period = timeline?.period;
  if (!timeline || !period || period.kind === 'none') return null;
  if (period.kind === 'ended') return { kind: 'ended', on: shopDateTime(c.get('languageId'), period.endedAt, false) };
  if (timeline.unitsLeft === 0 || !key) return null;
  const token = await signWithdrawalLink(key, timeline.publicId, now);
  return {
    kind: 'open',
    href: `${hrefFor(c, 'order-withdrawal', c.get('locale'))}?${new URLSearchParams({ t: token })}`,
    until: period.endsAt ? shopDateTime(c.get('languageId'), period.endsAt, false) : null,
  };
}

/** The status history and withdrawals of an order as my pages show them. */
function timelineOf(
  c: Context<AppEnv>,
  timeline: OrderTimeline | undefined,
): Pick<AccountOrder, 'history' | 'withdrawals'> {
  const languageId = c.get('languageId');
  return {
    history: (timeline?.history ?? []).map((entry) => ({
      status: entry.status,
      iso: entry.at,
      at: shopDateTime(languageId, entry.at, true),
    })),
    withdrawals: (timeline?.withdrawals ?? []).map((withdrawal) => ({
      at: shopDateTime(languageId, withdrawal.at, true),
      count: withdrawal.units,
    })),
  };
}

function accountOrder(
  c: Context<AppEnv>,
  order: ApiOrder,
  extra: Pick<AccountOrder, 'history' | 'withdrawals' | 'withdrawal'>,
  vatNumber: string | null = null,
): AccountOrder {
  const languageId = c.get('languageId');
  const currency = order.currency ?? c.get('market').currency.code;
  const money = (major: number) => formatMoney({ amount: Math.round(major * 100), currency }, languageId);
  const pair = (price: { sellingPriceIncVat: number; sellingPriceExVat: number } | null | undefined) => ({
    incVat: money(price?.sellingPriceIncVat ?? 0),
    exVat: money(price?.sellingPriceExVat ?? 0),
  });
  const date = (iso: string) => shopDateTime(languageId, iso);
  const shipping = order.shippingDetails?.find(Boolean) ?? null;
  const discount = order.discount?.sellingPriceIncVat ?? 0;
  const total = pair(order.orderTotal);
  return {
    ...extra,
    id: order.id ?? 0,
    placed: order.createdAt ? date(order.createdAt) : '',
    total,
    inProgress: IN_PROGRESS.has(orderStatusOfApi(order.status)),
    trackingLink: trackingLinkOf(shipping?.trackingLink),
    refunds: (order.refunds ?? []).flatMap((refund) =>
      refund ? [{ date: date(refund.createdAt), amount: money(refund.total) }] : [],
    ),
    detail: {
      publicId: String(order.id ?? ''),
      // The API's order id is the number the shopper knows (100001…).
      orderNumber: String(order.id ?? ''),
      status: orderStatusOfApi(order.status),
      email: c.get('customer')?.email ?? '',
      billingAddress: addressOf(order.billingAddress ?? null, languageId),
      shippingAddress: addressOf(order.shippingAddress ?? null, languageId),
      shippingMethod: shipping?.name ?? null,
      paymentMethod: order.paymentDetails?.find(Boolean)?.displayName ?? null,
      items: orderLinesOf(order.cart?.items),
      customerOrderNumber: order.customerOrderNumber || null,
      vatNumber,
      totals: {
        items: pair(order.cart?.summary?.subTotal),
        shipping: pair(order.shippingFee),
        discount: discount > 0 ? pair(order.discount) : null,
        balance: order.fromBalance > 0 ? money(order.fromBalance) : null,
        total,
        vat: money(order.orderTotal?.vat ?? 0),
        // The sale less what balance and gift cards paid (they are payment: the VAT stays the sale's).
        toPay: order.fromBalance > 0 ? money((order.orderTotal?.sellingPriceIncVat ?? 0) - order.fromBalance) : null,
      },
    },
  };
}

export const accountOrdersPage: PageHandler = async (c) => {
  const t = c.get('t');
  const now = new Date();
  const secret = c.get('config').authSecret;
  const customer = c.get('customer');
  // The statuses' history, the withdrawal state and the VAT numbers are not in the Geins contract: the
  // built-in API's extras, by the customer's own id, next to the API's orders (worker/order-extras.ts).
  const extras = customer ? orderExtrasOf(c) : null;
  const apiWithdrawals = apiWithdrawalsOn(c);
  const quietly = <T,>(read: Promise<T>, what: string, none: T) =>
    read.catch((error: unknown) => {
      console.error(`${what} failed`, error);
      return none;
    });
  const [data, timelines, key, vatNumbers] = await Promise.all([
    deferred(c.get('graphql').query(ACCOUNT_ORDERS, {}), 'account orders'),
    extras && customer
      ? quietly(extras.timelines(customer.id, now), 'order timelines', new Map<string, OrderTimeline>())
      : new Map<string, OrderTimeline>(),
    secret ? withdrawalLinkKey(secret) : null,
    extras && customer
      ? quietly(extras.vatNumbers(customer.id), 'order VAT numbers', new Map<string, string>())
      : new Map<string, string>(),
  ]);
  const orders = data
    ? await Promise.all(
        (data.getOrders ?? []).flatMap((order) => {
          if (!order) return [];
          const timeline = timelines.get(String(order.id ?? ''));
          const status = orderStatusOfApi(order.status);
          // In front of a remote API (issue 26) the storefront's own withdrawal function takes the API's
          // orders where the merchant named the address that gets them (worker/session/api-withdrawal.ts);
          // elsewhere the order says how to withdraw instead.
          const byContact = withdrawalsByContact(c) && status !== 'CANCELLED' && status !== 'PENDING_PAYMENT';
          const apiTimeline: OrderTimeline | undefined =
            apiWithdrawals && order.publicId
              ? {
                  publicId: order.publicId,
                  orderNumber: String(order.id ?? ''),
                  history: [],
                  period: withdrawalPeriod({ status, completedAt: order.completedAt ?? null, deliveryDays: null }, now),
                  // What is left is the withdrawal page's to say.
                  unitsLeft: 1,
                  withdrawals: [],
                }
              : undefined;
          return [
            (extras || apiTimeline
              ? withdrawalOf(c, timeline ?? apiTimeline, key, now)
              : Promise.resolve(byContact ? ({ kind: 'contact' } as const) : null)
            ).then((withdrawal) =>
              accountOrder(
                c,
                order,
                { ...timelineOf(c, timeline), withdrawal },
                vatNumbers.get(String(order.id ?? '')) ?? null,
              ),
            ),
          ];
        }),
      )
    : null;
  c.header('Cache-Control', 'private, no-store');
  // The statuses move on this page as the merchant moves them (issue 28).
  const customerLive = customer && data ? await privateLiveOf(c, 'customer', customer.id) : null;
  const live = customerLive && {
    ...customerLive,
    state: ordersLiveState((data?.getOrders ?? []).map((order) => ({ id: order?.id, status: order?.status }))),
  };
  return renderPage(c, <OrdersPage orders={orders} live={live} />, {
    title: pageTitle(c, t('account.orders.title')),
    alternates: routeAlternates(c, 'account-orders'),
    noindex: true,
    prerender: true,
  });
};
