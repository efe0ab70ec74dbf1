/** getCart and clearCart (spec §7 operation 2). getCart without an id, or with an unknown one, starts a new cart. */
import { GraphQLError } from 'graphql';
import { clearCart, createCart, findCart, type CartRecord } from '../../commerce/cart';
import { resolveScope, type GraphQLContext, type ScopeArgs } from '../context';
import type { DomainResolvers } from './types';

function cartType(cart: CartRecord) {
  return {
    id: cart.id,
    isCompleted: cart.completedAt !== null,
    promoCode: cart.promoCode,
    items: cart.items.map((item) => ({ id: `${cart.id}:${item.skuId}`, skuId: item.skuId, quantity: item.quantity })),
  };
}

export const cartResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
  async getCart(
    _: unknown,
    args: ScopeArgs & { id?: string | null; includeCompleted?: boolean | null },
    ctx: GraphQLContext,
  ) {
    const existing = args.id ? await findCart(ctx.db, args.id, args.includeCompleted ?? false) : null;
    if (existing) return cartType(existing);
    const { channel, market } = await resolveScope(ctx, args);
    return cartType(await createCart(ctx.db, { channelId: channel.id, marketId: market.id, now: ctx.now }));
  },
  },
  GeinsMerchantApiMutation: {
  async clearCart(_: unknown, args: ScopeArgs & { id: string }, ctx: GraphQLContext) {
    const cart = await clearCart(ctx.db, args.id, ctx.now);
    if (!cart) throw new GraphQLError('The cart does not exist or is completed', { extensions: { code: 'NOT_FOUND' } });
    return cartType(cart);
  },
  },
};
