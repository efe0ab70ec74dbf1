// Issue 12, "Lower, but fix them too": the HTTP surface. Each test is a probe that got through before.
import { describe, expect, test } from 'vitest';
import { exports } from 'cloudflare:workers';
import { env, fetchWorker } from '../helpers';
import { createApp } from '../../worker/app';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import { cartWith } from './checkout-helpers';

const worker = (exports as unknown as { default: Fetcher }).default;
const QUERY = JSON.stringify({ query: '{ channel(channelId: "1|se") { id } }' });

describe('the GraphQL endpoint and cross-site requests', () => {
  test('a text/plain body (what another site may post with cookies, no preflight) is refused with 415', async () => {
    for (const type of [
      'text/plain',
      'text/plain;application/json',
      'application/x-www-form-urlencoded; application/json',
    ]) {
      const response = await fetchWorker('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: QUERY,
      });
      expect(response.status, type).toBe(415);
    }
    const ok = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: QUERY,
    });
    expect(ok.status).toBe(200);
  });

  test('a cross-site POST that carries cookies is refused; a server without cookies is not', async () => {
    const mutation = JSON.stringify({ query: 'mutation { deleteUser }' });
    const probes: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
    ];
    for (const headers of probes) {
      const response = await fetchWorker('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: 'ralph-auth=x.y.z', ...headers },
        body: mutation,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    const server = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://partner.example' },
      body: QUERY,
    });
    expect(server.status).toBe(200);
  });
});

describe('headers and cookies', () => {
  test('over HTTPS every cookie the shop sets is Secure', async () => {
    const response = await worker.fetch(
      new Request('https://127.0.0.1/api/customer-type', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://127.0.0.1' },
        body: 'type=ORGANIZATION&redirect=%2F',
        redirect: 'manual',
      }),
    );
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
    // Over plain HTTP (local development) they are left as set, or browsers would drop them.
    const local = await fetchWorker('/api/customer-type?type=ORGANIZATION&redirect=%2F', {
      redirect: 'manual',
    });
    expect(local.headers.getSetCookie().join('\n')).not.toMatch(/Secure/);
  });

  test('pages carry a Permissions-Policy that turns off what the shop never uses', async () => {
    const response = await fetchWorker('/');
    expect(response.headers.get('Permissions-Policy')).toBe(
      'camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), midi=(), browsing-topics=()',
    );
  });

  test("a page that shows the shopper's cart count is private, no-store", async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 80 });
    const cartId = await cartWith(sku!.id, 2);
    const page = await fetchWorker('/', { headers: { Cookie: `ralph-cart=${cartId}` } });
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('size limits', () => {
  test('a 65 KB query string answers 414 with the error page, not a 4.9 MB page', async () => {
    const response = await fetchWorker(`/s/penna?q=${'a'.repeat(65 * 1024)}`);
    expect(response.status).toBe(414);
    const html = await response.text();
    expect(html.length).toBeLessThan(200_000);
    expect(html).toContain('Oj, något gick visst fel');
  });

  test('a 200 KB body answers 413 and is not parsed', async () => {
    const response = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: `{ channel(channelId: "1|se") { id } }`, padding: 'x'.repeat(200 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});

describe('filters with many values', () => {
  test('90 filter values answer a list, not INTERNAL_SERVER_ERROR (D1 binds at most 100 parameters)', async () => {
    const facets = [
      ...Array.from({ length: 30 }, (_, i) => `b_${i + 1}`),
      ...Array.from({ length: 30 }, (_, i) => `c_${i + 1}`),
      ...Array.from({ length: 30 }, (_, i) => `sk_${i + 30}`),
    ];
    const response = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `query p($facets: [String]) { products(filter: { facets: $facets }, channelId: "1|se", languageId: "sv-SE", marketId: "se") { count filters { facets { filterId values { facetId count } } } } }`,
        variables: { facets },
      }),
    });
    const body = (await response.json()) as { data?: { products: { count: number } }; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    expect(typeof body.data!.products.count).toBe('number');
  });

  test('more values than a filter takes get the localized limit message', async () => {
    const response = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `query p($ids: [Int]) { products(filter: { brandIds: $ids }, channelId: "1|se", languageId: "sv-SE", marketId: "se") { count } }`,
        variables: { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      }),
    });
    const body = (await response.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toBe('Högst 100 värden kan anges i brandIds');
  });
});

describe('anonymous visits', () => {
  const GET_CART = `query { getCart(channelId: "1|se", languageId: "sv-SE", marketId: "se") { id items { quantity } } }`;
  const carts = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM carts').first<{ n: number }>())!.n;

  test('GETs of an empty cart write no cart row; the first item added creates it under the same id', async () => {
    const before = await carts();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetchWorker(`/graphql?query=${encodeURIComponent(GET_CART)}`);
      ids.push(((await response.json()) as { data: { getCart: { id: string } } }).data.getCart.id);
    }
    expect(await carts()).toBe(before);
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);

    const [sku] = await findSkus(PLAIN_SKU, { offset: 81 });
    const added = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `mutation a($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, channelId: "1|se", languageId: "sv-SE", marketId: "se") { id items { quantity } } }`,
        variables: { id: ids[0], skuId: sku!.id },
      }),
    });
    const body = (await added.json()) as { data?: { addToCart: { id: string } }; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    expect(body.data!.addToCart.id).toBe(ids[0]);
    expect(await carts()).toBe(before + 1);
  });

  test('an id the shop did not mint is not created by a mutation', async () => {
    const [sku] = await findSkus(PLAIN_SKU, { offset: 82 });
    const made = '0123456789abcdef0123456789abcdef';
    const response = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `mutation a($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, channelId: "1|se", languageId: "sv-SE", marketId: "se") { id } }`,
        variables: { id: made, skuId: sku!.id },
      }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM carts WHERE id = ?').bind(made).first('n')).toBe(0);
  });
});

describe('CMS content', () => {
  test('a text widget carrying script renders only its allowed markup', async () => {
    const widget = await env.DB.prepare(
      `SELECT w.id FROM widgets w JOIN widget_areas a ON a.id = w.area_id
       WHERE w.type = 'TEXT' AND a.page_id = 1 ORDER BY w.id LIMIT 1`,
    ).first<{ id: number }>();
    const hostile =
      '<p>Välkommen<script>window.stolen=document.cookie</script><img src="/x.png" onerror="alert(1)"><a href="javascript:alert(1)">klicka</a></p>';
    await env.DB.prepare(
      "UPDATE widget_configs SET configuration = json_set(configuration, '$.html', ?) WHERE widget_id = ?",
    )
      .bind(hostile, widget!.id)
      .run();
    // The 'Om oss' content page, not fetched before in this file (so no cached answer).
    const page = await (await fetchWorker('/om-oss')).text();
    expect(page).toContain('<p>Välkommen<img src="/x.png"><a href>klicka</a></p>');
    expect(page).not.toContain('window.stolen');
    expect(page).not.toContain('onerror');
    expect(page).not.toContain('javascript:alert');
  });
});

describe('absolute links', () => {
  test('with PUBLIC_ORIGIN, a forged Host puts nothing of its own into canonical links or the sitemap', async () => {
    const { createApp } = await import('../../worker/app');
    const app = createApp();
    const configured = { ...env, PUBLIC_ORIGIN: 'https://www.kontorsgiganten.se' };
    const page = await (await app.request('http://evil.example/om-oss', {}, configured)).text();
    expect(page).toContain('<link rel="canonical" href="https://www.kontorsgiganten.se/om-oss"/>');
    expect(page).not.toContain('evil.example');
    const sitemap = await (await app.request('http://evil.example/sitemap.xml', {}, configured)).text();
    expect(sitemap).toContain('<loc>https://www.kontorsgiganten.se/');
    expect(sitemap).not.toContain('evil.example');
    const robots = await (await app.request('http://evil.example/robots.txt', {}, configured)).text();
    expect(robots).toContain('Sitemap: https://www.kontorsgiganten.se/sitemap.xml');
  });
});

describe('a deployment without PUBLIC_ORIGIN', () => {
  test('answers no page and sends no mail whose links follow a forged Host header', async () => {
    const deployed = { ...env, LOCAL_RUN: 'false', PUBLIC_ORIGIN: '' };
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const page = await createApp().request('https://evil.example/', { headers: { Host: 'evil.example' } }, deployed);
      expect(page.status).toBe(500);
      expect(await page.text()).not.toContain('evil.example');
      const reset = await createApp().request(
        'https://evil.example/graphql',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ query: 'mutation { requestPasswordReset(email: "kund@example.se") }' }),
        },
        deployed,
      );
      expect(reset.status).toBe(500);
    } finally {
      console.error = log;
    }
    expect(String(errors.flat().join(' '))).toContain('PUBLIC_ORIGIN must be set in a deployment');
    // Set, the same request's links point at the shop, whatever Host says.
    const configured = await createApp().request(
      'https://evil.example/',
      {},
      { ...env, LOCAL_RUN: 'false', PUBLIC_ORIGIN: 'https://www.kontorsgiganten.se' },
    );
    expect(configured.status).toBe(200);
    const html = await configured.text();
    expect(html).toContain('<link rel="canonical" href="https://www.kontorsgiganten.se/"');
    expect(html).not.toContain('evil.example');
  });
});
