/**
 * The shop's channel even when it cannot be read (spec §8: "Markets fetch failure: warning, fallback
 * data"): every read that succeeds is kept, in the isolate's memory and in KV under a fixed key, and a
 * read that fails (or finds a channel without markets) answers with the last kept copy (this isolate's,
 * else KV's), else with the channel the product defines (nordic-channel.ts), and logs a warning. A shopper then sees the shop with the markets it last had instead of an error page on every
 * path; prices and carts still come from their own reads, which fail on their own terms.
 */
import { databaseBinding } from '../../db/request-database';
import { loadChannel, type Channel } from './channel';
import { nordicChannel } from './nordic-channel';

/** Where KV keeps the last channel read (outside the catalog's versioned keys: a catalog change keeps it). */
export function lastKnownChannelKey(channelId: string): string {
  return `last-known-channel:${channelId}`;
}

export interface ChannelSources {
  db: D1Database;
  /** Where the last channel read is kept across isolates; only a copy, losing it loses nothing. */
  kv?: KVNamespace;
  /** CHANNEL_ID */
  channelId: string;
  /** FALLBACK_MARKET_ALIAS: the default market of a channel built from configuration. */
  fallbackMarketAlias: string;
  /** Lets the KV write finish after the response (ExecutionContext.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Where the channel is read: the database (loadChannel) unless given, e.g. a remote API (issue 26). */
  read?: () => Promise<Channel | null>;
}

/**
 * The last channel read, per database binding as loadChannel's own cache (one binding per isolate in a
 * deployment), with its JSON as last written to KV, so an unchanged channel is written once per isolate.
 */
const kept = new WeakMap<D1Database, Map<string, { channel: Channel; json: string }>>();

function keptIn(db: D1Database): Map<string, { channel: Channel; json: string }> {
  const binding = databaseBinding(db);
  let perDb = kept.get(binding);
  if (!perDb) kept.set(binding, (perDb = new Map()));
  return perDb;
}

function keep(sources: ChannelSources, channel: Channel): void {
  const perDb = keptIn(sources.db);
  const known = perDb.get(sources.channelId);
  // loadChannel answers the same object for a minute: nothing new to keep.
  if (known?.channel === channel) return;
  const json = JSON.stringify(channel);
  if (known?.json === json) {
    known.channel = channel;
    return;
  }
  perDb.set(sources.channelId, { channel, json });
  const { kv } = sources;
  if (!kv) return;
  const write = kv.put(lastKnownChannelKey(sources.channelId), json).catch((error: unknown) => {
    console.warn('the last known channel could not be kept in KV', error);
  });
  if (sources.waitUntil) sources.waitUntil(write);
}

/** A channel as a kept copy must look, so a damaged KV value is never used. */
function isUsable(value: unknown, channelId: string): value is Channel {
  const channel = value as Channel | null;
  return (
    typeof channel === 'object' &&
    channel !== null &&
    channel.id === channelId &&
    Array.isArray(channel.languages) &&
    Array.isArray(channel.markets) &&
    channel.markets.length > 0
  );
}

async function fromKv(sources: ChannelSources): Promise<Channel | null> {
  try {
    const value = await sources.kv?.get<unknown>(lastKnownChannelKey(sources.channelId), 'json');
    return isUsable(value, sources.channelId) ? value : null;
  } catch (error) {
    console.warn('the last known channel could not be read from KV', error);
    return null;
  }
}

/** A kept copy (this isolate's, else KV's) and where it came from, for the warning; null when none. */
async function lastKnown(sources: ChannelSources): Promise<{ channel: Channel; from: string } | null> {
  const inMemory = keptIn(sources.db).get(sources.channelId);
  if (inMemory) return { channel: inMemory.channel, from: "this isolate's last read" };
  const inKv = await fromKv(sources);
  if (!inKv) return null;
  // Remembered without writing it back: it came from there.
  keptIn(sources.db).set(sources.channelId, { channel: inKv, json: JSON.stringify(inKv) });
  return { channel: inKv, from: "KV's last known copy" };
}

/**
 * The configured channel: read from the database (at most once a minute per isolate, loadChannel). When
 * the read fails or finds no markets: the last known copy, else the channel built from configuration,
 * with a warning. When the database answers that there is no such channel: the last known copy if there
 * is one (its row was lost), else null, since a CHANNEL_ID that was never read is a setup error to report,
 * not to paper over. Never rejects.
 */
export async function channelOrLastKnown(sources: ChannelSources): Promise<Channel | null> {
  let failure: unknown;
  let missing = false;
  try {
    const channel = await (sources.read ? sources.read() : loadChannel(sources.db, sources.channelId));
    if (channel && channel.markets.length > 0) {
      keep(sources, channel);
      return channel;
    }
    missing = channel === null;
    failure = missing ? 'there is no such channel' : 'the channel has no markets';
  } catch (error) {
    failure = error;
  }
  const known = await lastKnown(sources);
  if (!known && missing) return null;
  const { channel, from } = known ?? {
    channel: nordicChannel(sources.channelId, sources.fallbackMarketAlias),
    from: 'the configuration (CHANNEL_ID, FALLBACK_MARKET_ALIAS)',
  };
  console.warn(`channel ${sources.channelId} could not be read; answering with ${from}:`, failure);
  return channel;
}
