/**
 * The payment-provider adapter interface (issue 6): card, Swish, invoice and instalment go through one
 * of these, chosen per payment method by configuration (./registry.ts). An adapter speaks its provider's
 * HTTP API through an injected `fetch` (tests give it a local fake), knows nothing of D1, and never
 * trusts a notification's body for the outcome: it asks the provider (`readStatus`) or verifies a
 * signature. Recording the outcome is worker/commerce/orders/payments.ts's job.
 */
import type { PaymentMethodCode } from '../commerce/checkout/shipping';
import { type CustomerType } from '../../core/customer-type';

/**
 * The adapters, by the key their payments are recorded under (`payments.provider`) and that the paths
 * given to the provider carry (`/api/payments/{key}/notify`). 'klarna' is Kustom Checkout (./kustom.ts,
 * Klarna Checkout until Kustom took it over): the key stays, so recorded payments and the addresses
 * in-flight orders were given keep working (docs/decisions/018-kustom-checkout.md).
 */
export const PAYMENT_PROVIDERS = ['built-in', 'klarna', 'avarda'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** What PAYMENT_PROVIDERS may name, and the adapter each name means; 'klarna' is Kustom's old name. */
export const PAYMENT_PROVIDER_NAMES = {
  'built-in': 'built-in',
  kustom: 'klarna',
  klarna: 'klarna',
  avarda: 'avarda',
} as const satisfies Record<string, PaymentProviderId>;
export type PaymentProviderName = keyof typeof PAYMENT_PROVIDER_NAMES;

/** A line of the order as providers want it: minor units including VAT. */
export interface PaymentLine {
  kind: 'physical' | 'shipping_fee' | 'gift_card';
  /** Our article number (or 'shipping'). */
  reference: string;
  name: string;
  quantity: number;
  unitPriceIncVat: number;
  /** VAT rate in basis points: 2500 = 25 % (Kustom's `tax_rate` has the same scale). */
  vatRateBp: number;
  /** What the line costs after its discounts: quantity × unit price − discount. */
  totalIncVat: number;
  discountIncVat: number;
  /** The VAT part of `totalIncVat`. */
  totalVat: number;
}

/** What a provider needs to know of an order to take its payment. */
export interface PaymentOrder {
  publicId: string;
  orderNumber: string;
  method: PaymentMethodCode;
  /** ISO 3166-1 alpha-2 of the market, e.g. 'SE'. */
  countryCode: string;
  currency: string;
  /** The shopper's language as BCP 47, e.g. 'sv-SE'. */
  languageTag: string;
  /** What the provider collects: the order total less gift cards and balance (minor units). */
  amount: number;
  /** The VAT part of `amount`. */
  vat: number;
  /** Lines summing to `amount` (gift cards and balance as one negative line). */
  lines: PaymentLine[];
  email: string;
  customerType: CustomerType;
  billing: { firstName: string; lastName: string; addressLine1: string; zip: string; city: string; mobile: string };
}

/** Absolute URLs of the shop the provider sends the shopper or its notifications to. */
export interface PaymentUrls {
  terms: string;
  /** The page the payment step is on (/checkout/pay?orderId=…). */
  checkout: string;
  /** Where the shopper goes once the provider is done (our return route checks the outcome). */
  confirmation: string;
  /** Where the provider's server tells ours that something happened (push, callback). */
  notification: string;
  /** Asked before the provider completes a purchase (Klarna's validation callback). */
  validation: string;
}

/** A started payment: a page of the provider to send the shopper to, or markup to embed. */
export type PaymentSession =
  { kind: 'redirect'; reference: string; url: string } | { kind: 'snippet'; reference: string; html: string };

/**
 * What the provider says happened: authorized (the order is paid), declined or cancelled (it never
 * will be), or pending (the shopper is still at it).
 */
export type PaymentOutcome = 'authorized' | 'declined' | 'cancelled' | 'pending';

/** A notification, verified: whose payment, and its outcome. */
export interface PaymentNotification {
  reference: string;
  outcome: PaymentOutcome;
}

/** A notification that cannot be believed (bad signature) or read (malformed): nothing changes. */
export class PaymentNotificationRejected extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401,
  ) {
    super(message);
    this.name = 'PaymentNotificationRejected';
  }
}

/**
 * The provider could not do what was asked (an HTTP error, an unexpected answer). `reason` is what the
 * shopper is told (worker/payments/failures.ts).
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly reason: 'error' | 'order-failed' = 'error',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Creates the provider's session for `order` (its checkout order, purchase or hosted page). */
  startSession(order: PaymentOrder, urls: PaymentUrls): Promise<PaymentSession>;
  /** Reads a notification sent to `urls.notification`, verified; throws PaymentNotificationRejected. */
  handleNotification(request: Request): Promise<PaymentNotification>;
  /** What the provider says of the payment `reference` now. */
  readStatus(reference: string): Promise<PaymentOutcome>;
  /** Tells the provider the shop has the order (Klarna: stop pushing). */
  acknowledge?(reference: string): Promise<void>;
  /** Tells the provider the payment will not be needed any more. */
  cancel?(reference: string): Promise<void>;
  /**
   * Gives `refund.amount` of the payment `reference` back to the customer (issue 27, the back office);
   * resolves with the provider's id of the refund, or null when no money moved at a provider (the built-in
   * test provider). Throws PaymentProviderError when the provider refused or could not be reached.
   */
  refund(reference: string, refund: ProviderRefund): Promise<{ reference: string | null }>;
}

/** A refund as providers want it: our id (idempotency), the amount incl. VAT in minor units, the lines. */
export interface ProviderRefund {
  id: string;
  amount: number;
  description: string;
  lines: PaymentLine[];
}

/** The fetch adapters call: globalThis.fetch in the worker, a local fake in tests. */
export type PaymentFetch = (input: string, init?: RequestInit) => Promise<Response>;
