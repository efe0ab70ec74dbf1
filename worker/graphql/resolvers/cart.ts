/**
 * The cart (spec §3 Cart, §5 stock rules, §7 operation 2): getCart, addToCart, updateCartItem,
 * setCartPromoCode, clearCart, completeCart. getCart without an id, or with an unknown or completed one
 * (unless includeCompleted), starts a new cart. Every mutation answers with the whole priced cart.
 */
import { CODE_CART_RULE, CODE_CLIENT_RULE, reserveAttempt } from '../../commerce/customers/throttle';
import * as v from 'valibot';
import { promoCodeUsedBy } from '../../commerce/orders/orders';
import {
  addGiftCard,
  clearCart,
  completeCart,
  createCart,
  emptyCart,
  findCart,
  quantityProblem,
  removeGiftCard,
  removeGiftCards,
  setItemQuantity,
  setPromoCode,
  skuAvailability,
  type CartRecord,
  type SkuAvailability,
} from '../../commerce/cart/cart';
import { isMintedCartId, mintCartId } from '../../commerce/cart/cart-ids';
import { MAX_QUANTITY_PER_LINE } from '../../../core/cart/limits';
import { codeToRemove } from '../../../core/graphql/cart';
import { findUsableGiftCard, findUsablePromoCode } from '../../commerce/pricing/promotions';
import { resolveScope, type GraphQLContext, type Scope } from '../context';
import { userError } from '../errors';
import { cartInScope, cartType, loadCartView } from '../cart-type';
import type { DomainResolvers } from './types';

const Scope = {
  channelId: v.nullish(v.string()),
  languageId: v.nullish(v.string()),
  marketId: v.nullish(v.string()),
};

const GetCartArgs = v.object({
  ...Scope,
  id: v.nullish(v.string()),
  includeCompleted: v.nullish(v.boolean()),
  allowExternalShippingFee: v.nullish(v.boolean()),
  forceRefresh: v.nullish(v.boolean()),
});

const CartArgs = v.object({ ...Scope, id: v.string(), allowExternalShippingFee: v.nullish(v.boolean()) });

const CartItemInput = v.object({
  skuId: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1))),
  id: v.nullish(v.string()),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_QUANTITY_PER_LINE)),
  groupKey: v.nullish(v.string()),
  message: v.nullish(v.string()),
});

const ItemArgs = v.object({ ...CartArgs.entries, item: CartItemInput });
const PromoCodeArgs = v.object({ ...CartArgs.entries, promoCode: v.pipe(v.string(), v.trim(), v.maxLength(64)) });

type ItemArgs = v.InferOutput<typeof ItemArgs>;

/** The parsed arguments, or a localized 'bad input' error that changes nothing. */
function parse<T extends v.GenericSchema>(schema: T, args: Record<string, unknown>): v.InferOutput<T> {
  const parsed = v.safeParse(schema, args);
  if (!parsed.success) throw userError(args.languageId as string | undefined, 'api.cart.invalidItem');
  return parsed.output;
}

/** The open cart of a mutation in its scope; a missing cart is NOT_FOUND, a completed one a CONFLICT. */
async function openCart(
  ctx: GraphQLContext,
  args: v.InferOutput<typeof CartArgs>,
): Promise<{ cart: CartRecord; scope: Scope }> {
  const found = await cartInScope(ctx, args, true, true);
  if (!found) throw userError(args.languageId, 'api.cart.notFound', undefined, 'NOT_FOUND');
  if (found.cart.completedAt) throw userError(args.languageId, 'api.cart.completed', undefined, 'CONFLICT');
  return found;
}

/** The cart as it is now, priced, as the API's CartType. */
async function answer(ctx: GraphQLContext, args: v.InferOutput<typeof CartArgs>, includeCompleted = false) {
  const found = await cartInScope(ctx, args, includeCompleted);
  if (!found) throw userError(args.languageId, 'api.cart.notFound', undefined, 'NOT_FOUND');
  return cartType(await loadCartView(ctx, found.cart, found.scope, args.allowExternalShippingFee ?? false), ctx);
}

/** Spec §5: never more than in stock (unless made to order or static), never more than a line holds. */
function checkQuantity(languageId: string, availability: SkuAvailability, wanted: number, current: number): void {
  const problem = quantityProblem(availability, wanted);
  if (problem === 'limit') throw userError(languageId, 'api.cart.quantityLimit', { quantity: current });
  // Nothing left is "sold out", never "only 0 left" (spec §4's stock states).
  if (problem === 'stock' && !availability.available) throw userError(languageId, 'api.cart.soldOut');
  if (problem === 'stock') throw userError(languageId, 'api.cart.outOfStock', { stock: availability.available ?? 0 });
}

/** The sku an item input names: `skuId`, or the cart item `id` ('{cartId}:{skuId}'). */
function skuOfItem(item: ItemArgs['item']): number | null {
  if (item.skuId) return item.skuId;
  const fromId = item.id ? Number(item.id.split(':').pop()) : NaN;
  return Number.isInteger(fromId) && fromId > 0 ? fromId : null;
}

async function sellableSku(ctx: GraphQLContext, languageId: string, skuId: number, marketId: string) {
  const availability = await skuAvailability(ctx.db, skuId, marketId);
  if (!availability?.sellable) throw userError(languageId, 'api.cart.productUnavailable', undefined, 'NOT_FOUND');
  return availability;
}

export const cartResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
    async getCart(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(GetCartArgs, rawArgs);
      const allowExternal = args.allowExternalShippingFee ?? false;
      const found = args.id ? await cartInScope(ctx, { ...args, id: args.id }, args.includeCompleted ?? false) : null;
      if (found) return cartType(await loadCartView(ctx, found.cart, found.scope, allowExternal), ctx);
      const scope = await resolveScope(ctx, args);
      const secret = ctx.config.authSecret;
      if (!secret) {
        const cart = await createCart(ctx.db, { channelId: scope.channel.id, marketId: scope.market.id, now: ctx.now });
        return cartType(await loadCartView(ctx, cart, scope, allowExternal), ctx);
      }
      // No open cart: an empty one under a minted id, written only when a mutation first uses it (issue 12).
      // A minted id not yet used keeps its id, so the visitor's cookie stays the same.
      const id =
        args.id && (await isMintedCartId(secret, args.id)) && !(await findCart(ctx.db, args.id, true))
          ? args.id
          : await mintCartId(secret);
      return cartType(
        await loadCartView(ctx, emptyCart(id, scope.channel.id, scope.market.id), scope, allowExternal),
        ctx,
      );
    },
  },
  GeinsMerchantApiMutation: {
    async addToCart(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(ItemArgs, rawArgs);
      const { cart, scope } = await openCart(ctx, args);
      const language = scope.language.id;
      // Spec §5: a product with sizes is added by one of its skus: 'Du måste välja storlek först'.
      if (!args.item.skuId) throw userError(language, 'api.cart.sizeRequired');
      if (args.item.quantity < 1) throw userError(language, 'api.cart.invalidItem');
      const availability = await sellableSku(ctx, language, args.item.skuId, scope.market.id);
      const current = cart.items.find((item) => item.skuId === args.item.skuId)?.quantity ?? 0;
      checkQuantity(language, availability, current + args.item.quantity, current);
      await setItemQuantity(ctx.db, cart.id, args.item.skuId, current + args.item.quantity, ctx.now);
      return answer(ctx, args);
    },

    async updateCartItem(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(ItemArgs, rawArgs);
      const { cart, scope } = await openCart(ctx, args);
      const language = scope.language.id;
      const skuId = skuOfItem(args.item);
      if (!skuId) throw userError(language, 'api.cart.sizeRequired');
      const current = cart.items.find((item) => item.skuId === skuId)?.quantity ?? 0;
      if (args.item.quantity > 0 && args.item.quantity > current) {
        // Lowering a quantity is always allowed; raising it must fit the stock.
        checkQuantity(language, await sellableSku(ctx, language, skuId, scope.market.id), args.item.quantity, current);
      }
      await setItemQuantity(ctx.db, cart.id, skuId, args.item.quantity, ctx.now);
      return answer(ctx, args);
    },

    async setCartPromoCode(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(PromoCodeArgs, rawArgs);
      const { cart, scope } = await openCart(ctx, args);
      const language = scope.language.id;
      if (args.promoCode === '') {
        // Spec §4 'active with remove option': '' takes off the promo code, or when there is none the gift
        // cards (the shop's own remove buttons name their code: '-CODE' below).
        if (cart.promoCode) await setPromoCode(ctx.db, cart.id, null, ctx.now);
        else await removeGiftCards(ctx.db, cart.id, ctx.now);
        return answer(ctx, args);
      }
      // '-CODE' takes that one code off and leaves the others (a promo code and gift cards together); a
      // code that is not on the cart leaves it as it is, so a second click changes nothing. Not a try.
      const removing = codeToRemove(args.promoCode);
      if (removing !== null) {
        if (cart.promoCode?.toUpperCase() === removing.toUpperCase())
          await setPromoCode(ctx.db, cart.id, null, ctx.now);
        else await removeGiftCard(ctx.db, cart.id, removing, ctx.now);
        return answer(ctx, args);
      }
      // Codes tried are limited per cart and per client before any is looked up (issue 12); a right one
      // does not reset the count, or a known public code would buy a guesser ten more tries.
      const cartKey = `code-cart:${cart.id}`;
      const reserved = await reserveAttempt(
        ctx.db,
        [
          { key: cartKey, rule: CODE_CART_RULE },
          { key: `code-client:${ctx.clientAddress ?? 'unknown'}`, rule: CODE_CLIENT_RULE },
        ],
        ctx.now,
      );
      if (!reserved.ok) throw userError(language, 'api.cart.tooManyCodes', undefined, 'FORBIDDEN');
      const promoCode = await findUsablePromoCode(ctx.db, args.promoCode, scope.market.id, ctx.now);
      if (promoCode) {
        if (
          ctx.customer &&
          (await promoCodeUsedBy(ctx.db, promoCode.code, { customerId: ctx.customer.id, email: ctx.customer.email }))
        )
          throw userError(language, 'api.cart.promoAlreadyUsed');
        const trial = await loadCartView(ctx, { ...cart, promoCode: promoCode.code }, scope, false);
        if (!trial.pricing.promotion?.applied) throw userError(language, 'api.cart.promoRequirements');
        await setPromoCode(ctx.db, cart.id, promoCode.code, ctx.now);
        return answer(ctx, args);
      }
      // The same field takes gift codes (spec §1 'promo and gift codes'); they pay before the provider.
      const giftCard = await findUsableGiftCard(ctx.db, args.promoCode, scope.market.currency.code, ctx.now);
      if (!giftCard) throw userError(language, 'api.cart.promoInvalid');
      await addGiftCard(ctx.db, cart.id, giftCard.code, ctx.now);
      return answer(ctx, args);
    },

    async clearCart(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(CartArgs, rawArgs);
      const { cart } = await openCart(ctx, args);
      await clearCart(ctx.db, cart.id, ctx.now);
      return answer(ctx, args);
    },

    async completeCart(_: unknown, rawArgs: Record<string, unknown>, ctx: GraphQLContext) {
      const args = parse(CartArgs, rawArgs);
      const found = await cartInScope(ctx, args, true);
      if (!found) throw userError(args.languageId, 'api.cart.notFound', undefined, 'NOT_FOUND');
      await completeCart(ctx.db, found.cart.id, ctx.now);
      return answer(ctx, args, true);
    },
  },
};
