// Issue 26, one data path: with GRAPHQL_ENDPOINT the storefront fronts a remote commerce API. The
// browser's GraphQL went to the storefront's own /graphql, which answered from the local D1 whatever the
// configuration (the cart was made locally, the next page asked the remote for it and got none), and the KV
// cache sat only in front of the built-in API. Now every operation, the pages' and the browser's, passes
// the same checks and cache and is executed by the configured API, with the deployment's key.
//
// The stand-in for a merchant's Geins API is our own API (another instance of the worker, answering
// https://api.stand-in.test/graphql); the storefront's fetch reaches it in process.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/app';
import { env } from '../helpers';
import { ADD_TO_CART, GET_CART, getCartVariables, findSkus, PLAIN_SKU } from './cart-helpers';

const STAND_IN = 'https://api.stand-in.test/graphql';
const API_KEY = 'stand-in-channel-key-0123456789';
const standIn = createApp();
const storefront = createApp();
/** The storefront, pointed at the stand-in. */
const remoteShop = { ...env, GRAPHQL_ENDPOINT: STAND_IN, GRAPHQL_API_KEY: API_KEY };

interface Forwarded {
  apiKey: string | null;
  authorization: string | null;
  prices: string | null;
  body: { query: string; variables: Record<string, unknown>; operationName?: string };
}
let forwarded: Forwarded[] = [];
/** What was forwarded besides the storefront's own channel read (its markets, read once a minute). */
const operations = () => forwarded.filter((call) => call.body.operationName !== 'storefrontChannel');
let standInDown = false;
const realFetch = globalThis.fetch;

beforeEach(() => {
  forwarded = [];
  standInDown = false;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(STAND_IN)) return realFetch(input, init);
    if (standInDown) throw new TypeError('Network connection lost.');
    const body = (await request.clone().json()) as Forwarded['body'];
    forwarded.push({
      apiKey: request.headers.get('X-ApiKey'),
      authorization: request.headers.get('Authorization'),
      prices: request.headers.get('x-prices'),
      body,
    });
    const ctx = createExecutionContext();
    const answer = await standIn.fetch(new Request('http://127.0.0.1/graphql', request), env, ctx);
    await waitOnExecutionContext(ctx);
    if (body.operationName !== 'storefrontChannel') return answer;
    // The stand-in's channel sells in three markets: Finland is ours alone (the local database's).
    const result = (await answer.json()) as { data: { channel: { markets: { alias: string }[] } } };
    result.data.channel.markets = result.data.channel.markets.filter((market) => market.alias !== 'fi');
    return Response.json(result);
  };
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A GraphQL POST from the shopper's browser to the storefront's /graphql. */
async function browserGraphql(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  shopEnv: typeof remoteShop = remoteShop,
) {
  const ctx = createExecutionContext();
  const response = await storefront.request(
    'http://127.0.0.1/graphql',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...headers },
      body: JSON.stringify({ query, variables }),
    },
    shopEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return {
    status: response.status,
    cache: response.headers.get('X-Cache'),
    body: (await response.json()) as {
      data?: Record<string, any>;
      errors?: { message: string; extensions?: { code?: string } }[];
    },
  };
}

const PRODUCTS = `query remoteProducts($take: Int) { products(take: $take, channelId: "1|se", marketId: "se", languageId: "sv-SE") { count products { productId name } } }`;

describe('the browser’s GraphQL with a remote commerce API', () => {
  test('a catalog read goes to the API with the deployment’s key once, then comes from the KV cache', async () => {
    const first = await browserGraphql(PRODUCTS, { take: 3 });
    expect(first.status).toBe(200);
    expect(first.cache).toBe('MISS');
    expect(first.body.data!.products.products).toHaveLength(3);
    expect(operations()).toHaveLength(1);
    expect(operations()[0]).toMatchObject({ apiKey: API_KEY, authorization: null, body: { variables: { take: 3 } } });

    const again = await browserGraphql(PRODUCTS, { take: 3 });
    expect(again.cache).toBe('HIT');
    expect(again.body).toEqual(first.body);
    expect(operations()).toHaveLength(1);
  });

  test('a cart is made and filled at the API: the browser’s mutations and the next read reach the same cart', async () => {
    const made = await browserGraphql(GET_CART, getCartVariables(''));
    const cartId = made.body.data!.getCart.id as string;
    expect(cartId).toMatch(/^[0-9a-f]{32}$/);
    const [sku] = await findSkus(PLAIN_SKU);
    const added = await browserGraphql(ADD_TO_CART, {
      id: cartId,
      item: { skuId: sku!.id, quantity: 2 },
      channelId: '1|se',
      languageId: 'sv-SE',
      cartMarketAlias: 'se',
    });
    expect(added.body.errors).toBeUndefined();
    const read = await browserGraphql(GET_CART, getCartVariables(cartId));
    expect(read.body.data!.getCart.items).toEqual([expect.objectContaining({ skuId: sku!.id, quantity: 2 })]);
    // Cart reads and writes are never cached; each went to the API.
    expect(read.cache).toBe('BYPASS');
    expect(operations().map((call) => call.apiKey)).toEqual([API_KEY, API_KEY, API_KEY]);
  });

  test('an answer kept for one API is never read for another (the cache is per API)', async () => {
    const first = await browserGraphql(PRODUCTS, { take: 7 });
    expect((await browserGraphql(PRODUCTS, { take: 7 })).cache).toBe('HIT');
    const otherApi = { ...remoteShop, GRAPHQL_ENDPOINT: `${STAND_IN}?deployment=2` };
    const other = await browserGraphql(PRODUCTS, { take: 7 }, {}, otherApi);
    expect(other.cache).toBe('MISS');
    expect(other.body).toEqual(first.body);
  });

  test('the shopper’s token goes as Bearer, and what it reads is not shared through the cache', async () => {
    const withToken = await browserGraphql(PRODUCTS, { take: 2 }, { Authorization: 'Bearer shoppers-own-token' });
    expect(withToken.cache).not.toBe('HIT');
    // A login cookie's token is the API's to judge (remote-identity.test.ts): this storefront names no auth
    // endpoint of the API, so nobody is logged in here and the cookie is passed on to no one.
    const guest = await browserGraphql(PRODUCTS, { take: 2 }, { Cookie: 'ralph-auth=cookie-token' });
    expect(guest.body.data!.products.products).toHaveLength(2);
    // (Whether the guest's read came from the cache or the API, it carried no token.)
    expect(operations().flatMap((call) => (call.authorization ? [call.authorization] : []))).toEqual([
      'Bearer shoppers-own-token',
    ]);
  });
});

describe('what never reaches the remote API', () => {
  test('a damaged token cookie (a line break in it) makes a guest, not a failed request', async () => {
    const answer = await browserGraphql(PRODUCTS, { take: 5 }, { Cookie: 'ralph-auth=%0AX-Evil%3A%201' });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.products.products).toHaveLength(5);
    expect(operations().map((call) => call.authorization)).toEqual([null]);
  });

  test('a document over the abuse limits is refused before anything is sent', async () => {
    const deep = `query deep { ${'categories(channelId: "1|se") { subCategories { '.repeat(8)}name${' }'.repeat(16)} }`;
    const refused = await browserGraphql(deep);
    expect(refused.status).toBe(400);
    expect(operations()).toHaveLength(0);
  });

  test('a shopper cannot set the shipping fee through the storefront’s key', async () => {
    const answer = await browserGraphql(
      `mutation fee($cartId: String!) { setCartShippingFee(cartId: $cartId, shippingFee: 0, channelId: "1|se") { cart { id } } }`,
      { cartId: '0123456789abcdef0123456789abcdef' },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.errors![0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(operations()).toHaveLength(0);
  });

  test('an API that cannot be reached: the generic error in the shopper’s language, nothing cached', async () => {
    standInDown = true;
    const down = await browserGraphql(PRODUCTS, { take: 4 });
    expect(down.status).toBe(502);
    expect(down.body.errors![0]).toEqual({
      message: 'Något gick tyvärr fel. Försök gärna igen och kontakta kundtjänst om problemet kvarstår.',
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    standInDown = false;
    const back = await browserGraphql(PRODUCTS, { take: 4 });
    expect(back.cache).toBe('MISS');
    expect(back.body.data!.products.products).toHaveLength(4);
  });
});

/** A page of the storefront in front of the stand-in, as a browser with `cookie` asks for it. */
async function page(path: string, cookie = '') {
  const ctx = createExecutionContext();
  const response = await storefront.request(
    `http://127.0.0.1${path}`,
    { headers: { Cookie: cookie } },
    remoteShop,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, html: await response.text() };
}

describe('the storefront’s pages with a remote commerce API', () => {
  test('the markets are the API’s, not a copy in the storefront’s database', async () => {
    // Finland exists only locally: a Finnish shopper gets the API's default market, in kronor.
    const finnish = await page('/s/penna', 'ralph-selected-market=fi');
    expect(finnish.status).toBe(200);
    // (Booleans, so that a failure does not print the page.)
    expect(finnish.html.includes('"market":"se"')).toBe(true);
    expect(finnish.html.includes('€')).toBe(false);
  });

  test('the header and footer state no shipping terms the API does not give', async () => {
    // Our own API's markets state them (49 kr, free from 499 kr): the storefront in front of it says so.
    const ctx = createExecutionContext();
    const builtIn = await storefront.request('http://127.0.0.1/s/sax', {}, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await builtIn.text()).includes('Fri frakt över 499')).toBe(true);
    const remote = await page('/s/sax');
    expect(/fri frakt över/i.test(remote.html)).toBe(false);
  });

  test('a renamed page answers 301 from the API’s URL history', async () => {
    await env.DB.prepare('INSERT OR REPLACE INTO url_history (old_path, new_path, created_at) VALUES (?, ?, ?)')
      .bind('/c/gamla-skrivdon', '/c/nya-skrivdon', '2026-11-01T00:00:00Z')
      .run();
    const ctx = createExecutionContext();
    const moved = await storefront.request('http://127.0.0.1/c/gamla-skrivdon?sort=lowest-price', {}, remoteShop, ctx);
    await waitOnExecutionContext(ctx);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe('/c/nya-skrivdon?sort=lowest-price');
    expect(forwarded.some((call) => call.body.operationName === 'movedPath')).toBe(true);
  });

  test('a list page reads its products from the API', async () => {
    const ctx = createExecutionContext();
    const list = await storefront.request('http://127.0.0.1/s/papper', {}, remoteShop, ctx);
    await waitOnExecutionContext(ctx);
    expect(list.status).toBe(200);
    expect(operations().length).toBeGreaterThan(0);
    expect(forwarded.every((call) => call.apiKey === API_KEY)).toBe(true);
  });
});

describe('live pages in front of a remote API (issue 28)', () => {
  const PRODUCT_PATH = '/p/staedtler-mars-plastic-suddgummi-273';
  const remotePage = async (extra: Record<string, string>, path = PRODUCT_PATH) => {
    const ctx = createExecutionContext();
    const response = await storefront.request(`http://127.0.0.1${path}`, {}, { ...remoteShop, ...extra }, ctx);
    await waitOnExecutionContext(ctx);
    return {
      status: response.status,
      policy: response.headers.get('Content-Security-Policy') ?? '',
      html: await response.text(),
    };
  };

  test('without the remote’s subscription endpoint nothing is live, and the shop has no rooms of its own', async () => {
    const product = await remotePage({});
    expect(product.status).toBe(200);
    expect(product.html).toContain('Staedtler Mars plastic Suddgummi');
    expect(product.html).not.toContain('data-live-kind');
    expect((await remotePage({}, '/graphql/live/product/273')).status).toBe(404);
  });

  test('with it, the product page subscribes there, and the policy lets it connect', async () => {
    const product = await remotePage({ GRAPHQL_SUBSCRIPTIONS_ENDPOINT: 'wss://api.stand-in.test/graphql/ws' });
    expect(product.html).toContain('data-live-kind="product" data-live-url="wss://api.stand-in.test/graphql/ws"');
    expect(product.policy).toMatch(/connect-src 'self'\s+wss:\/\/api\.stand-in\.test;/);
  });
});
