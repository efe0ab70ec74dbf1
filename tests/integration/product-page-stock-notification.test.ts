import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { CookieJar, getPage, postForm } from './forms-helpers';
import { elementWithClass, html, seededProduct, skusOf, STOCK_WHERE, tagsWith } from './product-page-helpers';

async function subscriptions(skuId: number): Promise<{ email: string; language_id: string; market_id: string }[]> {
  const { results } = await env.DB.prepare(
    'SELECT email, language_id, market_id FROM stock_subscriptions WHERE sku_id = ? ORDER BY email',
  )
    .bind(skuId)
    .all<{ email: string; language_id: string; market_id: string }>();
  return results;
}

async function soldOutProduct() {
  const product = await seededProduct(STOCK_WHERE.outOfStock);
  const [sku] = await skusOf(product.id);
  return { product, sku: sku! };
}

describe('back-in-stock form (POST /api/stock-notification)', () => {
  test('a valid address is subscribed to the sku and the page says so', async () => {
    const { product, sku } = await soldOutProduct();
    const jar = new CookieJar();
    const email = `watcher-${crypto.randomUUID().slice(0, 8)}@example.se`;
    const response = await postForm(
      '/api/stock-notification',
      { email: ` ${email} `, skuId: String(sku.id), redirect: `/p/${product.alias}` },
      jar,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/p/${product.alias}?notify=ok#notify`);
    expect(await subscriptions(sku.id)).toEqual([{ email, language_id: 'sv-SE', market_id: '1|se' }]);

    const body = await getPage(`/p/${product.alias}?notify=ok`, jar);
    const status = elementWithClass(body, 'div', 'stock-notify__status');
    expect(body).toContain(
      '<div role="status" class="stock-notify__status"><p class="notice notice--success">Tack! Vi mejlar dig när produkten finns i lager igen.</p></div>',
    );
    expect(status).not.toContain('Du måste ange en giltig email');
  });

  test('an invalid address stores nothing, and the page shows the spec’s message with the address kept', async () => {
    const { product, sku } = await soldOutProduct();
    const before = await subscriptions(sku.id);
    const jar = new CookieJar();
    for (const email of ['inte-en-adress', '', 'a@b', `${'x'.repeat(250)}@example.se`]) {
      const response = await postForm(
        '/api/stock-notification',
        { email, skuId: String(sku.id), redirect: `/p/${product.alias}` },
        jar,
      );
      expect(response.status, email).toBe(303);
      expect(response.headers.get('Location')).toBe(`/p/${product.alias}?notify=invalid-email#notify`);
    }
    expect(await subscriptions(sku.id)).toEqual(before);

    await postForm(
      '/api/stock-notification',
      { email: 'anna@exempel', skuId: String(sku.id), redirect: `/p/${product.alias}` },
      jar,
    );
    const body = await getPage(`/p/${product.alias}?notify=invalid-email`, jar);
    const section = elementWithClass(body, 'section', 'stock-notify');
    expect(section).toContain(
      '<p class="notice notice--error" id="stock-notify-error">Du måste ange en giltig email</p>',
    );
    const [input] = tagsWith(section, 'input', { name: 'email', value: 'anna@exempel' });
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="stock-notify-error"');
    // The address was shown once: the cookie that held it is gone.
    expect(jar.get('ralph-notify-email')).toBeUndefined();
  });

  test('the English page subscribes in English and answers in English', async () => {
    const { product, sku } = await soldOutProduct();
    const en = await env.DB.prepare("SELECT alias FROM product_texts WHERE product_id = ? AND language_id = 'en-US'")
      .bind(product.id)
      .first<{ alias: string }>();
    const jar = new CookieJar();
    const email = `en-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await postForm(
      '/api/stock-notification',
      { email, skuId: String(sku.id), redirect: `/en/p/${en!.alias}` },
      jar,
    );
    expect(response.headers.get('Location')).toBe(`/en/p/${en!.alias}?notify=ok#notify`);
    expect((await subscriptions(sku.id)).find((row) => row.email === email)?.language_id).toBe('en-US');
    expect(await getPage(`/en/p/${en!.alias}?notify=ok`, jar)).toContain(
      'Thank you! We will email you when the product is back in stock.',
    );
    await postForm(
      '/api/stock-notification',
      { email: 'nope', skuId: String(sku.id), redirect: `/en/p/${en!.alias}` },
      jar,
    );
    expect(await getPage(`/en/p/${en!.alias}?notify=invalid-email`, jar)).toContain('You must enter a valid email');
  });

  test('the redirect keeps its own query and replaces an earlier answer', async () => {
    const { product, sku } = await soldOutProduct();
    const response = await postForm('/api/stock-notification', {
      email: `q-${crypto.randomUUID().slice(0, 8)}@example.se`,
      skuId: String(sku.id),
      redirect: `/p/${product.alias}?notify=invalid-email&utm_source=mail`,
    });
    expect(response.headers.get('Location')).toBe(`/p/${product.alias}?notify=ok&utm_source=mail#notify`);
  });

  test('an unknown sku is an error on the page, and nothing is stored', async () => {
    const { product } = await soldOutProduct();
    const max = await env.DB.prepare('SELECT MAX(id) AS id FROM skus').first<{ id: number }>();
    const response = await postForm('/api/stock-notification', {
      email: 'someone@example.se',
      skuId: String(max!.id + 1000),
      redirect: `/p/${product.alias}`,
    });
    expect(response.headers.get('Location')).toBe(`/p/${product.alias}?notify=error#notify`);
    expect(await subscriptions(max!.id + 1000)).toEqual([]);
    expect(await getPage(`/p/${product.alias}?notify=error`, new CookieJar())).toContain(
      html('Något gick tyvärr fel. Försök gärna igen'),
    );
  });

  test('a form from another site, a missing sku or a redirect off the site is refused', async () => {
    const { product, sku } = await soldOutProduct();
    const fields = { email: 'x@example.se', skuId: String(sku.id), redirect: `/p/${product.alias}` };
    const crossSite = await postForm('/api/stock-notification', fields, new CookieJar(), {
      Origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    for (const bad of [
      { ...fields, skuId: '' },
      { ...fields, skuId: 'abc' },
      { ...fields, redirect: '//evil.example/p' },
      { ...fields, redirect: 'https://evil.example' },
    ]) {
      const response = await postForm('/api/stock-notification', bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await subscriptions(sku.id)).some((row) => row.email === 'x@example.se')).toBe(false);
  });
});
