/**
 * The customer's orders (spec §2 `/mina-sidor/ordrar`, `/en/my-account/orders`…; issue 14): the API's
 * `getOrders` (newest first) in the shape the confirmation page already shows an order in, grouped into
 * in progress and history. Guarded like every account page (worker/routes/pages.tsx); never cached.
 */
import type { Context } from 'hono';
import { OrdersPage, type AccountOrder } from '../../../client/views/pages/OrdersPage';
import { SHOP_CART_PRODUCT } from '../../../core/graphql/cart';
import { graphql, type ResultOf } from '../../../core/graphql/tada';
import type { AppEnv } from '../../app-env';
import { formatMoney } from '../../commerce/pricing/money';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { addressOf, orderLinesOf, ORDER_ADDRESS } from '../order-view';
import { deferred, type PageHandler } from '../types';

export const ACCOUNT_ORDERS = graphql(
  /* GraphQL */ `
    query accountOrders($channelId: String, $languageId: String, $marketId: String) {
      getOrders(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        id
        createdAt
        currency
        status
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

function accountOrder(c: Context<AppEnv>, order: ApiOrder): AccountOrder {
  const languageId = c.var.languageId;
  const currency = order.currency ?? c.var.market.currency.code;
  const money = (major: number) => formatMoney({ amount: Math.round(major * 100), currency }, languageId);
  const pair = (price: { sellingPriceIncVat: number; sellingPriceExVat: number } | null | undefined) => ({
    incVat: money(price?.sellingPriceIncVat ?? 0),
    exVat: money(price?.sellingPriceExVat ?? 0),
  });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(languageId, { dateStyle: 'long', timeZone: 'Europe/Stockholm' }).format(new Date(iso));
  const shipping = order.shippingDetails?.find(Boolean) ?? null;
  const discount = order.discount?.sellingPriceIncVat ?? 0;
  const total = pair(order.orderTotal);
  return {
    id: order.id ?? 0,
    placed: order.createdAt ? date(order.createdAt) : '',
    total,
    inProgress: IN_PROGRESS.has(order.status),
    trackingLink: shipping?.trackingLink ?? null,
    refunds: (order.refunds ?? []).flatMap((refund) =>
      refund ? [{ date: date(refund.createdAt), amount: money(refund.total) }] : [],
    ),
    detail: {
      publicId: String(order.id ?? ''),
      // The API's order id is the number the shopper knows (100001…).
      orderNumber: String(order.id ?? ''),
      status: order.status,
      email: c.var.customer?.email ?? '',
      billingAddress: addressOf(order.billingAddress ?? null, languageId),
      shippingAddress: addressOf(order.shippingAddress ?? null, languageId),
      shippingMethod: shipping?.name ?? null,
      paymentMethod: order.paymentDetails?.find(Boolean)?.displayName ?? null,
      items: orderLinesOf(order.cart?.items),
      totals: {
        items: pair(order.cart?.summary?.subTotal),
        shipping: pair(order.shippingFee),
        discount: discount > 0 ? pair(order.discount) : null,
        balance: order.fromBalance > 0 ? money(order.fromBalance) : null,
        total,
        vat: money(order.orderTotal?.vat ?? 0),
      },
    },
  };
}

export const accountOrdersPage: PageHandler = async (c) => {
  const t = c.var.t;
  const data = await deferred(c.var.graphql.query(ACCOUNT_ORDERS, {}), 'account orders');
  const orders = data ? (data.getOrders ?? []).flatMap((order) => (order ? [accountOrder(c, order)] : [])) : null;
  c.header('Cache-Control', 'private, no-store');
  return renderPage(c, <OrdersPage orders={orders} />, {
    title: pageTitle(c, t('account.orders.title')),
    alternates: routeAlternates(c, 'account-orders'),
    noindex: true,
    prerender: true,
  });
};
