/**
 * The channel of a storefront in front of a remote commerce API (issue 26: GRAPHQL_ENDPOINT): its
 * markets and languages as the API answers `channel`, through the same handler as every operation (our
 * schema's checks, the KV response cache), and kept in the isolate for a minute as the built-in channel is
 * (commerce/channel/channel.ts). Never a local copy: the storefront's own database holds no catalog.
 *
 * A Geins channel says less about a market than ours: no VAT rate and no shipping terms. The VAT rate is
 * the country's standard rate (used only to show a cart excluding VAT); the shipping terms are not
 * stated in the header and footer (`shippingTermsKnown: false`): the cart and checkout show the API's own
 * figures, and a number we made up would disagree with them. Country names come from Intl in each language.
 */
import * as v from 'valibot';
import { LOCALE_ISO } from '../../locales';
import type { Channel, Language, Market } from '../commerce/channel/channel';
import type { GraphQLContext } from '../graphql/context';
import { answerOperations } from '../graphql/http';

const CHANNEL_QUERY = `query storefrontChannel($channelId: String) {
  channel(channelId: $channelId) {
    id name type url defaultLanguageId defaultMarketId
    languages { id name code }
    markets {
      id alias defaultLanguageId virtual onlyDisplayInCheckout groupKey
      allowedLanguages { id name code }
      country { name code }
      currency { name symbol code rate }
    }
  }
}`;

/** Standard VAT rates of the countries a Nordic shop sells in, in basis points; 25 % elsewhere. */
const STANDARD_VAT_BP: Record<string, number> = { SE: 2500, DK: 2500, NO: 2500, FI: 2550 };
const TTL_MS = 60_000;

const LanguageSchema = v.object({ id: v.string(), name: v.nullish(v.string()), code: v.string() });
const ChannelSchema = v.object({
  id: v.string(),
  name: v.nullish(v.string()),
  type: v.nullish(v.string()),
  url: v.nullish(v.string()),
  defaultLanguageId: v.string(),
  defaultMarketId: v.string(),
  languages: v.array(LanguageSchema),
  markets: v.array(
    v.object({
      id: v.string(),
      alias: v.string(),
      defaultLanguageId: v.string(),
      virtual: v.nullish(v.boolean()),
      onlyDisplayInCheckout: v.nullish(v.boolean()),
      groupKey: v.nullish(v.string()),
      allowedLanguages: v.array(LanguageSchema),
      country: v.object({ name: v.nullish(v.string()), code: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)) }),
      currency: v.object({
        name: v.nullish(v.string()),
        symbol: v.nullish(v.string()),
        code: v.string(),
        rate: v.nullish(v.number()),
      }),
    }),
  ),
});

const language = (l: v.InferOutput<typeof LanguageSchema>): Language => ({
  id: l.id,
  code: l.code,
  name: l.name ?? l.code,
});

/** A country's name in each of the shop's languages (Intl), the API's name where Intl has none. */
function countryNames(code: string, apiName: string | null | undefined): Record<string, string> {
  const names: Record<string, string> = {};
  for (const iso of Object.values(LOCALE_ISO)) {
    let name: string | undefined;
    try {
      name = new Intl.DisplayNames([iso], { type: 'region' }).of(code);
    } catch {
      name = undefined;
    }
    names[iso] = name ?? apiName ?? code;
  }
  return names;
}

/** Our Channel from the API's ChannelType (see above for what a Geins channel does not say). */
export function channelOfApi(answer: unknown): Channel | null {
  const parsed = v.safeParse(ChannelSchema, answer);
  if (!parsed.success) return null;
  const channel = parsed.output;
  return {
    id: channel.id,
    name: channel.name ?? channel.id,
    type: channel.type ?? '',
    url: channel.url ?? '',
    defaultLanguageId: channel.defaultLanguageId,
    defaultMarketId: channel.defaultMarketId,
    languages: channel.languages.map(language),
    markets: channel.markets.map((market): Market => ({
      id: market.id,
      alias: market.alias,
      channelId: channel.id,
      countryCode: market.country.code,
      countryNames: countryNames(market.country.code, market.country.name),
      currency: {
        code: market.currency.code,
        name: market.currency.name ?? market.currency.code,
        symbol: market.currency.symbol ?? market.currency.code,
        rate: market.currency.rate ?? 1,
      },
      defaultLanguageId: market.defaultLanguageId,
      allowedLanguages: market.allowedLanguages.map(language),
      vatRateBp: STANDARD_VAT_BP[market.country.code] ?? 2500,
      groupKey: market.groupKey ?? '',
      virtual: market.virtual ?? false,
      onlyDisplayInCheckout: market.onlyDisplayInCheckout ?? false,
      shippingFeeIncVat: 0,
      freeShippingFromIncVat: 0,
      shippingTermsKnown: false,
    })),
  };
}

const kept = new Map<string, { at: number; channel: Promise<Channel | null> }>();

/**
 * The channel `channelId` as the API at `endpoint` answers it (cached as above), asked in the context
 * `contextOf` makes, or null when it has none; rejects when the API cannot be asked (the caller falls
 * back to the last known copy).
 */
export function readApiChannel(
  endpoint: string,
  channelId: string,
  contextOf: () => Promise<GraphQLContext>,
): Promise<Channel | null> {
  const key = `${endpoint}\u0000${channelId}`;
  const hit = kept.get(key);
  const now = Date.now();
  // Every request asks (market selection): the isolate's copy answers without building a context.
  if (hit && now - hit.at < TTL_MS) return hit.channel;
  const channel = (async () => {
    const context = await contextOf();
    const [answer] = await answerOperations(
      [{ raw: { query: CHANNEL_QUERY, variables: { channelId }, operationName: 'storefrontChannel' }, method: 'POST' }],
      context,
    );
    if (answer!.status === 'rejected') throw answer!.reason;
    const { body, status } = answer!.value;
    const result = JSON.parse(body) as { data?: { channel?: unknown }; errors?: { message: string }[] };
    if (status !== 200 || result.errors?.length) throw new Error(`channel read failed: ${body.slice(0, 200)}`);
    return result.data?.channel == null ? null : channelOfApi(result.data.channel);
  })();
  kept.set(key, { at: now, channel });
  channel.catch(() => kept.delete(key));
  return channel;
}
