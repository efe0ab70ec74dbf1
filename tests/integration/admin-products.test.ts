// Issue 27, stock and prices: staff find a product, set its stock per SKU, its price per market, a
// campaign price with dates, and publish or hide it; the shop's pages (kept pages too) show each change at
// once, and each is in the audit log. Bad input and a viewer change nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env, fetchWorker, settle } from '../helpers';
import { createProduct } from './factories';
import { addStaffMember, admin, noticeCookie, serveTeamCerts, textOf } from './admin-helpers';

const STAFF = 'lagret@kontorsgiganten.se';
const VIEWER = 'lasare@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
  await addStaffMember(VIEWER, 'viewer');
});
afterAll(() => stop());

async function view(path: string) {
  const response = await fetchWorker(path);
  return { status: response.status, cache: response.headers.get('x-page-cache'), text: textOf(await response.text()) };
}
/** A product page the cache has kept: the first view renders it, the second is served from it. */
async function keptPage(path: string) {
  await view(path);
  await settle(200);
  const kept = await view(path);
  expect(kept.cache).toBe('hit');
  return kept.text;
}
const noticeOn = async (id: number, response: Response) =>
  textOf(await (await admin(`/admin/products/${id}`, { as: STAFF, cookie: noticeCookie(response) })).text());
const post = (id: number, what: string, form: Record<string, string>, as = STAFF) =>
  admin(`/admin/products/${id}/${what}`, { as, form });

describe('finding a product', () => {
  test('by part of its name or its article number, with its stock and whether it is shown', async () => {
    const product = await createProduct({ name: 'Sökbar Reservoarpenna Admin', stock: 7 });
    for (const q of ['reservoarpenna admin', `T-${product.id}`, `t-${product.id}-1`]) {
      const text = textOf(await (await admin(`/admin/products?q=${encodeURIComponent(q)}`, { as: STAFF })).text());
      expect(text).toContain(
        `1 produkt Lager och priser Produkt Artikelnummer I lager Visas Sökbar Reservoarpenna Admin T-${product.id} 7 Publicerad`,
      );
    }
  });
});

describe('a product’s stock and prices', () => {
  test('stock set to 0 shows "Slut i lager" at once on the kept page, and is logged', async () => {
    const product = await createProduct({ name: 'Lagerpenna Admin', stock: 5 });
    const path = `/p/${product.alias}`;
    expect(await keptPage(path)).toContain('Endast 5 kvar i lager');
    const saved = await post(product.id, 'stock', { [`stock-${product.skuId}`]: '0' });
    expect(await noticeOn(product.id, saved)).toContain('Lagret är sparat.');
    const after = await view(path);
    expect(after.cache).toBe('miss');
    expect(after.text).toContain('Slut i lager');
    const audit = await env.DB.prepare(
      "SELECT staff_email, before_json, after_json FROM staff_audit WHERE action = 'product.stock' AND subject = ?",
    )
      .bind(`product:${product.id}`)
      .first();
    expect(audit).toEqual({
      staff_email: STAFF,
      before_json: `{"T-${product.id}-1":5}`,
      after_json: `{"T-${product.id}-1":0}`,
    });
  });

  test('staff state a SKU’s stock as static: the kept page says "Alltid i lager" at once, and back', async () => {
    const product = await createProduct({ name: 'Fastlagerpärm Admin', stock: 5 });
    const path = `/p/${product.alias}`;
    expect(await keptPage(path)).toContain('Endast 5 kvar i lager');
    const saved = await post(product.id, 'stock', {
      [`stock-${product.skuId}`]: '5',
      [`static-${product.skuId}`]: 'on',
    });
    expect(await noticeOn(product.id, saved)).toContain('Lagret är sparat.');
    const staticPage = await view(path);
    expect(staticPage.cache).toBe('miss');
    expect(staticPage.text).toContain('Alltid i lager');
    expect(staticPage.text).not.toContain('Endast 5 kvar i lager');
    const form = textOf(await (await admin(`/admin/products/${product.id}`, { as: STAFF })).text());
    expect(form).toContain('Fast lagersaldo 5: sänks inte av köp.');
    const audit = await env.DB.prepare(
      "SELECT before_json, after_json FROM staff_audit WHERE action = 'product.stock' AND subject = ?",
    )
      .bind(`product:${product.id}`)
      .first();
    expect(audit).toEqual({ before_json: `{"T-${product.id}-1":5}`, after_json: `{"T-${product.id}-1":{"static":5}}` });

    // Without the box ticked the units are counted again.
    await post(product.id, 'stock', { [`stock-${product.skuId}`]: '5' });
    expect((await view(path)).text).toContain('Endast 5 kvar i lager');
    const sku = await env.DB.prepare('SELECT stock, static_stock FROM skus WHERE id = ?').bind(product.skuId).first();
    expect(sku).toEqual({ stock: 5, static_stock: null });
  });

  test('bad stock, another product’s SKU and a viewer change nothing', async () => {
    const product = await createProduct({ stock: 5 });
    const other = await createProduct({ stock: 9 });
    for (const bad of ['-1', 'tio', '2.5', '1000001', '']) {
      const refused = await post(product.id, 'stock', { [`stock-${product.skuId}`]: bad });
      expect(await noticeOn(product.id, refused)).toContain('Ange lagersaldon som hela tal från 0 till 1 000 000.');
    }
    await post(product.id, 'stock', { [`stock-${product.skuId}`]: '5', [`stock-${other.skuId}`]: '0' });
    expect((await post(product.id, 'stock', { [`stock-${product.skuId}`]: '0' }, VIEWER)).status).toBe(403);
    const stocks = await env.DB.prepare('SELECT id, stock FROM skus WHERE id IN (?, ?) ORDER BY id')
      .bind(product.skuId, other.skuId)
      .all();
    expect(stocks.results).toEqual([
      { id: product.skuId, stock: 5 },
      { id: other.skuId, stock: 9 },
    ]);
  });

  test('a new price in kronor and öre shows at once and is today’s price point', async () => {
    const product = await createProduct({ name: 'Prispenna Admin', prices: { '1|se': 13900, '1|fi': 1590 } });
    const path = `/p/${product.alias}`;
    expect(await keptPage(path)).toContain('Pris 139 kr inkl. moms');
    const saved = await post(product.id, 'prices', { 'price-1|se': '119,50', 'price-1|fi': '15.90' });
    expect(await noticeOn(product.id, saved)).toContain('Priserna är sparade och syns i butiken.');
    expect((await view(path)).text).toContain('Pris 119,50 kr inkl. moms');
    const { results } = await env.DB.prepare(
      'SELECT market_id, selling_inc_vat FROM price_history WHERE product_id = ? AND date = ?',
    )
      .bind(product.id, new Date().toISOString().slice(0, 10))
      .all();
    expect(results).toEqual([{ market_id: '1|se', selling_inc_vat: 11950 }]);
    for (const bad of ['0', '-5', '12,345', 'gratis', '']) {
      const refused = await post(product.id, 'prices', { 'price-1|se': bad, 'price-1|fi': '15.90' });
      expect(await noticeOn(product.id, refused)).toContain('Ange priser som belopp större än 0');
    }
    expect(
      (await env.DB.prepare("SELECT regular_inc_vat FROM prices WHERE product_id = ? AND market_id = '1|se'")
        .bind(product.id)
        .first())!.regular_inc_vat,
    ).toBe(11950);
  });

  test('a campaign price from today shows at once, and ends when staff end it', async () => {
    const product = await createProduct({ name: 'Kampanjpenna Admin', prices: { '1|se': 20000 } });
    const path = `/p/${product.alias}`;
    expect(await keptPage(path)).toContain('Pris 200 kr inkl. moms');
    const today = new Date().toISOString().slice(0, 10);
    const added = await post(product.id, 'campaigns', {
      name: 'Veckans penna',
      percent: '25',
      starts: today,
      ends: '',
    });
    const page = await noticeOn(product.id, added);
    expect(page).toContain('Kampanjpriset är tillagt.');
    expect(page).toContain('Veckans penna 25 %');
    expect((await view(path)).text).toContain('150 kr');
    const campaign = await env.DB.prepare(
      'SELECT c.id FROM campaigns c JOIN campaign_products p ON p.campaign_id = c.id WHERE p.product_id = ?',
    )
      .bind(product.id)
      .first<{ id: number }>();
    const ended = await post(product.id, 'campaigns/' + campaign!.id + '/end', {});
    expect(await noticeOn(product.id, ended)).toContain('Kampanjen är avslutad.');
    expect((await view(path)).text).toContain('Pris 200 kr inkl. moms');
    for (const bad of [
      { name: '', percent: '25', starts: today, ends: '' },
      { name: 'Rea', percent: '95', starts: today, ends: '' },
      { name: 'Rea', percent: '10', starts: '2026-12-10', ends: '2026-12-01' },
      { name: 'Rea', percent: '10', starts: '2026-13-01', ends: '' },
    ]) {
      const refused = await post(product.id, 'campaigns', bad);
      expect(await noticeOn(product.id, refused)).toContain('Ange ett namn, en rabatt från 1 till 90 procent');
    }
  });

  test('a hidden product is gone from its page and search at once, and comes back when published', async () => {
    const product = await createProduct({ name: 'Gömd Penna Admin' });
    const path = `/p/${product.alias}`;
    expect(await keptPage(path)).toContain('Gömd Penna Admin');
    const hidden = await post(product.id, 'visibility', { published: '0' });
    expect(await noticeOn(product.id, hidden)).toContain(
      'Produkten är dold: ingen sida, lista eller sökning visar den.',
    );
    expect((await view(path)).status).toBe(404);
    expect((await view('/s/g%C3%B6md%20penna%20admin')).text).not.toContain('Gömd Penna Admin');
    await post(product.id, 'visibility', { published: '1' });
    const back = await view(path);
    expect(back.status).toBe(200);
    expect(back.text).toContain('Gömd Penna Admin');
  });

  test('an unknown or malformed product is the 404 page', async () => {
    expect((await admin('/admin/products/999999999', { as: STAFF })).status).toBe(404);
    expect((await post(999999999, 'stock', {})).status).toBe(404);
    expect((await admin('/admin/products/abc', { as: STAFF })).status).toBe(404);
  });
});
