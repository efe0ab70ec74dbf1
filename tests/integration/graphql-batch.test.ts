// Issue 15 "the home page's dozen cached GraphQL reads in one batch": the in-process client sends the
// reads a page starts together to the handler as one batch, whose cached answers come from one KV bulk
// read; each read still gets the answer, cache status and key it would get alone, and a bad request in a
// batch fails alone.
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@urql/core';
import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { controlledContext } from './protocol-helpers';
import { createStorefrontClient } from '../../worker/graphql/client';
import { handleGraphQLBatch } from '../../worker/graphql/http';

const scope = { channelId: '1|se', marketId: '1|se', languageId: 'sv-SE' };

/** The test KV, recording how it is read: one entry per call, with how many keys were asked and found. */
function recordingCache(events: string[]): KVNamespace {
  const kv = env.GRAPHQL_CACHE;
  return {
    getWithMetadata: async (key: string | string[], type?: 'text') => {
      if (Array.isArray(key)) {
        const found = await kv.getWithMetadata(key, type ?? 'text');
        const hits = [...found.values()].filter((entry) => entry?.value !== null && entry?.value !== undefined);
        events.push(`bulk read: ${key.length} keys, ${hits.length} found`);
        return found;
      }
      const entry = await kv.getWithMetadata(key);
      events.push(entry.value === null ? 'read: none' : 'read: found');
      return entry;
    },
    put: async (key: string, value: string, options?: KVNamespacePutOptions) => {
      events.push('write');
      return kv.put(key, value, options);
    },
    get: (key: string) => kv.get(key),
  } as unknown as KVNamespace;
}

// Each test asks for its own fields, so that no test reads another's entries.
const document = (query: string) => parse(query) as TypedDocumentNode<Record<string, any>, Record<string, never>>;
const channelName = async () =>
  (await env.DB.prepare("SELECT name FROM channels WHERE id = '1|se'").first<{ name: string }>())!.name;

describe('a batch of cached reads', () => {
  test('reads started together are answered from one KV read, the same as one by one', async () => {
    const queries = [
      'query batchChannel { channel { id name } }',
      'query batchMenu { getMenuAtLocation(menuLocationId: "main") { menuItems { label } } }',
      'query batchCategories { categories { categoryId } }',
    ].map(document);
    const ask = async () => {
      const events: string[] = [];
      const { context, settled } = controlledContext({ cache: recordingCache(events) });
      const client = createStorefrontClient({ config: context.config, scope, context });
      const answers = await Promise.all(queries.map((query) => client.query(query)));
      await settled();
      return { answers, events };
    };

    const first = await ask();
    expect(first.events).toEqual(['bulk read: 3 keys, 0 found', 'write', 'write', 'write']);
    expect(first.answers[0]).toEqual({ channel: { id: '1|se', name: await channelName() } });
    expect(first.answers[1]!.getMenuAtLocation.menuItems.length).toBeGreaterThan(0);
    expect(first.answers[2]!.categories.length).toBeGreaterThan(0);

    const second = await ask();
    expect(second.events).toEqual(['bulk read: 3 keys, 3 found']);
    expect(second.answers).toEqual(first.answers);

    // One read alone is read alone, as before batching.
    const events: string[] = [];
    const { context } = controlledContext({ cache: recordingCache(events) });
    const alone = await createStorefrontClient({ config: context.config, scope, context }).query(queries[0]!);
    expect(alone).toEqual(first.answers[0]);
    expect(events).toEqual(['read: found']);
  });

  test('the isolate keeps what it read: the next views of the same reads take nothing from KV', async () => {
    const queries = [
      'query nearChannel { channel { id defaultLanguageId } }',
      'query nearMenu { getMenuAtLocation(menuLocationId: "footer") { menuItems { label } } }',
    ].map(document);
    const events: string[] = [];
    const cache = recordingCache(events);
    const ask = async () => {
      const { context, settled } = controlledContext({ cache });
      const client = createStorefrontClient({ config: context.config, scope, context });
      const answers = await Promise.all(queries.map((query) => client.query(query)));
      await settled();
      return answers;
    };
    const first = await ask();
    expect(events).toEqual(['bulk read: 2 keys, 0 found', 'write', 'write']);
    events.length = 0;
    expect(await ask()).toEqual(first);
    expect(await ask()).toEqual(first);
    expect(events).toEqual([]);
  });

  test('a bad request in a batch fails alone; the others are answered and cached as usual', async () => {
    const { context, settled } = controlledContext();
    const post = (body: string) =>
      new Request('http://127.0.0.1/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    const [good, bad, unknownField] = await handleGraphQLBatch(
      [
        post(JSON.stringify({ query: '{ channel { id defaultLanguageId } }' })),
        post('{ not json'),
        post(JSON.stringify({ query: '{ channel { noSuchField } }' })),
      ],
      context,
    );
    await settled();
    if (good?.status !== 'fulfilled' || bad?.status !== 'fulfilled' || unknownField?.status !== 'fulfilled') {
      throw new Error('every request of the batch gets an answer');
    }
    expect(good.value.status).toBe(200);
    expect(good.value.headers.get('X-Cache')).toBe('MISS');
    expect(await good.value.json()).toEqual({ data: { channel: { id: '1|se', defaultLanguageId: 'sv-SE' } } });
    expect(bad.value.status).toBe(400);
    expect(await bad.value.json()).toEqual({
      errors: [{ message: 'The body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }],
    });
    expect(unknownField.value.status).toBe(400);
    expect(unknownField.value.headers.get('X-Cache')).toBe('BYPASS');
  });
});
