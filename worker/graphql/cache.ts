/**
 * The KV response cache of the built-in API (DESIGN.md step 5, issue 3): public catalog reads are cached
 * whole, as the JSON body the handler sends, under a key made of the catalog version and a hash of the
 * normalized document, operation name, variables (channelId, marketId and languageId among them),
 * channel and customer type. Within a policy's fresh time an entry is served as is (HIT); within its
 * stale-while-revalidate time it is served (STALE) while a refresh runs after the response through
 * `waitUntil`; after that it is a MISS. Cart, checkout, customer data and mutations are never cached
 * (BYPASS), and nothing customer-specific is cached for a logged-in customer.
 *
 * KV only caches: a failing KV read or write is logged and the request is answered from D1.
 */
import { Kind, print, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { GraphQLContext } from './context';
import type { PreparedOperation } from './executor';
import { catalogVersion } from './catalog-version';
import { sha256Hex } from '../commerce/crypto';
import { Lru } from '../../core/lru';
import { deepFreeze } from '../../core/deep-freeze';
import { DEFAULT_CUSTOMER_TYPE } from '../../core/customer-type';

/** How long a response may be served: fresh, then stale while a refresh runs. Seconds. */
export interface CachePolicy {
  readonly name: 'CacheNone' | 'CacheShort' | 'CacheLong';
  readonly freshSeconds: number;
  readonly staleWhileRevalidateSeconds: number;
}

/** Not cached. */
export const CacheNone: CachePolicy = { name: 'CacheNone', freshSeconds: 0, staleWhileRevalidateSeconds: 0 };
/** Prices, stock, lists: fresh 1 minute, then served stale for up to 10 minutes while refreshing. */
export const CacheShort: CachePolicy = { name: 'CacheShort', freshSeconds: 60, staleWhileRevalidateSeconds: 600 };
/** Channel, categories, brands, menus: fresh 1 hour, then served stale for up to 1 day while refreshing. */
export const CacheLong: CachePolicy = { name: 'CacheLong', freshSeconds: 3_600, staleWhileRevalidateSeconds: 86_400 };

interface CacheableField {
  policy: CachePolicy;
  /** The same answer for every caller: cacheable even when a customer is logged in. */
  customerIndependent: boolean;
}

/**
 * The root fields whose answers may be cached, and how. A query is cached only when every root field it
 * selects is listed; it gets the shortest policy among them. Anything not listed (cart, checkout,
 * customer fields, mutations) is never cached.
 */
export const CACHEABLE_ROOT_FIELDS: Readonly<Record<string, CacheableField>> = {
  channel: { policy: CacheLong, customerIndependent: true },
  channels: { policy: CacheLong, customerIndependent: true },
  categories: { policy: CacheLong, customerIndependent: true },
  category: { policy: CacheLong, customerIndependent: true },
  brands: { policy: CacheLong, customerIndependent: true },
  listPageInfo: { policy: CacheLong, customerIndependent: true },
  urlHistory: { policy: CacheLong, customerIndependent: true },
  getMenuAtLocation: { policy: CacheLong, customerIndependent: true },
  widgetArea: { policy: CacheShort, customerIndependent: true },
  cmsPages: { policy: CacheShort, customerIndependent: true },
  reviews: { policy: CacheShort, customerIndependent: true },
  // Prices and product data may one day depend on who asks (customer prices): guests only.
  products: { policy: CacheShort, customerIndependent: false },
  product: { policy: CacheShort, customerIndependent: false },
  relatedProducts: { policy: CacheShort, customerIndependent: false },
};

export type CacheStatus = 'HIT' | 'MISS' | 'STALE' | 'BYPASS';

/** The root field names an operation selects, through fragments. */
export function rootFieldNames(
  selectionSet: SelectionSetNode,
  document: DocumentNode,
  into = new Set<string>(),
): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) into.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) rootFieldNames(selection.selectionSet, document, into);
    else {
      const fragment = document.definitions.find(
        (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
      );
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) rootFieldNames(fragment.selectionSet, document, into);
    }
  }
  return into;
}

/**
 * The policy of an operation for this caller: CacheNone unless it is a public catalog read without a
 * validated price (`x-prices`).
 */
export function cachePolicyOf(prepared: PreparedOperation, context: GraphQLContext): CachePolicy {
  if (prepared.operation.operation !== 'query') return CacheNone;
  // A validated automated-discount price is one shopper's price: never served from, nor stored in, KV.
  if (context.validatedPrice || context.priceToken) return CacheNone;
  // A remote API's caller with a token (issue 26) is a customer to it, whoever we think they are.
  const customer = context.customer !== undefined || context.authToken !== undefined;
  let policy: CachePolicy | undefined;
  for (const name of rootFieldNames(prepared.operation.selectionSet, prepared.document)) {
    if (name === '__typename') continue;
    const field = CACHEABLE_ROOT_FIELDS[name];
    if (!field || (customer && !field.customerIndependent)) return CacheNone;
    if (!policy || field.policy.freshSeconds < policy.freshSeconds) policy = field.policy;
  }
  return policy ?? CacheNone;
}

/** JSON with object keys sorted, so that the same variables in another order give the same key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The digest of each parsed document's printed form (whitespace and comments normalized), per parsed
 * document of executor.ts's cache: a key's material names its document by it, so the material a request
 * digests (or finds among the recent ones) is a few hundred characters, not the document's thousands.
 */
const documentDigests = new WeakMap<DocumentNode, string>();

async function documentDigest(document: DocumentNode): Promise<string> {
  let digest = documentDigests.get(document);
  if (digest === undefined) documentDigests.set(document, (digest = await sha256Hex(print(document))));
  return digest;
}

/**
 * The KV key of an operation's response: `gql:<catalog version>:<sha256>`. A bumped catalog version
 * gives every operation a new key, so older entries are never read again.
 */
export async function responseCacheKey(prepared: PreparedOperation, context: GraphQLContext): Promise<string> {
  const [document, version] = await Promise.all([
    documentDigest(prepared.document),
    catalogVersion(context.db, context.now.getTime()),
  ]);
  const material = stableJson([
    document,
    prepared.operation.name?.value ?? null,
    prepared.request.variables ?? {},
    context.config.channelId,
    context.customerType ?? DEFAULT_CUSTOMER_TYPE,
    context.customer || context.authToken ? 'customer' : 'guest',
    // Canonical URLs differ with the market in the path (issue 25): a deployment that turns it on reads none of
    // the answers kept before.
    context.config.marketInPath,
    // An answer is its API's (issue 26): a deployment pointed at another API reads none of them either.
    context.config.graphqlEndpoint,
  ]);
  return `gql:${version}:${await digestOf(material)}`;
}

/** Digests of recent key material: a page asks the same few operations over and over. */
const digests = new Lru<string>(2000);

async function digestOf(material: string): Promise<string> {
  let digest = digests.get(material);
  if (digest === undefined) digests.set(material, (digest = await sha256Hex(material)));
  return digest;
}

/**
 * Whether an answer may be kept: complete (status 200, no errors) and about something. An answer whose
 * every root field is null (an unknown product, a path with no history) is not kept: what anyone can
 * ask for with made-up names would otherwise cost a KV write per name, while the database answers it
 * cheaply by index.
 */
export function worthKeeping(status: number, result: { data?: unknown; errors?: readonly unknown[] }): boolean {
  if (status !== 200 || (result.errors && result.errors.length > 0)) return false;
  const data = result.data;
  if (data === null || typeof data !== 'object') return false;
  return Object.values(data).some((value) => value !== null && value !== undefined);
}

/** What the handler renders on a miss: the JSON body, its status, and whether it may be stored (data, no errors). */
export interface RenderedBody {
  body: string;
  status: number;
  storable: boolean;
}

/** Runs `task` after the response when the runtime allows it (waitUntil), else before answering. */
async function afterResponse(context: GraphQLContext, task: () => Promise<void>): Promise<void> {
  const promise = task();
  try {
    if (context.waitUntil) {
      context.waitUntil(promise);
      return;
    }
  } catch {
    // No execution context (app.request() in tests): finish the work before answering instead.
  }
  await promise;
}

/**
 * The isolate's own copies of the entries it read from or stored in a KV namespace, least recently used
 * out first: a hot product's answer is then one Map lookup, not a KV read (KV is the shared tier every
 * isolate fills). A key names one operation at one catalog version, so a copy is only ever as old as its
 * `storedAt` says, and the same freshness rules apply to it as to KV's.
 */
const NEAR_MAX_BYTES = 4 * 1024 * 1024;

/** One set of copies per KV binding (the runtime hands a request the same binding object each time). */
const nearTiers = new WeakMap<KVNamespace, Lru<CacheEntry>>();
function nearOf(cache: KVNamespace): Lru<CacheEntry> {
  let tier = nearTiers.get(cache);
  if (!tier) nearTiers.set(cache, (tier = new Lru<CacheEntry>(NEAR_MAX_BYTES, (entry) => entry.body.length)));
  return tier;
}

async function store(cache: KVNamespace, key: string, body: string, policy: CachePolicy, storedAt: number) {
  nearOf(cache).set(key, { body, storedAt });
  try {
    // KV's shortest expiry is 60 s; an entry past its stale time is treated as a miss anyway.
    const expirationTtl = Math.max(60, policy.freshSeconds + policy.staleWhileRevalidateSeconds);
    await cache.put(key, body, { expirationTtl, metadata: { storedAt } });
  } catch (error) {
    console.error('graphql cache write failed', error);
  }
}

/** A stored response and when it was stored (ms). */
export interface CacheEntry {
  body: string;
  storedAt: number;
}

/** An answer served from a stored response: its key and the entry (for `parsedAnswer`). */
export interface KeptAnswer {
  key: string;
  entry: CacheEntry;
}

/**
 * The in-process client's answers (client.ts) as parsed JSON, for the isolate's hottest entries: a page's
 * reads get the same answers on every render, which were parsed again on every request (a third of the
 * CPU of an uncached product page's six reads). Bounded like the copies, by their JSON's length; the
 * objects take a few times that.
 */
const PARSED_MAX_BYTES = 1024 * 1024;
const parsedAnswers = new Lru<{ entry: CacheEntry; value: unknown }>(
  PARSED_MAX_BYTES,
  ({ entry }) => entry.body.length,
);

/**
 * A kept answer's body, parsed. Every request of the isolate that reads the entry gets the same object,
 * so it is frozen throughout: a page that changed an answer in place would change it for the next
 * shopper; it throws instead. An entry refreshed since is a new entry, parsed anew.
 */
export function parsedAnswer({ key, entry }: KeptAnswer): unknown {
  const known = parsedAnswers.get(key);
  if (known?.entry === entry) return known.value;
  const value = deepFreeze(JSON.parse(entry.body) as unknown);
  parsedAnswers.set(key, { entry, value });
  return value;
}

function entryOf(value: string | null, metadata: { storedAt?: unknown } | null): CacheEntry | undefined {
  const storedAt = metadata?.storedAt;
  return value !== null && typeof storedAt === 'number' ? { body: value, storedAt } : undefined;
}

async function read(cache: KVNamespace, key: string): Promise<CacheEntry | undefined> {
  const near = nearOf(cache);
  const kept = near.get(key);
  if (kept) return kept;
  try {
    const { value, metadata } = await cache.getWithMetadata<{ storedAt?: unknown }>(key);
    const entry = entryOf(value, metadata);
    if (entry) near.set(key, entry);
    return entry;
  } catch (error) {
    console.error('graphql cache read failed', error);
    return undefined;
  }
}

/** KV's bulk read takes at most this many keys. */
const BULK_READ_KEYS = 100;

/**
 * Many entries in one KV read (a page's batch of operations, http.ts answerOperations): key → entry,
 * undefined for a key with none. A failing bulk read is logged and gives only the isolate's copies, so each
 * other operation then reads its own key (cachedBody).
 */
export async function readEntries(
  cache: KVNamespace,
  keys: readonly string[],
): Promise<Map<string, CacheEntry | undefined>> {
  const entries = new Map<string, CacheEntry | undefined>();
  const near = nearOf(cache);
  const unique = [...new Set(keys)].filter((key) => {
    const kept = near.get(key);
    if (kept) entries.set(key, kept);
    return !kept;
  });
  try {
    for (let start = 0; start < unique.length; start += BULK_READ_KEYS) {
      const chunk = unique.slice(start, start + BULK_READ_KEYS);
      const found = await cache.getWithMetadata<{ storedAt?: unknown }>(chunk, 'text');
      for (const key of chunk) {
        const item = found.get(key);
        const entry = item ? entryOf(item.value, item.metadata) : undefined;
        if (entry) near.set(key, entry);
        entries.set(key, entry);
      }
    }
  } catch (error) {
    console.error('graphql cache bulk read failed', error);
    // What the isolate had stays; every other key is read on its own (cachedBody).
    return entries;
  }
  return entries;
}

// Keys being refreshed by this isolate: one refresh at a time per key, however many stale hits.
const refreshing = new Set<string>();

/**
 * The body for a cacheable operation: from KV when fresh (HIT) or stale (STALE, refreshed after the
 * response), else rendered and stored (MISS). The request's `now` is the cache's clock.
 */
export async function cachedBody(options: {
  context: GraphQLContext & { cache: KVNamespace };
  policy: CachePolicy;
  key: string;
  /** The caller asked for a fresh answer (`Cache-Control: no-cache`): skip the read, store the result. */
  refresh?: boolean;
  /** Entries already read with others of a batch (readEntries); a key not in it is read here. */
  preread?: ReadonlyMap<string, CacheEntry | undefined>;
  render: () => Promise<RenderedBody>;
}): Promise<{ body: string; status: number; cache: CacheStatus; kept?: KeptAnswer }> {
  const { context, policy, key, render } = options;
  const now = context.now.getTime();
  const renderAndStore = async () => {
    const rendered = await render();
    if (rendered.storable) await store(context.cache, key, rendered.body, policy, now);
  };
  // A refresh (`Cache-Control: no-cache`) skips the read and, like a miss, stores after answering.
  const entry = options.refresh
    ? undefined
    : options.preread?.has(key)
      ? options.preread.get(key)
      : await read(context.cache, key);
  const age = entry ? (now - entry.storedAt) / 1000 : Infinity;
  if (entry && age >= 0 && age < policy.freshSeconds) {
    return { body: entry.body, status: 200, cache: 'HIT', kept: { key, entry } };
  }
  if (entry && age >= 0 && age < policy.freshSeconds + policy.staleWhileRevalidateSeconds) {
    if (!refreshing.has(key)) {
      refreshing.add(key);
      await afterResponse(context, () =>
        renderAndStore()
          .then(
            () => undefined,
            (error) => console.error('graphql cache refresh failed', error),
          )
          .finally(() => refreshing.delete(key)),
      );
    }
    return { body: entry.body, status: 200, cache: 'STALE', kept: { key, entry } };
  }
  const rendered = await render();
  if (rendered.storable) await afterResponse(context, () => store(context.cache, key, rendered.body, policy, now));
  return { body: rendered.body, status: rendered.status, cache: 'MISS' };
}
