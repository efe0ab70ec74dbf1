/** channel and channels (spec §7 operation 3): the channel with its markets and languages. */
import { loadChannel, type Channel, type Market } from '../../commerce/channel/channel';
import type { GraphQLContext } from '../context';
import { resolveScope } from '../context';
import type { DomainResolvers } from './types';

function marketType(market: Market, languageId: string) {
  return {
    id: market.id,
    defaultLanguageId: market.defaultLanguageId,
    virtual: market.virtual,
    onlyDisplayInCheckout: market.onlyDisplayInCheckout,
    groupKey: market.groupKey,
    alias: market.alias,
    allowedLanguages: market.allowedLanguages,
    country: {
      code: market.countryCode,
      name: market.countryNames[languageId] ?? market.countryNames['sv-SE'] ?? market.countryCode,
    },
    currency: market.currency,
  };
}

function channelType(channel: Channel, languageId: string) {
  return {
    id: channel.id,
    name: channel.name,
    type: channel.type,
    url: channel.url,
    defaultLanguageId: channel.defaultLanguageId,
    languages: channel.languages,
    defaultMarketId: channel.defaultMarketId,
    markets: channel.markets.map((market) => marketType(market, languageId)),
  };
}

export const channelResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
    async channel(_: unknown, args: { channelId?: string | null }, ctx: GraphQLContext) {
      const channel = await loadChannel(ctx.db, args.channelId || ctx.config.channelId);
      return channel ? channelType(channel, channel.defaultLanguageId) : null;
    },
    async channels(_: unknown, _args: unknown, ctx: GraphQLContext) {
      const { channel } = await resolveScope(ctx, {});
      return [channelType(channel, channel.defaultLanguageId)];
    },
  },
};
