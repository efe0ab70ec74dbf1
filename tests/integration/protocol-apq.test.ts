import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { getFrom, postTo, controlledContext, sha256 } from './protocol-helpers';

// Each test names its own document (a comment changes the hash), so no test sees another's registration.
const channelQuery = (label: string) =>
  `# ${label}\nquery channel($channelId: String) { channel(channelId: $channelId) { id defaultMarketId } }`;
const persisted = (sha256Hash: string, version = 1) => ({ persistedQuery: { version, sha256Hash } });

async function expectedChannel() {
  const channel = await env.DB.prepare("SELECT id, default_market_id FROM channels WHERE id = '1|se'").first<{
    id: string;
    default_market_id: string;
  }>();
  return { channel: { id: channel!.id, defaultMarketId: channel!.default_market_id } };
}

describe('automatic persisted queries', () => {
  test('an unknown hash without a query is answered PersistedQueryNotFound, as Apollo does', async () => {
    const response = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ extensions: persisted(await sha256(channelQuery('never sent'))) }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache, must-revalidate');
    expect(await response.json()).toEqual({
      errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
    });
  });

  test('a miss, then the query with its hash registers it, then the hash alone runs it, by POST and by GET', async () => {
    const { context } = controlledContext();
    const query = channelQuery('register then hit');
    const hash = await sha256(query);
    const variables = { channelId: '1|se' };

    const miss = await postTo(context, { variables, extensions: persisted(hash) });
    expect(miss.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    const registered = await postTo(context, { query, variables, extensions: persisted(hash) });
    expect(registered.status).toBe(200);
    expect(registered.body.data).toEqual(await expectedChannel());
    expect(await env.GRAPHQL_CACHE.get(`apq:${hash}`)).toBe(query);

    const byHash = await postTo(context, { variables, extensions: persisted(hash) });
    expect(byHash.body).toEqual(registered.body);
    const byGet = await getFrom(context, { operationName: 'channel', variables, extensions: persisted(hash) });
    expect(byGet.status).toBe(200);
    expect(byGet.body).toEqual(registered.body);
  });

  test('a document stored in KV by another isolate is found by its hash through /graphql', async () => {
    const query = channelQuery('stored elsewhere');
    const hash = await sha256(query);
    await env.GRAPHQL_CACHE.put(`apq:${hash}`, query);
    const extensions = encodeURIComponent(JSON.stringify(persisted(hash)));
    const response = await fetchWorker(`/graphql?extensions=${extensions}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: await expectedChannel() });
  });

  test('a query whose hash does not match is refused with 400 and not stored', async () => {
    const { context } = controlledContext();
    const wrongHash = await sha256('{ channel { id } }');
    const refused = await postTo(context, { query: channelQuery('wrong hash'), extensions: persisted(wrongHash) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toBe('provided sha does not match query');
    expect(await env.GRAPHQL_CACHE.get(`apq:${wrongHash}`)).toBeNull();
    const stillUnknown = await postTo(context, { extensions: persisted(wrongHash) });
    expect(stillUnknown.body.errors?.[0]?.message).toBe('PersistedQueryNotFound');
  });

  test('a persisted query of version 2 is answered PersistedQueryNotSupported', async () => {
    const { context } = controlledContext();
    const query = channelQuery('version 2');
    const answer = await postTo(context, { query, extensions: persisted(await sha256(query), 2) });
    expect(answer.body).toEqual({
      errors: [{ message: 'PersistedQueryNotSupported', extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } }],
    });
  });

  test('a hash that is not 64 hex digits is a bad request', async () => {
    const { context } = controlledContext();
    const answer = await postTo(context, { extensions: persisted('abc') });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toBe('sha256Hash must be 64 hex digits');
  });

  test('a document that does not validate is never stored under its hash', async () => {
    const { context } = controlledContext();
    const query = '# invalid\n{ channel { secretField } }';
    const hash = await sha256(query);
    const answer = await postTo(context, { query, extensions: persisted(hash) });
    expect(answer.status).toBe(400);
    expect(await env.GRAPHQL_CACHE.get(`apq:${hash}`)).toBeNull();
    expect((await postTo(context, { extensions: persisted(hash) })).body.errors?.[0]?.message).toBe(
      'PersistedQueryNotFound',
    );
  });

  test('a persisted mutation cannot be run by GET', async () => {
    const { context } = controlledContext();
    const mutation = '# by get\nmutation { clearCart(id: "no-such-cart") { id } }';
    const hash = await sha256(mutation);
    await env.GRAPHQL_CACHE.put(`apq:${hash}`, mutation);
    const answer = await getFrom(context, { extensions: persisted(hash) });
    expect(answer.status).toBe(405);
    expect(answer.body.errors?.[0]?.message).toBe('Mutations must be sent with POST');
  });

  test('with a failing KV, a new document still runs and an unknown hash is still a miss', async () => {
    const broken = { get: () => Promise.reject(new Error('KV down')), put: () => Promise.reject(new Error('KV down')) };
    const { context } = controlledContext({ cache: broken as unknown as KVNamespace });
    const query = channelQuery('kv down');
    const ran = await postTo(context, { query, extensions: persisted(await sha256(query)) });
    expect(ran.status).toBe(200);
    expect(ran.body.data).toEqual(await expectedChannel());
    const unknown = await postTo(context, { extensions: persisted(await sha256(channelQuery('kv down, unknown'))) });
    expect(unknown.body.errors?.[0]?.message).toBe('PersistedQueryNotFound');
  });
});
