/**
 * Klarna Checkout (KCO v3) and Order Management, as Klarna documents them (docs.klarna.com,
 * "Klarna Checkout": create order, read order, push; "Order Management": acknowledge, cancel):
 *
 * - create: POST /checkout/v3/orders with order lines in minor units and `tax_rate` in percent with two
 *   implicit decimals (2500 = 25 %), `total_tax_amount = total_amount - total_amount * 10000 /
 *   (10000 + tax_rate)`; `order_amount` and `order_tax_amount` are the sums. Klarna answers 201 with
 *   `order_id`, `status` 'checkout_incomplete' and the `html_snippet` the shop renders;
 * - push: Klarna POSTs (empty body) to `merchant_urls.push`, where `{checkout.order.id}` is replaced by
 *   its order id; the shop reads the order (GET /checkout/v3/orders/{id}) and believes only that;
 * - 'checkout_complete' means authorized; the shop then acknowledges in Order Management
 *   (POST /ordermanagement/v1/orders/{id}/acknowledge), which stops the pushes.
 * Authentication is HTTP Basic with the API username and password.
 *
 * Assumed where the documents leave it open: the 'created' status (read after the order moved on in
 * Order Management) counts as authorized like 'checkout_complete'; gift cards and balance are sent as
 * one negative 'gift_card' line at 0 % tax so the lines sum to what Klarna collects.
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

export interface KlarnaDeps {
  apiUrl: string;
  username: string;
  password: string;
  fetch: PaymentFetch;
}

/** Klarna's order id as it comes back (a UUID-like token). */
const KLARNA_ORDER_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The query parameter of the push and return URLs that carries Klarna's order id. */
export const KLARNA_ORDER_PARAM = 'klarna_order_id';

function klarnaLine(line: PaymentLine) {
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

/** The URL with Klarna's order id placeholder added (Klarna wants the braces as they are, unencoded). */
function withOrderPlaceholder(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${KLARNA_ORDER_PARAM}={checkout.order.id}`;
}

/** The create-order body of spec'd KCO v3 for `order`. */
export function klarnaOrderBody(order: PaymentOrder, urls: PaymentUrls) {
  return {
    purchase_country: order.countryCode,
    purchase_currency: order.currency,
    locale: order.languageTag,
    order_amount: order.amount,
    order_tax_amount: order.vat,
    order_lines: order.lines.map(klarnaLine),
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
 * The Klarna Checkout adapter (see above): creates the checkout order and renders Klarna's snippet,
 * believes a push only as the order reads at Klarna, acknowledges and cancels in Order Management.
 */
export function createKlarnaProvider(deps: KlarnaDeps): PaymentProvider {
  const authorization = `Basic ${btoa(`${deps.username}:${deps.password}`)}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const response = await deps.fetch(new URL(path, deps.apiUrl).href, {
      method,
      headers: { Authorization: authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response;
  }

  async function readStatus(reference: string): Promise<PaymentOutcome> {
    if (!KLARNA_ORDER_ID.test(reference)) throw new PaymentProviderError(`not a Klarna order id: ${reference}`);
    const response = await call('GET', `/checkout/v3/orders/${encodeURIComponent(reference)}`);
    if (!response.ok) throw new PaymentProviderError(`Klarna read order ${reference}: HTTP ${response.status}`);
    const order = (await response.json()) as { status?: string };
    if (order.status === 'checkout_complete' || order.status === 'created') return 'authorized';
    return 'pending';
  }

  return {
    id: 'klarna',

    async startSession(order, urls) {
      const response = await call('POST', '/checkout/v3/orders', klarnaOrderBody(order, urls));
      if (response.status !== 201 && response.status !== 200) {
        // 400: Klarna refused the order's data (amounts, country, locale): it cannot be created there.
        throw new PaymentProviderError(
          `Klarna create order: HTTP ${response.status}`,
          response.status === 400 ? 'order-failed' : 'error',
        );
      }
      const created = (await response.json()) as { order_id?: string; html_snippet?: string };
      if (!created.order_id || !created.html_snippet)
        throw new PaymentProviderError('Klarna create order: no order_id or html_snippet');
      return { kind: 'snippet', reference: created.order_id, html: created.html_snippet };
    },

    async handleNotification(request) {
      const reference = new URL(request.url).searchParams.get(KLARNA_ORDER_PARAM) ?? '';
      if (!KLARNA_ORDER_ID.test(reference))
        throw new PaymentNotificationRejected('push without a Klarna order id', 400);
      // The push itself says nothing: what counts is the order as Klarna reads it now.
      return { reference, outcome: await readStatus(reference) };
    },

    readStatus,

    async acknowledge(reference) {
      const response = await call('POST', `/ordermanagement/v1/orders/${encodeURIComponent(reference)}/acknowledge`);
      if (!response.ok) throw new PaymentProviderError(`Klarna acknowledge ${reference}: HTTP ${response.status}`);
    },

    async cancel(reference) {
      const response = await call('POST', `/ordermanagement/v1/orders/${encodeURIComponent(reference)}/cancel`);
      if (!response.ok) throw new PaymentProviderError(`Klarna cancel ${reference}: HTTP ${response.status}`);
    },
  };
}
