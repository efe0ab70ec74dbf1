/**
 * Kustom Checkout (KCO v3) and Order Management. Klarna Checkout became Kustom Checkout: the same API,
 * paths, fields and logic on Kustom's own hosts (`https://api.kustom.co`, test environment
 * `https://api.playground.kustom.co`; help.kustom.co, "Kustom API endpoint switch guide"), as
 * docs.kustom.co documents it ("Create order", "Best practices"):
 *
 * - create: POST /checkout/v3/orders with order lines in minor units and `tax_rate` in percent with two
 *   implicit decimals (2500 = 25 %), `total_tax_amount = total_amount - total_amount * 10000 /
 *   (10000 + tax_rate)`; `order_amount` and `order_tax_amount` are the sums. Kustom answers 201 with
 *   `order_id`, `status` 'checkout_incomplete' and the `html_snippet` the shop renders;
 * - push: Kustom POSTs (empty body) to `merchant_urls.push`, where `{checkout.order.id}` is replaced by
 *   its order id; the shop reads the order (GET /checkout/v3/orders/{id}) and believes only that;
 * - 'checkout_complete' means authorized; the shop then acknowledges in Order Management
 *   (POST /ordermanagement/v1/orders/{id}/acknowledge), which stops the pushes.
 * Authentication is HTTP Basic with the API username and password.
 *
 * Assumed where the documents leave it open: the 'created' status (read after the order moved on in
 * Order Management) counts as authorized like 'checkout_complete'; gift cards and balance are sent as
 * one negative 'gift_card' line at 0 % tax so the lines sum to what Kustom collects.
 */
import {
  PaymentNotificationRejected,
  PaymentProviderError,
  type PaymentFetch,
  type PaymentLine,
  type PaymentOrder,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentUrls,
} from './types';
import { providerJson, providerOk, providerRequest } from './provider-http';

export interface KustomDeps {
  apiUrl: string;
  username: string;
  password: string;
  fetch: PaymentFetch;
}

/** Kustom's order id as it comes back (a UUID-like token). */
const ORDER_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The query parameter of the push and return URLs that carries Kustom's order id: ours to name, kept as
 * it was so the URLs orders were given before Kustom took over still work.
 */
export const ORDER_PARAM = 'klarna_order_id';

function kustomLine(line: PaymentLine) {
  return {
    type: line.kind,
    reference: line.reference.slice(0, 64),
    name: line.name.slice(0, 255),
    quantity: line.quantity,
    unit_price: line.unitPriceIncVat,
    tax_rate: line.vatRateBp,
    total_amount: line.totalIncVat,
    total_discount_amount: line.discountIncVat,
    total_tax_amount: line.totalVat,
  };
}

/** The URL with Kustom's order id placeholder added (Kustom wants the braces as they are, unencoded). */
function withOrderPlaceholder(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${ORDER_PARAM}={checkout.order.id}`;
}

/** The create-order body of KCO v3 for `order`. */
export function kustomOrderBody(order: PaymentOrder, urls: PaymentUrls) {
  return {
    purchase_country: order.countryCode,
    purchase_currency: order.currency,
    locale: order.languageTag,
    order_amount: order.amount,
    order_tax_amount: order.vat,
    order_lines: order.lines.map(kustomLine),
    merchant_reference1: order.orderNumber,
    merchant_reference2: order.publicId,
    billing_address: {
      email: order.email,
      given_name: order.billing.firstName,
      family_name: order.billing.lastName,
      street_address: order.billing.addressLine1,
      postal_code: order.billing.zip,
      city: order.billing.city,
      country: order.countryCode,
      phone: order.billing.mobile || undefined,
    },
    merchant_urls: {
      terms: urls.terms,
      checkout: urls.checkout,
      confirmation: withOrderPlaceholder(urls.confirmation),
      push: withOrderPlaceholder(urls.notification),
      validation: withOrderPlaceholder(urls.validation),
    },
  };
}

/**
 * The Kustom Checkout adapter (see above): creates the checkout order and renders Kustom's snippet,
 * believes a push only as the order reads at Kustom, acknowledges and cancels in Order Management.
 */
export function createKustomProvider(deps: KustomDeps): PaymentProvider {
  const authorization = `Basic ${btoa(`${deps.username}:${deps.password}`)}`;

  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    providerRequest(deps, method, path, authorization, body);

  async function readStatus(reference: string): Promise<PaymentOutcome> {
    if (!ORDER_ID.test(reference)) throw new PaymentProviderError(`not a Kustom order id: ${reference}`);
    const order = await providerJson<{ status?: string }>(
      await call('GET', `/checkout/v3/orders/${encodeURIComponent(reference)}`),
      `Kustom read order ${reference}`,
    );
    if (order.status === 'checkout_complete' || order.status === 'created') return 'authorized';
    return 'pending';
  }

  return {
    // The adapter's key (./types.ts PAYMENT_PROVIDERS): payments recorded before the rename keep it.
    id: 'klarna',

    async startSession(order, urls) {
      // 400: Kustom refused the order's data (amounts, country, locale): it cannot be created there.
      const created = await providerJson<{ order_id?: string; html_snippet?: string }>(
        await call('POST', '/checkout/v3/orders', kustomOrderBody(order, urls)),
        'Kustom create order',
        true,
      );
      if (!created.order_id || !created.html_snippet)
        throw new PaymentProviderError('Kustom create order: no order_id or html_snippet');
      return { kind: 'snippet', reference: created.order_id, html: created.html_snippet };
    },

    async handleNotification(request) {
      const reference = new URL(request.url).searchParams.get(ORDER_PARAM) ?? '';
      if (!ORDER_ID.test(reference)) throw new PaymentNotificationRejected('push without a Kustom order id', 400);
      // The push itself says nothing: what counts is the order as Kustom reads it now.
      return { reference, outcome: await readStatus(reference) };
    },

    readStatus,

    async acknowledge(reference) {
      await providerOk(
        await call('POST', `/ordermanagement/v1/orders/${encodeURIComponent(reference)}/acknowledge`),
        `Kustom acknowledge ${reference}`,
      );
    },

    async cancel(reference) {
      await providerOk(
        await call('POST', `/ordermanagement/v1/orders/${encodeURIComponent(reference)}/cancel`),
        `Kustom cancel ${reference}`,
      );
    },

    // Order Management "Refund an order": 201 Created, the refund's id in the Refund-Id header.
    async refund(reference, refund) {
      if (!ORDER_ID.test(reference)) throw new PaymentProviderError(`not a Kustom order id: ${reference}`);
      const response = await call('POST', `/ordermanagement/v1/orders/${encodeURIComponent(reference)}/refunds`, {
        refunded_amount: refund.amount,
        description: refund.description.slice(0, 255),
        reference: refund.id.slice(0, 255),
        order_lines: refund.lines.map(kustomLine),
      });
      await providerOk(response, `Kustom refund ${reference}`);
      return { reference: response.headers.get('Refund-Id') ?? refund.id };
    },
  };
}
