/**
 * The checkout (spec §4, §5, §7 operation 1): createOrUpdateCheckout and setCartShippingFee (options for
 * the cart's market and zip), validateOrderCreation, placeOrder (one atomic batch, idempotent on the
 * cart: orders.ts), and the confirmation page's checkout, getCheckout, getCheckoutAndOrder and
 * getOrderPublic.
 */
import * as v from 'valibot';
import { createTranslator, localeOfLanguageId } from '../../../locales';
import type { CartRecord } from '../../commerce/cart/cart';
import {
  BLACKLISTED_MESSAGE,
  blocklistEntry,
  CheckoutInput,
  checkoutProblem,
  malformedVatNumber,
  mergeCheckoutDetails,
  withCustomerDefaults,
  orderDetailsOf,
  rememberBalanceShown,
  rememberGiftCardsShown,
  saveCheckout,
  setExternalShippingFee,
  zipOf,
  type CheckoutDetails,
} from '../../commerce/checkout/checkout';
import { findOrderByCart, placeOrder, promoCodeUsedBy } from '../../commerce/orders/orders';
import { findOrder, GUID_PATTERN, type OrderRecord } from '../../commerce/orders/records';
import { loadProducts } from '../../commerce/catalog/products';
import { findCustomer } from '../../commerce/customers/customers';
import { loadPaymentMethods, loadShippingMethods, methodsForZip, normalizeZip } from '../../commerce/checkout/shipping';
import type { PaymentMethodCode } from '../../../core/checkout/payment-methods';
import { needsPaymentStep } from '../../payments/registry';
import {
  confirmationSnippet,
  hostedCheckoutKey,
  hostedCheckoutSnippet,
  isStorefrontUrl,
  payLinkKey,
  sealHostedCheckout,
  sealPayLink,
  HOSTED_CHECKOUT_PATH,
  PAY_LINK_PATH,
  type ExternalPaymentType,
} from '../../payments/hosted-checkout';
import { payStepUrl, paymentStepOf } from '../../payments/urls';
import type { GraphQLContext, Scope } from '../context';
import { userError } from '../errors';
import { cartInScope, cartType, loadCartView, placedCartView } from '../cart-type';
import { checkoutOrderType, checkoutType, orderType, PAYMENT_NAMES } from '../checkout-type';
import type { DomainResolvers } from './types';
import { queueOrderMails } from '../../commerce/mail/order-mails';
import { withdrawalLinkKey } from '../../commerce/orders/withdrawal-link';
import { formatMoney } from '../../commerce/pricing/money';
import {
  creditKeysOf,
  creditOrderTooLarge,
  creditRefused,
  holdCreditOrder,
  isOwnCredit,
} from '../../commerce/checkout/invoice-limits';

const ScopeArgs = {
  channelId: v.nullish(v.string()),
  languageId: v.nullish(v.string()),
  marketId: v.nullish(v.string()),
};
const CheckoutArgs = v.object({ ...ScopeArgs, cartId: v.string(), checkout: v.nullish(CheckoutInput) });
const ShippingFeeArgs = v.object({
  ...ScopeArgs,
  cartId: v.string(),
  shippingFee: v.pipe(v.number(), v.minValue(0), v.maxValue(100000)),
});
const OrderLookupArgs = v.object({
  ...ScopeArgs,
  id: v.string(),
  cartId: v.nullish(v.string()),
  paymentType: v.string(),
});

function parse<T extends v.GenericSchema>(schema: T, args: Record<string, unknown>): v.InferOutput<T> {
  const parsed = v.safeParse(schema, args);
  if (!parsed.success) throw userError(args.languageId as string | undefined, 'api.checkout.fieldsInvalid');
  return parsed.output;
}

async function openCart(
  ctx: GraphQLContext,
  args: { cartId: string; languageId?: string | null; marketId?: string | null; channelId?: string | null },
) {
  const found = await cartInScope(ctx, { ...args, id: args.cartId }, true, true);
  if (!found) throw userError(args.languageId, 'api.cart.notFound', undefined, 'NOT_FOUND');
  if (found.cart.completedAt) throw userError(args.languageId, 'api.cart.completed', undefined, 'CONFLICT');
  return found;
}

/** The shipping methods for the shopper's zip (all before one is given; none for an invalid one) and payments. */
/** Logged once per isolate: a deployment that cannot take card or Swish says so where ops look. */
let reportedMissingProviders = false;

/**
 * The market's payment methods that have a provider (issue 12): card and Swish without a real provider
 * and outside test mode are not offered (and placeOrder refuses them), and the misconfiguration is logged.
 */
function methodsWithProvider<M extends { code: PaymentMethodCode }>(ctx: GraphQLContext, methods: M[]): M[] {
  const providers = ctx.config.payments.providers;
  const offered = methods.filter((method) => providers[method.code] !== undefined);
  if (offered.length < methods.length && !reportedMissingProviders) {
    reportedMissingProviders = true;
    const missing = methods.filter((method) => providers[method.code] === undefined).map((method) => method.code);
    console.error(
      `payment methods without a provider are not offered: ${[...new Set(missing)].join(', ')}. ` +
        'Route them to kustom or avarda in PAYMENT_PROVIDERS, or set PAYMENT_TEST_MODE=true outside production.',
    );
  }
  return offered;
}

async function optionsFor(ctx: GraphQLContext, scope: Scope, details: CheckoutDetails) {
  const [allShipping, allPayment] = await Promise.all([
    loadShippingMethods(ctx.db, scope.market),
    loadPaymentMethods(ctx.db, scope.market.id),
  ]);
  const paymentMethods = methodsWithProvider(ctx, allPayment);
  const rawZip = zipOf(details);
  const zip = rawZip ? await normalizeZip(ctx.db, scope.market.countryCode, rawZip) : null;
  const shippingMethods = rawZip === null ? allShipping : zip === null ? [] : methodsForZip(allShipping, zip);
  return { shippingMethods, paymentMethods, zip };
}

/** Saves the shopper's choices (those that exist for their market and zip) and answers with the CheckoutType. */
async function updateCheckout(
  ctx: GraphQLContext,
  cart: CartRecord,
  scope: Scope,
  input: CheckoutInput | null | undefined,
) {
  // A malformed VAT number (issue 14) is refused before anything is saved.
  const vatNumber = input?.merchantData?.vatNumber;
  if (vatNumber && malformedVatNumber({ vatNumber }, scope.market.countryCode))
    throw userError(scope.language.id, 'api.checkout.invalidVatNumber');
  const entered = mergeCheckoutDetails(cart.checkout, input);
  // A logged-in customer's checkout starts from their settings (issue 14).
  const customer = ctx.customer ? await findCustomer(ctx.db, ctx.customer.id) : null;
  const details = customer ? withCustomerDefaults(entered, customer, ctx.customerType) : entered;
  const options = await optionsFor(ctx, scope, details);
  const pick = <T extends { id: number; isDefault: boolean }>(list: T[], ...wanted: (number | null | undefined)[]) =>
    wanted.map((id) => list.find((option) => option.id === id)).find(Boolean) ??
    list.find((option) => option.isDefault) ??
    list[0] ??
    null;
  const shipping = pick(options.shippingMethods, input?.shippingId, cart.shippingMethodId);
  const payment = pick(options.paymentMethods, input?.paymentId, cart.paymentMethodId);
  // Only what the shopper entered is kept on the cart: the settings fill the answer, never the cart,
  // which stays with the browser after a logout.
  await saveCheckout(
    ctx.db,
    cart.id,
    { shippingMethodId: shipping?.id ?? null, paymentMethodId: payment?.id ?? null, details: entered },
    ctx.now,
  );
  const saved = { ...cart, shippingMethodId: shipping?.id ?? null, paymentMethodId: payment?.id ?? null };
  const view = await loadCartView(ctx, saved, scope, true);
  // What the shopper is shown paying from the account balance, so a later order notices when it is gone.
  // Written only when it changes: a guest's checkout (no balance) never costs a round trip.
  const shown = view.pricing.payment.customerBalance > 0 ? view.pricing.payment.customerBalance : null;
  if (shown !== cart.balanceShown) await rememberBalanceShown(ctx.db, cart.id, shown);
  // And what each gift card is shown paying (issue 24): only a cart with gift cards costs the round trip.
  if (cart.giftCardCodes.length > 0)
    await rememberGiftCardsShown(ctx.db, cart.id, cart.giftCardCodes, view.pricing.payment.giftCards);
  return checkoutType(
    view,
    {
      ...options,
      details,
      selectedShippingId: shipping?.id ?? null,
      selectedPaymentId: payment?.id ?? null,
      externalCheckout: (type) => hostedCheckoutOption(ctx, { cartId: cart.id, type, scope, payment }),
    },
    ctx,
  );
}

/**
 * The snippet of an option paid through an external checkout (issue 25): what comes next, and the link
 * to our checkout for this cart (payments/hosted-checkout.ts), in the shopper's language.
 */
async function hostedCheckoutOption(
  ctx: GraphQLContext,
  {
    cartId,
    type,
    scope,
    payment,
  }: { cartId: string; type: ExternalPaymentType; scope: Scope; payment: { code: PaymentMethodCode } | null },
): Promise<string | null> {
  const secret = ctx.config.authSecret;
  if (!secret || !ctx.origin || !payment) return null;
  const locale = localeOfLanguageId(scope.language.id);
  const t = createTranslator(locale);
  const token = await sealHostedCheckout(
    await hostedCheckoutKey(secret),
    { cartId, type, languageId: scope.language.id },
    ctx.now,
  );
  return hostedCheckoutSnippet(`${ctx.origin}${HOSTED_CHECKOUT_PATH}/${token}`, {
    lang: locale,
    intro: t('api.checkout.hosted.intro', { method: t(PAYMENT_NAMES[payment.code]) }),
    action: t('api.checkout.hosted.action'),
  });
}

/**
 * The order a confirmation-page lookup names: `id` is the order's public id; `cartId` must match if given.
 * `personal`: whether the caller may read who placed it (issue 24): the browser that placed it (it knows
 * the order's cart id) or the logged-in owner; the public id alone is no proof of either.
 */
async function orderOfLookup(
  ctx: GraphQLContext,
  args: v.InferOutput<typeof OrderLookupArgs>,
): Promise<{ order: OrderRecord; personal: boolean }> {
  const notFound = () => userError(args.languageId, 'api.checkout.orderNotFound', undefined, 'NOT_FOUND');
  // The reference client asks by the order number placeOrder gave it (its confirm page's `oid`), the
  // deprecated lookups too (issue 25); our storefront by the public id. An order number is sequential, so
  // alone it opens only the logged-in owner's order: anyone else needs the cart the order was placed from,
  // and a wrong guess answers exactly as a missing order (nothing to enumerate).
  const byNumber = ORDER_NUMBER_PATTERN.test(args.id);
  const order = GUID_PATTERN.test(args.id)
    ? await findOrder(ctx.db, { publicId: args.id })
    : args.cartId
      ? await findOrder(ctx.db, { cartId: args.cartId })
      : byNumber && ctx.customer
        ? await findOrder(ctx.db, { orderNumber: args.id })
        : null;
  if (!order) throw notFound();
  if (args.cartId && order.cartId !== args.cartId) throw notFound();
  if (byNumber && order.orderNumber !== args.id) throw notFound();
  if (!args.cartId && byNumber && !ownOrder(ctx, order)) throw notFound();
  return { order, personal: Boolean(args.cartId) || ownOrder(ctx, order) };
}

/** What the storefront's confirm page shows of an order paid through our checkout, in the order's language. */
function orderConfirmationSnippet(order: OrderRecord, personal: boolean): string {
  const locale = localeOfLanguageId(order.languageId);
  const t = createTranslator(locale);
  const lines = [t('api.checkout.hosted.confirmNumber', { number: order.orderNumber })];
  if (personal && order.email) lines.push(t('api.checkout.hosted.confirmEmail', { email: order.email }));
  return confirmationSnippet({ lang: locale, title: t('api.checkout.hosted.confirmTitle'), lines });
}

/** An order number as placeOrder answers it (`orderId`): digits. */
const ORDER_NUMBER_PATTERN = /^\d{1,12}$/;

/** Whether the logged-in customer placed `order`. */
const ownOrder = (ctx: GraphQLContext, order: OrderRecord) =>
  ctx.customer !== undefined && order.customerId !== null && order.customerId === ctx.customer.id;

/** The storefront's confirmation URL for an order: its redirectUrl with the order's ids, or our default. */
function confirmationUrlOf(order: { publicId: string; cartId: string }, redirectUrl?: string | null): string {
  return (redirectUrl || '/checkout/confirm?orderId={payment.uid}&cartId={geins.cartid}')
    .replaceAll('{payment.uid}', order.publicId)
    .replaceAll('{geins.cartid}', order.cartId);
}

/**
 * The placeOrder answer for an order, in Geins' words (issue 25, docs/decisions/020): `completed` when the
 * order is placed and nothing is left for the shopper to do (invoice, instalments, paid by gift cards or
 * balance), the status the reference client continues on; `pending` while it waits for its payment step.
 * redirectUrl is the storefront's confirmation page, or, while the order waits for its payment step, our
 * payment page in the storefront's locale (contract 7); for a storefront on another origin the merchant
 * allows (issue 26), a link to it that lets that storefront's shopper pay (payments/hosted-checkout.ts).
 */
async function placeOrderResponse(
  ctx: GraphQLContext,
  order: { orderNumber: string; publicId: string; cartId: string; status: string },
  redirectUrl?: string | null,
) {
  const confirmation = confirmationUrlOf(order, redirectUrl);
  const waiting = order.status === 'PENDING_PAYMENT';
  let url = confirmation;
  if (waiting) {
    const elsewhere = isStorefrontUrl(redirectUrl ?? null, ctx.config.corsOrigins) && ctx.config.authSecret;
    url = elsewhere
      ? `${ctx.origin}${PAY_LINK_PATH}/${await sealPayLink(await payLinkKey(ctx.config.authSecret!), order.publicId, ctx.now)}`
      : payStepUrl(order.publicId, paymentStepOf(confirmation).shopPrefix);
  }
  return {
    orderId: order.orderNumber,
    publicId: order.publicId,
    status: waiting ? 'pending' : 'completed',
    redirectUrl: url,
  };
}

export const checkoutResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
    async validateOrderCreation(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(CheckoutArgs, rawArgs);
      const t = createTranslator(localeOfLanguageId(args.languageId));
      const found = await cartInScope(ctx, { ...args, id: args.cartId });
      if (!found || found.cart.items.length === 0)
        return { isValid: false, message: t('api.checkout.emptyCart'), memberType: null };
      const details = mergeCheckoutDetails(found.cart.checkout, args.checkout);
      const market = found.scope.market;
      const problem = checkoutProblem(details, market.countryCode, Object.values(market.countryNames), null);
      if (problem) return { isValid: false, message: t(problem), memberType: null };
      const blocklisted = await blocklistEntry(ctx.db, details.email!);
      if (blocklisted?.blocked) return { isValid: false, message: BLACKLISTED_MESSAGE, memberType: null };
      return { isValid: true, message: null, memberType: blocklisted?.memberType ?? details.customerType };
    },

    async getCheckout(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const { order } = await orderOfLookup(ctx, parse(OrderLookupArgs, rawArgs));
      return `<div class="order-confirmation" data-order-id="${order.orderNumber}"></div>`;
    },

    async getCheckoutAndOrder(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const { order, personal } = await orderOfLookup(ctx, parse(OrderLookupArgs, rawArgs));
      return { htmlSnippet: '', order: checkoutOrderType(order, { personal }) };
    },

    async checkout(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(OrderLookupArgs, rawArgs);
      const { order, personal } = await orderOfLookup(ctx, args);
      return {
        // An external checkout's confirm page shows the snippet in place of its own thanks (issue 25).
        htmlSnippet: args.paymentType === 'STANDARD' ? null : orderConfirmationSnippet(order, personal),
        newCheckoutSession: false,
        // The reference confirm page sends the shopper back to the checkout on `false`: an order still
        // waiting for its payment, or one whose payment was declined or cancelled.
        completed: order.status !== 'PENDING_PAYMENT' && order.status !== 'CANCELLED',
        order: checkoutOrderType(order, { personal }),
        nthPurchase: order.nthPurchase,
        cart: async () => cartType(await placedCartView(ctx, order, args.languageId), ctx),
      };
    },

    async getOrderPublic(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(v.object({ ...ScopeArgs, publicOrderId: v.pipe(v.string(), v.regex(GUID_PATTERN)) }), rawArgs);
      const order = await findOrder(ctx.db, { publicId: args.publicOrderId });
      if (!order) throw userError(args.languageId, 'api.checkout.orderNotFound', undefined, 'NOT_FOUND');
      // The public id alone opens no one's details (issue 24): only the logged-in owner reads them here.
      return orderType(order, await placedCartView(ctx, order, args.languageId), ctx, {
        personal: ownOrder(ctx, order),
      });
    },
  },
  GeinsMerchantApiMutation: {
    async createOrUpdateCheckout(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(CheckoutArgs, rawArgs);
      const { cart, scope } = await openCart(ctx, args);
      return updateCheckout(ctx, cart, scope, args.checkout);
    },

    async setCartShippingFee(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(ShippingFeeArgs, rawArgs);
      // No price a shopper pays comes from the shopper (issue 12): an external fee only from the merchant's
      // own server (X-ApiKey), e.g. a carrier integration quoting the fee.
      if (!ctx.merchantCaller)
        throw userError(args.languageId, 'api.checkout.shippingFeeForbidden', undefined, 'FORBIDDEN');
      const { cart, scope } = await openCart(ctx, args);
      const fee = Math.round(args.shippingFee * 100);
      await setExternalShippingFee(ctx.db, cart.id, fee, ctx.now);
      return updateCheckout(ctx, { ...cart, externalShippingFeeIncVat: fee }, scope, null);
    },

    async placeOrder(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(v.object({ ...CheckoutArgs.entries, checkout: CheckoutInput }), rawArgs);
      const language = args.languageId;
      // Staff logged in as the customer (spec §6) never pay (worker/middleware/impersonation.ts).
      if (ctx.customer?.impersonatedBy) throw userError(language, 'api.impersonation.refused', undefined, 'FORBIDDEN');
      // Idempotent on the cart: a second submission of a placed cart answers with its order.
      const placed = await findOrderByCart(ctx.db, args.cartId);
      if (placed) return placeOrderResponse(ctx, placed, args.checkout.checkoutUrls?.redirectUrl);
      const { cart, scope } = await openCart(ctx, args);
      if (cart.items.length === 0) throw userError(language, 'api.checkout.emptyCart');
      const details = mergeCheckoutDetails(cart.checkout, args.checkout);
      const options = await optionsFor(ctx, scope, details);
      const payment =
        options.paymentMethods.find((m) => m.id === (args.checkout.paymentId ?? cart.paymentMethodId)) ??
        (args.checkout.paymentId == null && cart.paymentMethodId == null
          ? options.paymentMethods.find((m) => m.isDefault)
          : undefined);
      if (!payment) throw userError(language, 'api.checkout.paymentUnavailable');
      const problem = checkoutProblem(
        details,
        scope.market.countryCode,
        Object.values(scope.market.countryNames),
        payment.code,
      );
      if (problem) throw userError(language, problem);
      const listed = await blocklistEntry(ctx.db, details.email!);
      if (listed?.blocked) throw userError(language, 'api.checkout.orderFailed', undefined, 'FORBIDDEN');
      // Spec §4's credit status, enforced here too: NOCREDIT buys on neither invoice nor instalments (issue 24).
      if (creditRefused(listed?.memberType, payment.code))
        throw userError(language, 'api.checkout.invoiceCreditRefused', undefined, 'FORBIDDEN');
      if (options.shippingMethods.length === 0) throw userError(language, 'api.checkout.noShippingOptions');
      const wantedShipping = args.checkout.shippingId ?? cart.shippingMethodId;
      const shipping =
        wantedShipping == null
          ? (options.shippingMethods.find((m) => m.isDefault) ?? options.shippingMethods[0])
          : options.shippingMethods.find((m) => m.id === wantedShipping);
      if (!shipping) throw userError(language, 'api.checkout.shippingUnavailable');

      const priced = { ...cart, shippingMethodId: shipping.id };
      const view = await loadCartView(ctx, priced, scope, true);
      // A code or gift card that ran out since the shopper saw it (another order took it) stops the order
      // with a message and the cart intact, never a silent full price (issue 12).
      if (cart.promoCode && !view.pricing.promotion)
        throw userError(language, 'api.cart.promoInvalid', undefined, 'CONFLICT');
      // A welcome code is for one order per customer (issue 12); the placement batch guards it too.
      if (
        view.pricing.promotion?.applied &&
        (await promoCodeUsedBy(ctx.db, view.pricing.promotion.code, {
          customerId: ctx.customer?.id ?? null,
          email: details.email ?? null,
        }))
      )
        throw userError(language, 'api.cart.promoAlreadyUsed', undefined, 'CONFLICT');
      if (await giftCardShortOn(ctx.db, cart.id, scope.market.currency.code))
        throw userError(language, 'api.checkout.balanceChanged', undefined, 'CONFLICT');
      // The account balance shown at the checkout was spent by another order meanwhile.
      const shown = cart.balanceShown ?? 0;
      const paying = view.pricing.payment;
      if (
        shown > 0 &&
        paying.customerBalance < shown &&
        paying.customerBalance + paying.customerBalanceRemaining < shown
      )
        throw userError(language, 'api.checkout.balanceChanged', undefined, 'CONFLICT');
      const products = await loadProducts(ctx.db, {
        ids: view.pricing.lines.map((l) => l.productId),
        marketId: scope.market.id,
        languageId: scope.language.id,
        now: ctx.now,
      });
      const skus = new Map(
        products.flatMap((p) =>
          p.skus.map(
            (s) =>
              [s.skuId, { name: s.size ? `${p.name} (${s.size})` : p.name, articleNumber: s.articleNumber }] as const,
          ),
        ),
      );
      // Issue 6: the configured provider takes the payment; card and Swish (and anything sent to Klarna or
      // Avarda) wait for a payment step as PENDING_PAYMENT.
      const provider = ctx.config.payments.providers[payment.code];
      if (!provider) throw userError(language, 'api.checkout.paymentUnavailable');
      const credit = isOwnCredit(payment.code, provider)
        ? await creditOf(ctx, { view, currency: scope.market.currency.code, details, language })
        : null;
      const paymentStep = needsPaymentStep(provider, payment.code, view.pricing.payment.toPayIncVat)
        ? paymentStepOf(
            confirmationUrlOf({ publicId: '{payment.uid}', cartId: cart.id }, args.checkout.checkoutUrls?.redirectUrl),
          )
        : null;
      // A cart another storefront sent to our checkout (payments/hosted-checkout.ts), or an order a
      // storefront on another allowed origin placed through this API (issue 26): once paid, the shopper goes
      // back to that storefront's confirmation page, while its origin is still allowed.
      const storefrontConfirmation = isStorefrontUrl(
        args.checkout.checkoutUrls?.redirectUrl ?? null,
        ctx.config.corsOrigins,
      )
        ? args.checkout.checkoutUrls!.redirectUrl!
        : cart.storefrontConfirmUrl;
      if (paymentStep && isStorefrontUrl(storefrontConfirmation, ctx.config.corsOrigins)) {
        paymentStep.confirmationUrl = storefrontConfirmation;
        paymentStep.shopPrefix = paymentStepOf(new URL(storefrontConfirmation).pathname).shopPrefix;
      }
      const result = await placeOrder(ctx.db, {
        cart: priced,
        pricing: view.pricing,
        shippingMethod: shipping,
        paymentMethod: { ...payment, provider },
        marketId: scope.market.id,
        currency: scope.market.currency.code,
        languageId: scope.language.id,
        customerId: ctx.customer?.id ?? null,
        details: orderDetailsOf(details),
        skus,
        now: ctx.now,
        paymentStep,
        credit,
      });
      if ('order' in result) {
        // Placed here and now (a repeated placeOrder answers above): the placing browser may make it an account's.
        if (!ctx.customer) ctx.guestOrderPlaced?.(result.order.publicId);
        mailOrder(ctx, result.order.id, scope.channel.name);
        return placeOrderResponse(ctx, result.order, args.checkout.checkoutUrls?.redirectUrl);
      }
      switch (result.failure) {
        case 'OUT_OF_STOCK': {
          const short = await firstShortLine(ctx.db, cart);
          const name = short ? (skus.get(short)?.name ?? '') : '';
          throw userError(language, 'api.checkout.outOfStock', { name }, 'CONFLICT');
        }
        case 'BALANCE':
          throw userError(language, 'api.checkout.balanceChanged', undefined, 'CONFLICT');
        case 'PROMO_CODE':
          throw userError(language, 'api.cart.promoInvalid', undefined, 'CONFLICT');
        case 'PROMO_CODE_USED':
          throw userError(language, 'api.cart.promoAlreadyUsed', undefined, 'CONFLICT');
        case 'CART_CHANGED':
          throw userError(language, 'api.checkout.cartChanged', undefined, 'CONFLICT');
        case 'CREDIT_LIMIT':
          throw userError(language, 'api.checkout.invoiceTooMany', undefined, 'FORBIDDEN');
      }
    },
  },
};

/**
 * The shop's own credit for this order (issue 24, ../../commerce/checkout/invoice-limits.ts): refused when
 * the order is too large (with the limit in the shopper's language), else who asked for it, the limits the
 * placement counts it against, and whether a guest's order waits for the merchant.
 */
async function creditOf(
  ctx: GraphQLContext,
  {
    view,
    currency,
    details,
    language,
  }: {
    view: { pricing: { total: { sellingIncVat: number }; lines: { quantity: number }[] } };
    currency: string;
    details: { email: string | null; identityNumber: string | null };
    language: string | null | undefined;
  },
) {
  const limits = ctx.config.invoiceLimits;
  const totalIncVat = view.pricing.total.sellingIncVat;
  const units = view.pricing.lines.reduce((sum, line) => sum + line.quantity, 0);
  const tooLarge = creditOrderTooLarge(limits, { units, totalIncVat, currency });
  if (tooLarge) {
    const max =
      tooLarge.key === 'api.checkout.invoiceTooLarge'
        ? formatMoney({ amount: tooLarge.max, currency }, language ?? 'sv-SE')
        : tooLarge.max;
    throw userError(language, tooLarge.key, { max }, 'FORBIDDEN');
  }
  return {
    keys: await creditKeysOf({
      clientAddress: ctx.clientAddress,
      email: details.email,
      identityNumber: details.identityNumber,
    }),
    limits,
    hold: holdCreditOrder(limits, { guest: !ctx.customer, totalIncVat, currency }),
  };
}

/**
 * Issue 14: the mails of the order's events so far (the confirmation of an order RECEIVED at once; a card
 * order's comes after its payment), queued once per event after the answer (worker/commerce/mail/order-mails.ts).
 */
function mailOrder(ctx: GraphQLContext, orderId: number, shopName: string): void {
  const secret = ctx.config.authSecret;
  if (!secret || !ctx.origin) return;
  const origin = ctx.origin;
  const work = withdrawalLinkKey(secret)
    .then((linkKey) =>
      queueOrderMails({ db: ctx.db, queue: ctx.mailQueue, origin, shopName, linkKey, now: ctx.now }, orderId),
    )
    .catch((error: unknown) => console.error('order mails failed; the sweep tries again', orderId, error));
  if (ctx.waitUntil) ctx.waitUntil(work);
}

/**
 * Whether a gift card on the cart has less left in `currency` than the checkout showed it paying, or
 * nothing at all (it was spent, wholly or in part, by another order after it was added: issue 24).
 */
async function giftCardShortOn(db: D1Database, cartId: string, currency: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS short FROM cart_gift_cards cg JOIN gift_cards g ON g.code = cg.code
       WHERE cg.cart_id = ? AND g.currency_code = ? AND (g.balance <= 0 OR g.balance < coalesce(cg.amount_shown, 0))
       LIMIT 1`,
    )
    .bind(cartId, currency)
    .first<{ short: number }>();
  return row !== null;
}

/** The first sku of the cart that has fewer units left than the cart holds (after a failed placement). */
async function firstShortLine(db: D1Database, cart: CartRecord): Promise<number | null> {
  const { results } = await db
    .prepare(
      'SELECT id, stock FROM skus WHERE id IN (SELECT value FROM json_each(?)) AND oversellable = 0 AND static_stock IS NULL',
    )
    .bind(JSON.stringify(cart.items.map((i) => i.skuId)))
    .all<{ id: number; stock: number }>();
  const stock = new Map(results.map((r) => [r.id, r.stock]));
  return cart.items.find((item) => stock.has(item.skuId) && stock.get(item.skuId)! < item.quantity)?.skuId ?? null;
}
