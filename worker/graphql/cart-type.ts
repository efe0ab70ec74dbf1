/**
 * The API's CartType from a priced cart (spec §3 Cart, Cart summary): every amount in major units and
 * formatted in the market's currency for the request's language. Product data is read only when an
 * operation selects `product` (the header counter asks for `items { quantity }` alone).
 */
import { createTranslator, localeOfLanguageId } from '../../locales';
import { GIFT_CARD_RULE } from '../../core/graphql/cart';
import { findMarket, type Language, type Market } from '../commerce/channel/channel';
import { assignCart, createCart, findCart, type CartRecord } from '../commerce/cart/cart';
import { isMintedCartId } from '../commerce/cart/cart-ids';
import type { AppliedCampaign, CartPricing } from '../commerce/cart/pricing';
import { loadCartPricing } from '../commerce/cart/lines';
import { loadProducts, type ProductRecord } from '../commerce/catalog/products';
import { formatMoney } from '../commerce/pricing/money';
import { findPlacedCart } from '../commerce/orders/orders';
import { type OrderRecord } from '../commerce/orders/records';
import type { ShippingMethod } from '../commerce/checkout/shipping';
import {
  pathPrefixOf,
  priceOverrideOf,
  resolveScope,
  type GraphQLContext,
  type Scope,
  type ScopeArgs,
} from './context';
import { userError } from './errors';
import { priceType } from './price-type';
import { productTypeOf } from './product-type';

/** A cart with its prices in the scope it is answered in. */
export interface CartView {
  cart: CartRecord;
  pricing: CartPricing;
  market: Market;
  language: Language;
  shippingMethod: ShippingMethod | null;
}

/** Major units (the API's Decimal) of minor units. */
export const major = (amount: number) => amount / 100;

export function campaignRuleType(campaign: AppliedCampaign) {
  return { campaignId: campaign.id, name: campaign.name, hideTitle: campaign.hideTitle };
}

/**
 * A gift card paying for the cart, as a rule among the cart's appliedCampaigns (GIFT_CARD_RULE: the Geins
 * schema has no gift card type). A gift card is payment, not a discount: it lowers what is left to pay,
 * never the prices or the VAT. Its name is the shopper's sentence: the code, what it pays and, when known,
 * what stays on the card.
 */
function giftCardRuleType(card: CartPricing['payment']['giftCards'][number], view: CartView) {
  const t = createTranslator(localeOfLanguageId(view.language.id));
  const money = (amount: number) => formatMoney({ amount, currency: view.market.currency.code }, view.language.id);
  const words = { code: card.code, amount: money(card.amount) };
  return {
    campaignId: `gift-card:${card.code}`,
    name:
      card.left === undefined
        ? t('api.cart.giftCard', words)
        : t('api.cart.giftCardLeft', { ...words, left: money(card.left) }),
    hideTitle: false,
    ruleType: GIFT_CARD_RULE,
  };
}

/** The ShippingOptionType of the cart summary: the method it uses and what is left to free shipping. */
export function shippingSummaryType(view: CartView) {
  const { shipping } = view.pricing;
  const money = (amount: number) => formatMoney({ amount, currency: view.market.currency.code }, view.language.id);
  return {
    id: view.shippingMethod?.id ?? 0,
    name: view.shippingMethod?.carrier ?? null,
    displayName: view.shippingMethod?.name ?? null,
    logo: view.shippingMethod?.logo ?? null,
    feeIncVat: major(shipping.feeIncVat),
    feeExVat: major(shipping.feeExVat),
    feeIncVatFormatted: money(shipping.feeIncVat),
    feeExVatFormatted: money(shipping.feeExVat),
    isDefault: shipping.isDefault,
    isSelected: !shipping.isDefault,
    amountLeftToFreeShipping: major(shipping.amountLeftToFreeShipping),
    amountLeftToFreeShippingFormatted: money(shipping.amountLeftToFreeShipping),
    subOptions: [],
  };
}

/** The CartType of `view`. */
export function cartType(view: CartView, ctx: GraphQLContext) {
  const { cart, pricing, market, language } = view;
  const currency = market.currency;
  const price = (breakdown: Parameters<typeof priceType>[0]) => priceType(breakdown, currency, language.id);
  const money = (amount: number) => formatMoney({ amount, currency: currency.code }, language.id);
  let products: Promise<Map<number, ProductRecord>> | undefined;
  const productsOfCart = () =>
    (products ??= loadProducts(ctx.db, {
      ids: pricing.lines.map((line) => line.productId),
      marketId: market.id,
      languageId: language.id,
      now: ctx.now,
      priceOverride: priceOverrideOf(ctx, market, 'cart'),
    }).then((records) => new Map(records.map((record) => [record.productId, record]))));
  const payment = pricing.payment;
  return {
    id: cart.id,
    isCompleted: cart.completedAt !== null,
    promoCode: cart.promoCode,
    freeShipping: pricing.shipping.isFree,
    fixedDiscount: major(pricing.fixedAmountDiscount.incVat),
    merchantData: null,
    appliedCampaigns: [
      ...pricing.appliedCampaigns.map(campaignRuleType),
      ...payment.giftCards.map((card) => giftCardRuleType(card, view)),
    ],
    items: pricing.lines.map((line) => ({
      id: `${cart.id}:${line.skuId}`,
      skuId: line.skuId,
      quantity: line.quantity,
      unitPrice: price(line.unitPrice),
      totalPrice: price(line.totalPrice),
      campaign: {
        appliedCampaigns: line.campaigns.map(campaignRuleType),
        prices: [
          {
            quantity: line.quantity,
            price: price(line.unitPrice),
            discount: major(line.unitPrice.discountIncVat),
            discountPercentage: line.unitPrice.discountPercentage,
          },
        ],
      },
      product: async () => {
        const product = (await productsOfCart()).get(line.productId);
        return product ? productTypeOf(product, { ...view, pathPrefix: pathPrefixOf(ctx, view) }) : null;
      },
      isCampaignFreeGift: false,
    })),
    summary: {
      // Geins: the total is what is left to pay; balance.totalSellingPriceExBalance* is the sale before
      // gift cards and balance. Both are payment, not discount: `vat` stays the sale's whole VAT
      // (docs/decisions/010-price-rounding.md, "VAT and payment").
      total: price({ ...pricing.total, sellingIncVat: payment.toPayIncVat, sellingExVat: payment.toPayExVat }),
      subTotal: price(pricing.subTotal),
      vats: pricing.vats.map((group) => ({ rate: Math.round(group.vatRateBp / 100), amount: major(group.amount) })),
      fixedAmountDiscountIncVat: major(pricing.fixedAmountDiscount.incVat),
      fixedAmountDiscountExVat: major(pricing.fixedAmountDiscount.exVat),
      shipping: shippingSummaryType(view),
      balance: {
        pending: major(payment.pending),
        pendingFormatted: money(payment.pending),
        remaining: major(payment.customerBalanceRemaining),
        remainingFormatted: money(payment.customerBalanceRemaining),
        totalSellingPriceExBalanceIncVat: major(pricing.total.sellingIncVat),
        totalSellingPriceExBalanceExVat: major(pricing.total.sellingExVat),
        totalSellingPriceExBalanceIncVatFormatted: money(pricing.total.sellingIncVat),
        totalSellingPriceExBalanceExVatFormatted: money(pricing.total.sellingExVat),
      },
    },
  };
}

/**
 * The cart `id` in the scope of an operation: its own market unless the operation names one (then
 * the cart moves there, spec §4), tied to the logged-in customer. Null when there is no such cart.
 */
export async function cartInScope(
  ctx: GraphQLContext,
  args: ScopeArgs & { id: string },
  includeCompleted = false,
  createMinted = false,
): Promise<{ cart: CartRecord; scope: Scope } | null> {
  let cart = await findCart(ctx.db, args.id, includeCompleted);
  // A minted id's first use by a mutation creates its cart (issue 12: getCart wrote a row per visit).
  if (!cart && createMinted && ctx.config.authSecret && (await isMintedCartId(ctx.config.authSecret, args.id))) {
    const scope = await resolveScope(ctx, args);
    if (!(await findCart(ctx.db, args.id, true)))
      await createCart(ctx.db, { channelId: scope.channel.id, marketId: scope.market.id, now: ctx.now, id: args.id });
    cart = await findCart(ctx.db, args.id, includeCompleted);
  }
  if (!cart) return null;
  const scope = await resolveScope(ctx, {
    ...args,
    channelId: args.channelId || cart.channelId,
    marketId: args.marketId || cart.marketId,
  });
  const assigned = await assignCart(ctx.db, cart, {
    marketId: scope.market.id,
    customerId: ctx.customer?.id ?? null,
    now: ctx.now,
  });
  return { cart: assigned, scope };
}

/**
 * The priced view of a cart: an open cart at today's prices; a completed one as its order was placed
 * (prices, gift cards and balance have moved on since).
 */
export async function loadCartView(
  ctx: GraphQLContext,
  cart: CartRecord,
  scope: Scope,
  allowExternalShippingFee: boolean,
): Promise<CartView> {
  if (cart.completedAt) {
    const placed = await findPlacedCart(ctx.db, cart.id);
    if (placed) {
      const market = findMarket(scope.channel, placed.marketId) ?? scope.market;
      return { cart, pricing: placed.pricing, shippingMethod: placed.shippingMethod, market, language: scope.language };
    }
  }
  const t = createTranslator(localeOfLanguageId(scope.language.id));
  const { pricing, shippingMethod } = await loadCartPricing(ctx.db, cart, {
    market: scope.market,
    languageId: scope.language.id,
    now: ctx.now,
    priceOverride: priceOverrideOf(ctx, scope.market, 'cart'),
    customerId: cart.completedAt ? undefined : ctx.customer?.id,
    allowExternalShippingFee,
    promoCampaignName: (code) => t('api.cart.promoCampaign', { code }),
  });
  return { cart, pricing, shippingMethod, market: scope.market, language: scope.language };
}

/** The cart of a placed order, priced as it was placed, in the order's market (confirmation, order lists). */
export async function placedCartView(
  ctx: GraphQLContext,
  order: OrderRecord,
  languageId: string | null | undefined,
): Promise<CartView> {
  const found = await cartInScope(
    ctx,
    { id: order.cartId, marketId: order.marketId, languageId: languageId ?? order.languageId },
    true,
  );
  if (!found) throw userError(languageId, 'api.checkout.orderNotFound', undefined, 'NOT_FOUND');
  return loadCartView(ctx, found.cart, found.scope, true);
}
