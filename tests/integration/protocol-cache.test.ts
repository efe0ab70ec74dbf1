import { parse } from 'graphql';
import type { TypedDocumentNode } from '@urql/core';
import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { controlledContext, postTo } from './protocol-helpers';
import { CacheLong, CacheNone, CacheShort, cachePolicyOf, responseCacheKey } from '../../worker/graphql/cache';
import { bumpCatalogVersion } from '../../worker/graphql/catalog-version';
import { prepareOperation, type PreparedOperation } from '../../worker/graphql/executor';
import { createStorefrontClient } from '../../worker/graphql/client';
import type { GraphQLContext } from '../../worker/graphql/context';

const CUSTOMER = { id: 1, email: 'kund@example.se' };
// Each test asks for its own channel fields, so that no test reads another's entry.
const channelQuery = (fields: string) =>
  `query channel($channelId: String) { channel(channelId: $channelId) { ${fields} } }`;
const variables = { channelId: '1|se' };

function prepared(query: string, vars: Record<string, unknown> = variables): PreparedOperation {
  const result = prepareOperation({ query, variables: vars }, { introspection: false });
  if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result;
}

async function channelName() {
  return (await env.DB.prepare("SELECT name FROM channels WHERE id = '1|se'").first<{ name: string }>())!.name;
}

describe('the response cache of public catalog reads', () => {
  test('a first request is a MISS, stored after the response, and the same request is then a HIT', async () => {
    const query = channelQuery('id name');
    const first = controlledContext();
    const miss = await postTo(first.context, { query, variables });
    expect(miss.cache).toBe('MISS');
    expect(miss.body.data).toEqual({ channel: { id: '1|se', name: await channelName() } });
    await first.settled();
    const key = await responseCacheKey(prepared(query), first.context);
    expect(await env.GRAPHQL_CACHE.get(key)).toBe(miss.text);

    const hit = await postTo(controlledContext().context, { query, variables });
    expect(hit.cache).toBe('HIT');
    expect(hit.text).toBe(miss.text);
    expect(hit.serverTiming).toMatch(/^graphql;dur=\d+(\.\d+)?$/);
  });

  test('an answer of nothing (every root field null) is not kept: made-up names cost no KV writes', async () => {
    const query = 'query moved($url: String) { urlHistory(url: $url, channelId: "1|se") { newUrl } }';
    const vars = { url: '/c/finns-inte-alls-4711' };
    const first = controlledContext();
    const miss = await postTo(first.context, { query, variables: vars });
    expect(miss.body.data).toEqual({ urlHistory: null });
    await first.settled();
    expect(await env.GRAPHQL_CACHE.get(await responseCacheKey(prepared(query, vars), first.context))).toBeNull();
    expect((await postTo(controlledContext().context, { query, variables: vars })).cache).toBe('MISS');
  });

  test('variables in another order, and the document formatted differently, find the same entry', async () => {
    const query =
      'query two($first: String, $second: String) { a: channel(channelId: $first) { id } b: channel(channelId: $second) { url } }';
    const first = controlledContext();
    expect((await postTo(first.context, { query, variables: { first: '1|se', second: '1|se' } })).cache).toBe('MISS');
    await first.settled();
    const reformatted = query.replace(/ \{ /g, ' {\n    ').replace(/ \}/g, '\n  }');
    const again = await postTo(controlledContext().context, {
      query: reformatted,
      variables: { second: '1|se', first: '1|se' },
    });
    expect(again.cache).toBe('HIT');
    const otherValues = await postTo(controlledContext().context, {
      query,
      variables: { first: '1|se', second: null },
    });
    expect(otherValues.cache).toBe('MISS');
  });

  test('a stale entry is served at once and refreshed after the response', async () => {
    const query = channelQuery('id name type');
    const now = new Date('2027-03-01T12:00:00Z');
    const { context, settled } = controlledContext({ now });
    const key = await responseCacheKey(prepared(query), context);
    const old = JSON.stringify({ data: { channel: { id: '1|se', name: 'Yesterday', type: 'old' } } });
    // Stored just past CacheLong's fresh hour: inside its stale-while-revalidate day.
    const storedAt = now.getTime() - (CacheLong.freshSeconds + 5) * 1000;
    await env.GRAPHQL_CACHE.put(key, old, { metadata: { storedAt } });

    const stale = await postTo(context, { query, variables });
    expect(stale.cache).toBe('STALE');
    expect(stale.text).toBe(old);
    await settled();
    const refreshed = await env.GRAPHQL_CACHE.getWithMetadata<{ storedAt: number }>(key);
    expect(refreshed.metadata?.storedAt).toBe(now.getTime());
    expect(JSON.parse(refreshed.value!).data.channel.name).toBe(await channelName());

    const later = await postTo(controlledContext({ now: new Date(now.getTime() + 1000) }).context, {
      query,
      variables,
    });
    expect(later.cache).toBe('HIT');
    expect(later.body.data?.channel.name).toBe(await channelName());
  });

  test('an entry older than fresh plus stale time is not served', async () => {
    const query = channelQuery('id name url');
    const now = new Date('2027-03-02T12:00:00Z');
    const { context } = controlledContext({ now });
    const key = await responseCacheKey(prepared(query), context);
    const expired = now.getTime() - (CacheLong.freshSeconds + CacheLong.staleWhileRevalidateSeconds + 1) * 1000;
    await env.GRAPHQL_CACHE.put(key, '{"data":{"channel":null}}', { metadata: { storedAt: expired } });
    const answer = await postTo(context, { query, variables });
    expect(answer.cache).toBe('MISS');
    expect(answer.body.data?.channel.name).toBe(await channelName());
  });

  test('after bumpCatalogVersion the old entry is no longer used', async () => {
    const query = channelQuery('id defaultMarketId name');
    const first = controlledContext();
    await postTo(first.context, { query, variables });
    await first.settled();
    const oldKey = await responseCacheKey(prepared(query), first.context);
    expect((await postTo(controlledContext().context, { query, variables })).cache).toBe('HIT');

    const version = await bumpCatalogVersion(env.DB);
    const after = controlledContext();
    const newKey = await responseCacheKey(prepared(query), after.context);
    expect(newKey).toMatch(new RegExp(`^gql:${version}:[0-9a-f]{64}$`));
    expect(newKey).not.toBe(oldKey);
    expect((await postTo(after.context, { query, variables })).cache).toBe('MISS');
    expect(await env.GRAPHQL_CACHE.get(oldKey)).not.toBeNull();
  });

  test('a request with Cache-Control: no-cache is answered fresh and refreshes the entry', async () => {
    const query = channelQuery('id type name');
    const now = new Date('2027-03-03T12:00:00Z');
    const { context, settled } = controlledContext({ now });
    const key = await responseCacheKey(prepared(query), context);
    await env.GRAPHQL_CACHE.put(key, '{"data":{"channel":{"id":"1|se","type":"x","name":"Cached"}}}', {
      metadata: { storedAt: now.getTime() },
    });
    const fresh = await postTo(context, { query, variables }, { 'Cache-Control': 'no-cache' });
    expect(fresh.cache).toBe('MISS');
    expect(fresh.body.data?.channel.name).toBe(await channelName());
    await settled();
    expect(await env.GRAPHQL_CACHE.get(key)).toBe(fresh.text);
  });

  test('a failing KV never fails the request', async () => {
    const failing = new Proxy({} as KVNamespace, {
      get: () => () => Promise.reject(new Error('KV is down')),
    });
    const { context, settled } = controlledContext({ cache: failing });
    const answer = await postTo(context, { query: channelQuery('id name'), variables });
    await settled();
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe('MISS');
    expect(answer.body.data?.channel.name).toBe(await channelName());
  });

  test('without an execution context the entry is stored before answering', async () => {
    const query = channelQuery('id url name');
    const throwing: GraphQLContext['waitUntil'] = () => {
      throw new Error('This context has no ExecutionContext');
    };
    const { context } = controlledContext({ waitUntil: throwing });
    expect((await postTo(context, { query, variables })).cache).toBe('MISS');
    expect(await env.GRAPHQL_CACHE.get(await responseCacheKey(prepared(query), context))).not.toBeNull();
  });
});

describe('what is never cached', () => {
  test('cart reads and mutations bypass the cache', async () => {
    const cart = await postTo(controlledContext().context, { query: '{ getCart { id } }' });
    expect(cart.cache).toBe('BYPASS');
    const mutation = await postTo(controlledContext().context, {
      query: 'mutation { clearCart(id: "no-such-cart") { id } }',
    });
    expect(mutation.cache).toBe('BYPASS');
  });

  test('a query mixing a catalog field with a customer field bypasses the cache', async () => {
    const answer = await postTo(controlledContext().context, { query: '{ channel { id } getUser { email } }' });
    expect(answer.cache).toBe('BYPASS');
  });

  test('for a logged-in customer, product data bypasses the cache but the channel is still cached', async () => {
    const products = await postTo(controlledContext({ customer: CUSTOMER }).context, {
      query: 'query { products(take: 2) { count } }',
    });
    expect(products.cache).toBe('BYPASS');
    const channel = await postTo(controlledContext({ customer: CUSTOMER }).context, {
      query: channelQuery('id type url'),
      variables,
    });
    expect(channel.cache).toBe('MISS');
  });

  test('policies: the shortest policy of the selected root fields wins, fragments included', () => {
    const guest = controlledContext().context;
    expect(cachePolicyOf(prepared('{ channel { id } }', {}), guest)).toBe(CacheLong);
    expect(cachePolicyOf(prepared('{ channel { id } products(take: 1) { count } }', {}), guest)).toBe(CacheShort);
    expect(
      cachePolicyOf(
        prepared('query { ...Both } fragment Both on GeinsMerchantApiQuery { channel { id } getCart { id } }', {}),
        guest,
      ),
    ).toBe(CacheNone);
  });
});

describe('the in-process storefront client', () => {
  /** The test KV, recording whether each read found an entry and each write. */
  function recordingCache(events: string[]): KVNamespace {
    const kv = env.GRAPHQL_CACHE;
    return {
      getWithMetadata: async (key: string) => {
        const entry = await kv.getWithMetadata(key);
        events.push(entry.value === null ? 'read: none' : 'read: found');
        return entry;
      },
      put: async (key: string, value: string, options?: KVNamespacePutOptions) => {
        events.push('write');
        return kv.put(key, value, options);
      },
    } as unknown as KVNamespace;
  }

  test('goes through the same cache as /graphql', async () => {
    const query = channelQuery('id name defaultLanguageId');
    const scope = { channelId: '1|se', marketId: '1|se', languageId: 'sv-SE' };
    const ask = async () => {
      const events: string[] = [];
      const { context, settled } = controlledContext({ cache: recordingCache(events) });
      const document = parse(query) as TypedDocumentNode<{ channel: { name: string } }, Record<string, never>>;
      const data = await createStorefrontClient({ config: context.config, scope, context }).query(document);
      await settled();
      return { data, events };
    };
    const first = await ask();
    expect(first.data.channel.name).toBe(await channelName());
    expect(first.events).toEqual(['read: none', 'write']);
    const second = await ask();
    expect(second.events).toEqual(['read: found']);
    expect(second.data).toEqual(first.data);
  });
});
