/**
 * The checkout's API types: CheckoutType (the cart with its shipping and payment options for the
 * shopper's market and zip), CheckoutOrderType and OrderType of a placed order. Amounts in major units
 * and formatted in the order's currency and the request's language.
 */
import { createTranslator, type MessageKey, type Translate, localeOfLanguageId } from '../../locales';
import type { CheckoutDetails } from '../commerce/checkout/checkout';
import { shippingCost } from '../commerce/cart/pricing';
import { breakdown } from '../commerce/pricing/pricing';
import { exVat, formatMoney } from '../commerce/pricing/money';
import { type OrderAddress } from '../commerce/orders/orders';
import { orderMoneyMovements, type OrderRecord } from '../commerce/orders/records';
import type { PaymentMethod, PaymentMethodCode, ShippingMethod } from '../commerce/checkout/shipping';
import { cartType, major, type CartView } from './cart-type';
import type { GraphQLContext } from './context';
import { priceType } from './price-type';
import { apiOrderStatus } from '../../core/order-status';
import { paymentTypeOf, type ExternalPaymentType } from '../payments/hosted-checkout';

export const PAYMENT_NAMES: Record<PaymentMethodCode, MessageKey> = {
  CARD: 'api.checkout.payment.card',
  SWISH: 'api.checkout.payment.swish',
  INVOICE: 'api.checkout.payment.invoice',
  INSTALMENT: 'api.checkout.payment.instalment',
};

const EMPTY_ADDRESS: OrderAddress = {
  firstName: '',
  lastName: '',
  careOf: '',
  addressLine1: '',
  addressLine2: '',
  addressLine3: '',
  zip: '',
  city: '',
  state: '',
  country: '',
  entryCode: '',
  mobile: '',
  phone: '',
  company: '',
};

/** AddressType: every field a string (the API's are non-null). */
/** The carrier's delivery time in words: '2–3 working days', or one figure when min and max agree. */
function deliveryEstimate(t: Translate, days: { min: number; max: number }): string {
  if (days.min !== days.max) return t('api.checkout.deliveryEstimate', days);
  return days.min === 1
    ? t('api.checkout.deliveryNextDay')
    : t('api.checkout.deliveryEstimateExact', { days: days.min });
}

export function addressType(address: Partial<OrderAddress> | null): OrderAddress | null {
  return address ? { ...EMPTY_ADDRESS, ...address } : null;
}

export interface CheckoutChoices {
  details: CheckoutDetails;
  /** The methods that deliver to the shopper's zip (all of the market's before a zip is known). */
  shippingMethods: ShippingMethod[];
  paymentMethods: PaymentMethod[];
  selectedShippingId: number | null;
  selectedPaymentId: number | null;
  zip: string | null;
  /**
   * The snippet of the selected option when it is paid through an external checkout (issue 25): a link
   * to our hosted checkout for this cart (payments/hosted-checkout.ts). Asked only when a client reads
   * `paymentData`: signing a link costs nothing to a storefront that never shows it.
   */
  externalCheckout: (type: ExternalPaymentType) => Promise<string | null>;
}

/** The CheckoutType of a cart and the shopper's choices. */
export function checkoutType(view: CartView, choices: CheckoutChoices, ctx: GraphQLContext) {
  const t = createTranslator(localeOfLanguageId(view.language.id));
  const money = (amount: number) => formatMoney({ amount, currency: view.market.currency.code }, view.language.id);
  const { shipping } = view.pricing;
  const goods = {
    goodsIncVat: shipping.goodsIncVat,
    freeByCode: shipping.freeByCode,
    isEmpty: view.pricing.lines.length === 0,
  };
  return {
    cart: cartType(view, ctx),
    email: choices.details.email,
    identityNumber: choices.details.identityNumber,
    billingAddress: addressType(choices.details.billingAddress),
    shippingAddress: addressType(choices.details.shippingAddress),
    consents: [],
    checkoutStatus: 'OK',
    // The reference storefront's shipping widget unlocks the payment step on `options.length` (issue 25):
    // the options themselves, as its list (id, carrier, name, fee incl. VAT, delivery days).
    shippingData: JSON.stringify({
      zip: choices.zip,
      options: choices.shippingMethods.map((method) => ({
        id: method.id,
        carrier: method.carrier,
        name: method.name,
        fee: major(shippingCost(method, goods).feeIncVat),
        deliveryDays: method.deliveryDays,
      })),
    }),
    shippingOptions: choices.shippingMethods.map((method) => {
      const cost = shippingCost(method, goods);
      const feeExVat = exVat(cost.feeIncVat, view.market.vatRateBp);
      return {
        id: method.id,
        name: method.carrier,
        displayName: method.name,
        logo: method.logo,
        feeIncVat: major(cost.feeIncVat),
        feeExVat: major(feeExVat),
        feeIncVatFormatted: money(cost.feeIncVat),
        feeExVatFormatted: money(feeExVat),
        isDefault: method.isDefault,
        isSelected: method.id === choices.selectedShippingId,
        amountLeftToFreeShipping: major(cost.amountLeftToFreeShipping),
        amountLeftToFreeShippingFormatted: money(cost.amountLeftToFreeShipping),
        shippingData: JSON.stringify({
          carrier: method.carrier,
          deliveryDays: method.deliveryDays,
          deliveryEstimate: deliveryEstimate(t, method.deliveryDays),
        }),
        subOptions: [],
      };
    }),
    paymentOptions: choices.paymentMethods.map((method) => {
      const isSelected = method.id === choices.selectedPaymentId;
      // The shop's own pages run the payment step after placeOrder: nothing is external to them.
      const paymentType = ctx.ownStorefront
        ? 'STANDARD'
        : paymentTypeOf(ctx.config.payments.providers[method.code], method.code, view.pricing.payment.toPayIncVat);
      const external = paymentType !== 'STANDARD';
      return {
        id: method.id,
        name: method.code,
        displayName: t(PAYMENT_NAMES[method.code]),
        logo: method.logo,
        feeIncVat: 0,
        feeExVat: 0,
        feeIncVatFormatted: money(0),
        feeExVatFormatted: money(0),
        isDefault: method.isDefault,
        isSelected,
        paymentType,
        checkoutType: external ? 'EXTERNAL' : 'STANDARD',
        paymentData: external && isSelected ? () => choices.externalCheckout(paymentType) : null,
        // Each answer's snippet carries a new link: the reference client renders it afresh rather than
        // resuming a provider's script that is not there.
        newCheckoutSession: external,
      };
    }),
  };
}

/** CheckoutOrderType of a placed order (the confirmation page; the purchase analytics event). */
/**
 * The personal fields of a placed order (who, where, how to reach them), answered only to a caller that
 * may read them (issue 24: the browser that placed it, by its cart id, or the logged-in owner); anyone
 * else who knows the order's public id reads the order without them.
 */
const PERSONAL_ORDER_FIELDS = [
  'billingAddress',
  'shippingAddress',
  'firstName',
  'lastName',
  'company',
  'zip',
  'email',
  'phone',
  'address1',
  'address2',
  'city',
  'message',
  'personalId',
  'organizationNumber',
  'customerOrderNumber',
  'metaData',
] as const;

/** `fields` of an order type with its personal fields null unless `personal` (see PERSONAL_ORDER_FIELDS). */
export function withPersonalData<T extends object>(fields: T, personal: boolean): T {
  if (personal) return fields;
  const redacted = { ...fields } as Record<string, unknown>;
  for (const name of PERSONAL_ORDER_FIELDS) if (name in redacted) redacted[name] = null;
  return redacted as T;
}

export function checkoutOrderType(order: OrderRecord, { personal }: { personal: boolean }) {
  return withPersonalData(checkoutOrderFields(order), personal);
}

function checkoutOrderFields(order: OrderRecord) {
  const a = order.amounts;
  const billing = addressType(order.billingAddress)!;
  return {
    orderId: order.orderNumber,
    transactionId: order.publicId,
    externalOrderId: order.publicId,
    billingAddress: billing,
    shippingAddress: addressType(order.shippingAddress),
    firstName: billing.firstName,
    lastName: billing.lastName,
    company: billing.company,
    zip: billing.zip,
    email: order.email,
    phone: billing.mobile || billing.phone,
    address1: billing.addressLine1,
    address2: billing.addressLine2,
    city: billing.city,
    country: billing.country,
    message: order.message,
    currency: order.currency,
    marketId: order.marketId,
    languageId: order.languageId,
    status: order.status,
    promoCode: order.promoCode,
    customerId: order.customerId ?? 0,
    personalId: order.personalId,
    organizationNumber: order.organizationId,
    customerOrderNumber: order.customerOrderNumber,
    // The company's VAT number came in CheckoutInputType.merchantData; it goes back out the same way.
    metaData: order.vatNumber ? JSON.stringify({ vatNumber: order.vatNumber }) : null,
    discountIncVat: major(a.discountIncVat),
    discountExVat: major(a.discountExVat),
    itemValueIncVat: major(a.itemValueIncVat),
    itemValueExVat: major(a.itemValueExVat),
    shippingFeeIncVat: major(a.shippingFeeIncVat),
    shippingFeeExVat: major(a.shippingFeeExVat),
    paymentFeeIncVat: 0,
    paymentFeeExVat: 0,
    balance: major(a.balanceUsed + a.giftCardUsed),
    orderValueIncVat: major(a.totalIncVat - a.balanceUsed - a.giftCardUsed),
    orderValueExVat: major(a.totalExVat),
    sum: major(a.totalIncVat - a.balanceUsed - a.giftCardUsed),
  };
}

/**
 * OrderType of a placed order (getOrderPublic, my pages), its cart as placed in `view`; its personal
 * fields only when `personal` (PERSONAL_ORDER_FIELDS).
 */
export function orderType(order: OrderRecord, view: CartView, ctx: GraphQLContext, { personal = true } = {}) {
  return withPersonalData(orderFields(order, view, ctx), personal);
}

function orderFields(order: OrderRecord, view: CartView, ctx: GraphQLContext) {
  const a = order.amounts;
  const currency = view.market.currency;
  const price = (incVat: number, exVatAmount: number) =>
    priceType(breakdown(incVat, exVatAmount, incVat, exVatAmount, view.market.vatRateBp), currency, view.language.id);
  const fromBalance = a.balanceUsed + a.giftCardUsed;
  const t = createTranslator(localeOfLanguageId(view.language.id));
  let moved: ReturnType<typeof orderMoneyMovements> | undefined;
  const movements = () => (moved ??= orderMoneyMovements(ctx.db, order.id));
  return {
    // The order's number as the shopper knows it (confirmation, mails, my pages: 100001…), never the row id.
    id: Number(order.orderNumber),
    publicId: order.publicId,
    customerId: order.customerId,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    completedAt: order.status === 'COMPLETED' ? order.updatedAt : null,
    currency: order.currency,
    message: order.message,
    customerOrderNumber: order.customerOrderNumber,
    // Geins' words, lower case (issue 25, core/order-status.ts).
    status: apiOrderStatus(order.status),
    billingAddress: addressType(order.billingAddress),
    shippingAddress: addressType(order.shippingAddress),
    cart: cartType(view, ctx),
    discount: price(a.discountIncVat, a.discountExVat),
    orderTotal: price(a.totalIncVat, a.totalExVat),
    shippingFee: price(a.shippingFeeIncVat, a.shippingFeeExVat),
    paymentFee: price(0, 0),
    vat: price(a.vat, 0),
    fromBalance: major(fromBalance),
    fromBalanceFormatted: formatMoney({ amount: fromBalance, currency: currency.code }, view.language.id),
    // Read only when an operation selects them (graphql-js calls function-valued fields lazily).
    refunds: async () =>
      (await movements()).refunds.map((refund) => ({
        id: refund.id,
        itemId: 0, // refunds are recorded per order, not per row: 0 names no single item
        createdAt: refund.createdAt,
        reason: refund.reason,
        total: major(refund.amountIncVat),
        vat: major(refund.amountIncVat - exVat(refund.amountIncVat, view.market.vatRateBp)),
      })),
    shippingDetails: [{ id: order.id, name: order.shippingMethod, trackingLink: order.trackingLink }],
    paymentDetails: async () =>
      (await movements()).payments.map((payment) => ({
        id: payment.id,
        displayName:
          payment.method in PAYMENT_NAMES ? t(PAYMENT_NAMES[payment.method as PaymentMethodCode]) : payment.method,
        name: payment.method,
        isPaid: payment.status === 'AUTHORIZED' || payment.status === 'CAPTURED',
        total: major(payment.amount),
      })),
  };
}
