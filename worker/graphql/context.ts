/**
 * What every resolver gets: the database, the configuration, the caller and the request's helpers.
 * Channel, market and language come from each operation's own arguments (spec §7: channelId, marketId,
 * languageId); `resolveScope` turns them into records.
 */
import { marketPathPrefix } from '../../core/market-path';
import { GraphQLError } from 'graphql';
import type { Config } from '../config';
import type { CustomerType } from '../../core/customer-type';
import { findMarket, loadChannel, type Channel, type Language, type Market } from '../commerce/channel/channel';
import { channelOrLastKnown } from '../commerce/channel/last-known';
import {
  overrideInMarket,
  type OverrideUse,
  type PriceOverride,
  type ValidatedPrice,
} from '../commerce/pricing/price-validation';
import { type Customer } from '../commerce/customers/customers';
import type { MailQueue } from '../commerce/mail/outbox';

export interface GraphQLContext {
  db: D1Database;
  config: Config;
  /** Request time, deciding which campaigns and codes are active. */
  now: Date;
  /** The logged-in customer, from a verified `Authorization: Bearer` token or `ralph-auth` cookie. */
  customer?: Customer;
  /** PERSON or ORGANIZATION (the `ralph-user-type` cookie); part of the response cache key. */
  customerType?: CustomerType;
  /** The response cache (KV); only caches, losing it loses nothing. */
  cache?: KVNamespace;
  /** Work that may finish after the response (cache refresh), as ExecutionContext.waitUntil. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /**
   * A price Google's automated discounts vouch for (a verified `x-prices` header or `ralph-gad` cookie);
   * responses computed with one are never cached (cache.ts).
   */
  validatedPrice?: ValidatedPrice;
  /**
   * The caller is the merchant's own server (an `X-ApiKey` equal to MERCHANT_API_KEY), not a shopper:
   * only such a caller may set what a shopper pays from outside the shop, e.g. an external shipping fee
   * (issue 12). Never true for the storefront's own requests.
   */
  merchantCaller?: boolean;
  /**
   * Every cacheable answer is asked afresh and stored, past the KV response cache and the isolate's
   * copies: `npm run bench`'s uncached pages only (worker/routes/api/bench.ts).
   */
  freshAnswers?: boolean;
  /** The client's address (CF-Connecting-IP) for abuse limits: wrong codes, reset requests (issue 12). */
  clientAddress?: string;
  /** The origin links in mails point to (PUBLIC_ORIGIN, else this request's): a dev mail links to the dev shop. */
  origin?: string;
  /** The mail Queue (MAIL_QUEUE): a mail put in the outbox is announced there (worker/commerce/mail). */
  mailQueue: MailQueue;
  /**
   * Told when this request placed a guest's order (its public id), so the answer hands the placing
   * browser the order's claim (worker/middleware/order-claim.ts, issue 14).
   */
  guestOrderPlaced?: (publicId: string) => void;
  /**
   * Set for the render of a page to keep (worker/routes/page-cache.ts, docs/decisions/015): the
   * catalog's short-lived answers (prices, stock, lists) are read from D1, not the response cache, and
   * each answer tells which products it shows, so the kept page is retired when one of them changes.
   */
  keptPageRender?: { productsShown(productIds: readonly number[]): void };
  /**
   * With a remote commerce API (GRAPHQL_ENDPOINT, issue 26): the caller's access token as it came (the
   * API verifies it, not us) and its automated-discount token, passed on with each operation (remote.ts).
   * Either makes an answer the caller's own, never served from or stored in the shared cache.
   */
  authToken?: string;
  priceToken?: string;
  /**
   * The caller is this deployment's own storefront: its server's client, or its pages' scripts on this
   * origin (issue 26). The built-in payment step runs on those pages after placeOrder, so no payment
   * option is an external checkout to it; any other caller (a storefront on another origin, a server)
   * is given card and Swish as the external checkout they are (payments/hosted-checkout.ts).
   */
  ownStorefront?: boolean;
}

/** The request's validated price as an override in the operation's market, for a product read or a cart. */
export function priceOverrideOf(ctx: GraphQLContext, market: Market, use: OverrideUse): PriceOverride | undefined {
  return overrideInMarket(ctx.validatedPrice, market.currency.code, use);
}

export interface ScopeArgs {
  channelId?: string | null;
  marketId?: string | null;
  languageId?: string | null;
}

export interface Scope {
  channel: Channel;
  market: Market;
  language: Language;
  /**
   * What every canonical URL the answer gives starts with: '/se/sv' with MARKET_IN_PATH on (issue 25,
   * core/market-path.ts), else ''.
   */
  pathPrefix: string;
}

/** What canonical URLs in `scope` start with (Scope.pathPrefix). */
export function pathPrefixOf(ctx: GraphQLContext, scope: { market: Market; language: Language }): string {
  return ctx.config.marketInPath ? marketPathPrefix(scope.market.alias, scope.language.code) : '';
}

/**
 * The channel an operation names. The shop's own (CHANNEL_ID) answers as the storefront's pages do when it
 * cannot be read: its last known copy, with a warning (spec §8); another is read as it is, or unknown.
 */
function channelOf(ctx: GraphQLContext, channelId: string | null | undefined): Promise<Channel | null> {
  if (channelId && channelId !== ctx.config.channelId) return loadChannel(ctx.db, channelId);
  return channelOrLastKnown({
    db: ctx.db,
    kv: ctx.cache,
    channelId: ctx.config.channelId,
    fallbackMarketAlias: ctx.config.fallbackMarketAlias,
    waitUntil: ctx.waitUntil,
  });
}

/**
 * The channel, market and language an operation answers in: the named ones, else the channel's default
 * market and Swedish (the channel's default language).
 */
export async function resolveScope(ctx: GraphQLContext, args: ScopeArgs): Promise<Scope> {
  const channel = await channelOf(ctx, args.channelId);
  if (!channel)
    throw new GraphQLError(`Unknown channel '${args.channelId}'`, { extensions: { code: 'BAD_USER_INPUT' } });
  const market = findMarket(channel, args.marketId) ?? findMarket(channel, channel.defaultMarketId);
  if (!market) throw new Error(`Channel ${channel.id} has no default market`);
  const language =
    channel.languages.find((l) => l.id === args.languageId || l.code === args.languageId) ??
    channel.languages.find((l) => l.id === channel.defaultLanguageId);
  if (!language) throw new Error(`Channel ${channel.id} has no default language`);
  return { channel, market, language, pathPrefix: pathPrefixOf(ctx, { market, language }) };
}
