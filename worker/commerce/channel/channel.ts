/**
 * The channel and its markets and languages (spec §3 Channel, Market). This is configuration data that
 * every request needs, so it is read from D1 at most once a minute per isolate and shared.
 */
import { databaseBinding } from '../../db/request-database';

export interface Language {
  /** Locale iso, e.g. 'sv-SE' (the API's languageId). */
  id: string;
  /** Route locale, e.g. 'sv'. */
  code: string;
  name: string;
}

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  rate: number;
}

export interface Market {
  id: string;
  alias: string;
  channelId: string;
  countryCode: string;
  /** Country name per language id. */
  countryNames: Record<string, string>;
  currency: Currency;
  defaultLanguageId: string;
  allowedLanguages: Language[];
  vatRateBp: number;
  groupKey: string;
  virtual: boolean;
  onlyDisplayInCheckout: boolean;
  shippingFeeIncVat: number;
  freeShippingFromIncVat: number;
  /**
   * False when the channel came from a remote API (issue 26), whose markets carry no shipping terms: the
   * header and footer then state none (worker/session/api-channel.ts).
   */
  shippingTermsKnown?: false;
}

export interface Channel {
  id: string;
  name: string;
  type: string;
  url: string;
  defaultMarketId: string;
  defaultLanguageId: string;
  languages: Language[];
  markets: Market[];
}

const TTL_MS = 60_000;
const cache = new WeakMap<D1Database, Map<string, { at: number; channel: Promise<Channel | null> }>>();

/** The channel `channelId` with its markets in display order, or null when there is no such channel. */
export function loadChannel(db: D1Database, channelId: string): Promise<Channel | null> {
  // Remembered per binding: each request has a database of its own (its D1 session).
  const binding = databaseBinding(db);
  let perDb = cache.get(binding);
  if (!perDb) cache.set(binding, (perDb = new Map()));
  const hit = perDb.get(channelId);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.channel;
  const channel = readChannel(db, channelId);
  perDb.set(channelId, { at: now, channel });
  // A failed read must not be remembered: the next request tries again.
  channel.catch(() => perDb.delete(channelId));
  return channel;
}

interface MarketRow {
  id: string;
  alias: string;
  channel_id: string;
  country_code: string;
  currency_code: string;
  currency_name: string;
  currency_symbol: string;
  rate_to_sek: number;
  default_language_id: string;
  vat_rate_bp: number;
  group_key: string;
  virtual: number;
  only_display_in_checkout: number;
  shipping_fee_inc_vat: number;
  free_shipping_from_inc_vat: number;
}

async function readChannel(db: D1Database, channelId: string): Promise<Channel | null> {
  const [channelRows, marketRows, languageRows, marketLanguageRows, countryRows] = await db.batch([
    db
      .prepare('SELECT id, name, type, url, default_market_id, default_language_id FROM channels WHERE id = ?')
      .bind(channelId),
    db
      .prepare(
        `SELECT m.*, c.name AS currency_name, c.symbol AS currency_symbol, c.rate_to_sek
       FROM markets m JOIN currencies c ON c.code = m.currency_code
       WHERE m.channel_id = ? ORDER BY m.sort_order`,
      )
      .bind(channelId),
    db.prepare('SELECT id, code, name FROM languages ORDER BY rowid'),
    db
      .prepare(
        `SELECT ml.market_id, ml.language_id FROM market_languages ml
       JOIN markets m ON m.id = ml.market_id WHERE m.channel_id = ? ORDER BY ml.sort_order`,
      )
      .bind(channelId),
    db
      .prepare(
        `SELECT n.market_id, n.language_id, n.name FROM market_country_names n
       JOIN markets m ON m.id = n.market_id WHERE m.channel_id = ?`,
      )
      .bind(channelId),
  ]);
  const row = channelRows?.results[0] as
    | { id: string; name: string; type: string; url: string; default_market_id: string; default_language_id: string }
    | undefined;
  if (!row) return null;
  const languages = (languageRows?.results ?? []) as unknown as Language[];
  const languageById = new Map(languages.map((language) => [language.id, language]));
  const markets = ((marketRows?.results ?? []) as unknown as MarketRow[]).map((m): Market => ({
    id: m.id,
    alias: m.alias,
    channelId: m.channel_id,
    countryCode: m.country_code,
    countryNames: Object.fromEntries(
      ((countryRows?.results ?? []) as { market_id: string; language_id: string; name: string }[])
        .filter((n) => n.market_id === m.id)
        .map((n) => [n.language_id, n.name]),
    ),
    currency: { code: m.currency_code, name: m.currency_name, symbol: m.currency_symbol, rate: m.rate_to_sek },
    defaultLanguageId: m.default_language_id,
    allowedLanguages: ((marketLanguageRows?.results ?? []) as { market_id: string; language_id: string }[])
      .filter((ml) => ml.market_id === m.id)
      .flatMap((ml) => languageById.get(ml.language_id) ?? []),
    vatRateBp: m.vat_rate_bp,
    groupKey: m.group_key,
    virtual: m.virtual === 1,
    onlyDisplayInCheckout: m.only_display_in_checkout === 1,
    shippingFeeIncVat: m.shipping_fee_inc_vat,
    freeShippingFromIncVat: m.free_shipping_from_inc_vat,
  }));
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    url: row.url,
    defaultMarketId: row.default_market_id,
    defaultLanguageId: row.default_language_id,
    languages,
    markets,
  };
}

/** The market with id or alias `idOrAlias` (the API accepts both), else undefined. */
export function findMarket(channel: Channel, idOrAlias: string | null | undefined): Market | undefined {
  if (!idOrAlias) return undefined;
  return channel.markets.find((market) => market.id === idOrAlias || market.alias === idOrAlias);
}
