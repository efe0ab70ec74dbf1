import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';

function islandProps(body: string, name: string): unknown {
  const match = new RegExp(
    `<div class="island" data-island="${name}">[\\s\\S]*?</div><script type="application/json" data-island-props="${name}"[^>]*>([^<]*)</script>`,
  ).exec(body);
  if (!match?.[1]) throw new Error(`island ${name} not found`);
  return JSON.parse(match[1]);
}

async function cartWith(quantities: number[]): Promise<string> {
  const id = crypto.randomUUID().replaceAll('-', '');
  const skus = await env.DB.prepare('SELECT id FROM skus ORDER BY id LIMIT ?')
    .bind(quantities.length)
    .all<{ id: number }>();
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO carts (id, channel_id, market_id, created_at, updated_at) VALUES (?, '1|se', '1|se', ?, ?)",
    ).bind(id, now, now),
    ...quantities.map((quantity, i) =>
      env.DB.prepare('INSERT INTO cart_items (cart_id, sku_id, quantity, added_at) VALUES (?, ?, ?, ?)').bind(
        id,
        skus.results[i]!.id,
        quantity,
        now,
      ),
    ),
  ]);
  return id;
}

describe('islands', () => {
  test('the header cart counter is rendered with its props serialized beside it', async () => {
    const body = await (await fetchWorker('/')).text();
    // The count is the page's own (the badge, filled per shopper on a kept page), not a prop.
    expect(islandProps(body, 'CartCounter')).toMatchObject({ localeIso: 'sv-SE', checkoutHref: '/kassan' });
    expect(islandProps(body, 'CartCounter')).not.toHaveProperty('count');
    expect(body).toContain('aria-label="Varukorgen är tom" data-count="0"');
  });

  test('the counter shows the units of the cart in the ralph-cart cookie', async () => {
    const id = await cartWith([2, 1]);
    const body = await (await fetchWorker('/en', { headers: { Cookie: `ralph-cart=${id}` } })).text();
    expect(body).toContain('aria-label="Cart, 3 items" data-count="3"');
    expect(body).toContain('<span class="cart-counter__count" aria-hidden="true">3</span>');
  });

  test('a cookie naming a cart that no longer exists is replaced by a new, empty cart', async () => {
    const stale = 'f'.repeat(32);
    const response = await fetchWorker('/', { headers: { Cookie: `ralph-cart=${stale}` } });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ralph-cart='));
    expect(cookie).toMatch(/^ralph-cart=[0-9a-f]{32}; Max-Age=31536000; Path=\//);
    expect(cookie).not.toContain(stale);
    expect(await response.text()).toContain('aria-label="Varukorgen är tom" data-count="0"');
  });

  test('a malformed cart cookie is ignored and creates nothing', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM carts').first<{ n: number }>();
    const response = await fetchWorker('/', { headers: { Cookie: 'ralph-cart=<script>' } });
    expect(response.status).toBe(200);
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM carts').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  test('the page loads one content-hashed entry module', async () => {
    const body = await (await fetchWorker('/')).text();
    const modules = body.match(/<script type="module" src="\/assets\/entry-[A-Z0-9]+\.js"/gi) ?? [];
    expect(modules).toHaveLength(1);
    expect(body).toMatch(/<link rel="stylesheet" href="\/assets\/styles-[A-Z0-9]+\.css"/i);
  });
});
