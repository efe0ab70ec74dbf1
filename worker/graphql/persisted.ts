/**
 * Automatic persisted queries, the Apollo APQ protocol that urql's persistedExchange speaks (spec §7):
 * a request names its document by `extensions.persistedQuery { version: 1, sha256Hash }`. An unknown hash
 * without the query is answered `PersistedQueryNotFound`, and the client retries with the full query;
 * that query is checked against the hash, stored in KV under `apq:<hash>` (no expiry: a document is
 * immutable under its hash) and executed. Later requests, GET included, send only the hash.
 */
import { sha256Hex } from '../commerce/crypto';
import { Lru } from '../../core/lru';
import { GraphQLError } from 'graphql';
import * as v from 'valibot';

export const APQ_KEY_PREFIX = 'apq:';
const MAX_REMEMBERED = 500;

const PersistedQuery = v.object({
  version: v.unknown(),
  sha256Hash: v.pipe(
    v.string('sha256Hash must be a string'),
    v.regex(/^[0-9a-f]{64}$/i, 'sha256Hash must be 64 hex digits'),
  ),
});

/**
 * What the handler does with a request: run `query` (and, once it has validated, `register` it under its
 * hash), or answer `error` with `status`.
 */
export type PersistedQueryResolution =
  { query: string; registerAs?: string } | { error: GraphQLError; status: number; headers?: Record<string, string> };

/** Apollo answers persisted-query misses with 200 and no caching, so that no client or proxy masks them. */
const MISS_HEADERS = { 'Cache-Control': 'private, no-cache, must-revalidate' };

// Documents are immutable under their hash, so an isolate may remember them without asking KV again.
const remembered = new Lru<string>(MAX_REMEMBERED);
function remember(hash: string, query: string) {
  remembered.set(hash, query);
}

async function readStored(cache: KVNamespace | undefined, hash: string): Promise<string | null> {
  const known = remembered.get(hash);
  if (known !== undefined || !cache) return known ?? null;
  try {
    const stored = await cache.get(APQ_KEY_PREFIX + hash);
    if (stored !== null) remember(hash, stored);
    return stored;
  } catch (error) {
    console.error('persisted query lookup failed', error);
    return null;
  }
}

/**
 * Stores a document under its (already checked) hash. The handler calls it only for documents that
 * validated, so nobody can fill KV with junk; a KV failure is logged and costs one retry later.
 */
export async function registerPersistedQuery(
  cache: KVNamespace | undefined,
  hash: string,
  query: string,
): Promise<void> {
  remember(hash, query);
  try {
    await cache?.put(APQ_KEY_PREFIX + hash, query);
  } catch (error) {
    // Losing a stored document costs one PersistedQueryNotFound round trip later, nothing more.
    console.error('persisted query store failed', error);
  }
}

/**
 * The document of a request: its `query`, or the one its persisted-query hash names. A new (query, hash)
 * pair is checked here and registered by the caller once the document has validated.
 */
export async function resolvePersistedQuery(
  request: { query?: string | null; extensions?: Record<string, unknown> | null },
  cache: KVNamespace | undefined,
): Promise<PersistedQueryResolution> {
  const extension = request.extensions?.persistedQuery;
  if (extension === undefined || extension === null) {
    if (request.query) return { query: request.query };
    return { error: new GraphQLError('query is required', { extensions: { code: 'BAD_REQUEST' } }), status: 400 };
  }
  const parsed = v.safeParse(PersistedQuery, extension);
  if (!parsed.success) {
    return { error: new GraphQLError(parsed.issues[0].message, { extensions: { code: 'BAD_REQUEST' } }), status: 400 };
  }
  if (parsed.output.version !== 1) {
    const error = new GraphQLError('PersistedQueryNotSupported', {
      extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
    });
    return { error, status: 200, headers: MISS_HEADERS };
  }
  const hash = parsed.output.sha256Hash.toLowerCase();
  if (!request.query) {
    const stored = await readStored(cache, hash);
    if (stored !== null) return { query: stored };
    const error = new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
    return { error, status: 200, headers: MISS_HEADERS };
  }
  if ((await sha256Hex(request.query)) !== hash) {
    return {
      error: new GraphQLError('provided sha does not match query', { extensions: { code: 'BAD_REQUEST' } }),
      status: 400,
    };
  }
  return remembered.get(hash) === request.query ? { query: request.query } : { query: request.query, registerAs: hash };
}
