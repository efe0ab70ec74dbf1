/**
 * The shop's channel, asked of the configured API (issue 26, one data path): a remote API's as its
 * `channel` query answers (./session/api-channel.ts, through the same handler as every operation), the
 * built-in API's in process, with what it knows beyond the Geins contract (each market's VAT rate and
 * shipping terms, which the header and footer state). Either way spec §8's last known copy answers when
 * the channel cannot be read (commerce/channel/last-known.ts): a warning, never an error page.
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import type { Channel } from './commerce/channel/channel';
import { channelOrLastKnown } from './commerce/channel/last-known';
import { backgroundWork, requestContext } from './graphql/request-context';
import { readApiChannel } from './session/api-channel';

/** The configured API's channel (CHANNEL_ID), or its last known copy; throws when there is neither. */
export async function channelOf(c: Context<AppEnv>): Promise<Channel> {
  const config = c.get('config');
  const endpoint = config.graphqlEndpoint;
  const read = endpoint
    ? () =>
        readApiChannel(endpoint, config.channelId, () =>
          requestContext(c, { customer: undefined, priceToken: undefined }),
        )
    : undefined;
  const channel = await channelOrLastKnown({
    db: c.env.DB,
    kv: c.env.GRAPHQL_CACHE,
    channelId: config.channelId,
    fallbackMarketAlias: config.fallbackMarketAlias,
    waitUntil: backgroundWork(c),
    read,
  });
  if (!channel)
    throw new Error(
      endpoint
        ? `CHANNEL_ID ${config.channelId} is not a channel of ${endpoint}`
        : `CHANNEL_ID ${config.channelId} is not in the database: run npm run db:reset`,
    );
  return channel;
}
