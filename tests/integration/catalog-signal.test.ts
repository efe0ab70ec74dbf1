// Issue 26: the merchant's system says "the catalog (or these products) changed" with a signed call, and
// every cached API answer and kept page becomes unreachable at once. Before, a product renamed at a remote
// API showed on the storefront only once its cached answer expired (about 2 minutes).
import { describe, expect, test } from 'vitest';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/app';
import { env } from '../helpers';

const app = createApp();
const SECRET = 'catalog-signal-secret-of-the-merchant-0123';
const shop = { ...env, CATALOG_SIGNAL_SECRET: SECRET };

async function hmacHex(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The merchant's call: `body` signed at `time` (unix seconds) with `secret`. */
async function signal(
  body: string,
  { secret = SECRET, time = Math.floor(Date.now() / 1000), environment = shop as object } = {},
) {
  const ctx = createExecutionContext();
  const response = await app.request(
    'http://127.0.0.1/api/catalog/changed',
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Catalog-Signature': `t=${time},v1=${await hmacHex(secret, `${time}.${body}`)}`,
      },
      body,
    },
    environment,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const catalogVersion = async () =>
  (await env.DB.prepare("SELECT version FROM cache_versions WHERE name = 'catalog'").first<{ version: number }>())!
    .version;
const productVersion = async (id: number) =>
  (
    await env.DB.prepare('SELECT version FROM product_versions WHERE product_id = ?')
      .bind(id)
      .first<{ version: number }>()
  )?.version ?? 0;

describe('the merchant’s “the catalog changed”', () => {
  test('a signed call moves the catalog version (every cached answer and kept page) and the products named', async () => {
    const before = await catalogVersion();
    const productBefore = await productVersion(717);
    const answer = await signal(JSON.stringify({ products: [717] }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ catalogVersion: before + 1, products: [717] });
    expect(await catalogVersion()).toBe(before + 1);
    expect(await productVersion(717)).toBeGreaterThan(productBefore);

    expect((await signal('{}')).status).toBe(200);
    expect(await catalogVersion()).toBe(before + 2);
  });

  test('a wrong secret, an altered body or an old signature changes nothing', async () => {
    const before = await catalogVersion();
    expect((await signal('{}', { secret: 'someone-elses-secret-of-32-characters-xx' })).status).toBe(401);
    // A recorded call replayed six minutes later.
    expect((await signal('{}', { time: Math.floor(Date.now() / 1000) - 360 })).status).toBe(401);
    const ctx = createExecutionContext();
    const time = Math.floor(Date.now() / 1000);
    const altered = await app.request(
      'http://127.0.0.1/api/catalog/changed',
      {
        method: 'POST',
        headers: { 'X-Catalog-Signature': `t=${time},v1=${await hmacHex(SECRET, `${time}.{}`)}` },
        body: '{"products":[1]}',
      },
      shop,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(altered.status).toBe(401);
    expect(await catalogVersion()).toBe(before);
  });

  test('a signed body that is not the signal is refused; without a configured secret the endpoint is off', async () => {
    const before = await catalogVersion();
    expect((await signal('{"products":["717"]}')).status).toBe(400);
    expect((await signal('{"everything":true}')).status).toBe(400);
    expect((await signal('not json')).status).toBe(400);
    expect((await signal('{}', { environment: env })).status).toBe(404);
    expect(await catalogVersion()).toBe(before);
  });
});
