// Issue 27, catalog import: a CSV of two products with one bad row is refused whole, every problem by its
// line; fixed, it is checked, applied through the import queue in batches and found in the shop's search;
// applied again it changes nothing twice. JSON works the same. Staff who only read cannot upload.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createExecutionContext } from 'cloudflare:test';
import { env, fetchWorker } from '../helpers';
import { applyImports } from '../../worker/admin/import-consumer';
import { accessShop, addStaffMember, noticeCookie, serveTeamCerts, textOf, accessToken } from './admin-helpers';
import { createApp } from '../../worker/app';

const STAFF = 'import@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
  await addStaffMember('ser-bara@kontorsgiganten.se', 'viewer');
});
afterAll(() => stop());

const app = createApp();
/** The import queue, as the worker would send to it: the messages are kept for the test to deliver. */
const sent: unknown[] = [];
const shop = {
  ...accessShop,
  IMPORT_QUEUE: {
    async sendBatch(messages: { body: unknown }[]) {
      sent.push(...messages.map((message) => message.body));
    },
  },
};

async function request(path: string, init: { as?: string; body?: FormData; cookie?: string } = {}) {
  const headers = new Headers({ 'Cf-Access-Jwt-Assertion': await accessToken(init.as ?? STAFF) });
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.body) headers.set('Origin', 'http://127.0.0.1');
  return app.request(
    `http://127.0.0.1${path}`,
    { method: init.body ? 'POST' : 'GET', headers, body: init.body, redirect: 'manual' },
    shop,
    createExecutionContext(),
  );
}

function upload(name: string, content: string, as?: string) {
  const body = new FormData();
  body.set('file', new File([content], name, { type: name.endsWith('.json') ? 'application/json' : 'text/csv' }));
  return request('/admin/import', { body, as });
}

/** Delivers what the apply sent, as the queue would: every message once. */
async function deliver() {
  const messages = sent.splice(0).map((body, index) => ({
    id: String(index),
    timestamp: new Date(),
    attempts: 1,
    body,
    ack() {},
    retry() {},
  }));
  await applyImports({ queue: 'edge-storefront-import', messages, ackAll() {}, retryAll() {} } as never, env);
}

const suffix = String(Date.now()).slice(-6);
const HEADER = 'product;sku;gtin;name;brand;category;stock;price_SEK;price_EUR;published';
const good = [
  `IMP-${suffix}-A;IMP-${suffix}-A1;7350000001006;Importpenna Azur ${suffix};Pilot;kulspetspennor;40;29,90;2,90;ja`,
  `IMP-${suffix}-B;IMP-${suffix}-B1;7350000001013;Importpenna Bärnsten ${suffix};Pilot;kulspetspennor;12;35;3,50;ja`,
];

describe('a catalog import', () => {
  test('a file with a bad row is refused whole, every problem by its line, nothing kept', async () => {
    const bad = [
      HEADER,
      good[0],
      `IMP-${suffix}-B;IMP-${suffix}-B1;7350000001012;;Okänt Märke;kulspetspennor;tolv;35;;kanske`,
    ].join('\n');
    const before = (await env.DB.prepare('SELECT COUNT(*) AS n FROM catalog_imports').first<{ n: number }>())!.n;
    const response = await upload('produkter.csv', bad);
    expect(response.status).toBe(422);
    const text = textOf(await response.text());
    expect(text).toContain('Filen har fel Inget är ändrat.');
    expect(text).toContain('Rad 3: EAN 7350000001012 är inte ett giltigt EAN-13');
    expect(text).toContain('Rad 3: lagret tolv är inte ett heltal från 0 till 1 000 000');
    expect(text).toContain('Rad 3: published kanske ska vara ja eller nej');
    expect(text).not.toContain('Rad 2:');
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM catalog_imports').first<{ n: number }>())!.n).toBe(before);
    expect(
      await env.DB.prepare('SELECT id FROM products WHERE article_number = ?').bind(`IMP-${suffix}-A`).first(),
    ).toBeNull();
  });

  test('catalog problems are found too: unknown brand and category, a new product without a name', async () => {
    const text = textOf(
      await (
        await upload(
          'produkter.csv',
          [HEADER, `IMP-${suffix}-C;IMP-${suffix}-C1;7350000001020;;Okänt Märke;finns-inte;1;10;;ja`].join('\n'),
        )
      ).text(),
    );
    expect(text).toContain('Rad 2: varumärket Okänt Märke finns inte');
    expect(text).toContain('Rad 2: kategorin finns-inte finns inte');
    expect(text).toContain('Rad 2: en ny produkt behöver name');
    const columns = textOf(await (await upload('x.csv', 'product;sku;farg\nA;A1;röd')).text());
    expect(columns).toContain('Rad 1: okänd kolumn farg');
    const date = textOf(await (await upload('x.csv', 'product;sku;available_from\nA;A1;1 maj')).text());
    expect(date).toContain('Rad 2: available_from 1 maj ska vara ett datum ÅÅÅÅ-MM-DD');
  });

  test('fixed, it is checked, applied in batches, and the shop finds the products', async () => {
    const checked = await upload('produkter.csv', `\uFEFF${[HEADER, ...good].join('\r\n')}\r\n`);
    expect(checked.status).toBe(303);
    const path = checked.headers.get('Location')!;
    expect(path).toMatch(/^\/admin\/import\/\d+$/);
    const page = textOf(await (await request(path, { cookie: noticeCookie(checked) })).text());
    expect(page).toContain('Filen är kontrollerad utan fel.');
    expect(page).toContain('2 artiklar i 2 produkter, varav 2 nya produkter och 2 nya artiklar.');
    const applied = await request(`${path}/apply`, { body: new FormData() });
    expect(applied.status).toBe(303);
    expect(sent).toEqual([{ importId: Number(path.split('/').pop()), batch: 0 }]);
    const running = await (await request(path)).text();
    expect(running).toContain('<meta http-equiv="refresh" content="2"/>');
    expect(textOf(running)).toContain('Omgång 0 av 1');
    await deliver();
    const done = await (await request(path)).text();
    expect(textOf(done)).toContain('Klar');
    expect(done).not.toContain('http-equiv="refresh"');
    const search = textOf(await (await fetchWorker(`/s/importpenna%20${suffix}`)).text());
    expect(search).toContain(`Importpenna Azur ${suffix}`);
    expect(search).toContain(`Importpenna Bärnsten ${suffix}`);
    const product = await env.DB.prepare(
      `SELECT t.alias, s.stock, s.gtin, pr.regular_inc_vat, p.is_active FROM products p
       JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE' JOIN skus s ON s.product_id = p.id
       JOIN prices pr ON pr.product_id = p.id AND pr.market_id = '1|se' WHERE p.article_number = ?`,
    )
      .bind(`IMP-${suffix}-A`)
      .first<{ alias: string; stock: number; gtin: string; regular_inc_vat: number; is_active: number }>();
    expect(product).toMatchObject({ stock: 40, gtin: '7350000001006', regular_inc_vat: 2990, is_active: 1 });
    const pageText = textOf(await (await fetchWorker(`/p/${product!.alias}`)).text());
    expect(pageText).toContain('Pris 29,90 kr inkl. moms');

    // Applied again: nothing made twice.
    await request(`${path}/apply`, { body: new FormData() });
    await deliver();
    const counts = await env.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM products WHERE article_number LIKE ?1) AS products, (SELECT COUNT(*) FROM skus WHERE article_number LIKE ?1) AS skus',
    )
      .bind(`IMP-${suffix}-%`)
      .first();
    expect(counts).toEqual({ products: 2, skus: 2 });
  });

  test('a JSON file updates prices and stock of what is there; a viewer cannot upload', async () => {
    const json = JSON.stringify([
      {
        product: `IMP-${suffix}-A`,
        sku: `IMP-${suffix}-A1`,
        stock: '0',
        price_SEK: '24,90',
        available_from: '2020-05-01',
      },
    ]);
    const checked = await upload('pris.json', json);
    expect(checked.status).toBe(303);
    const path = checked.headers.get('Location')!;
    expect(textOf(await (await request(path)).text())).toContain(
      '1 artiklar i 1 produkter, varav 0 nya produkter och 0 nya artiklar.',
    );
    await request(`${path}/apply`, { body: new FormData() });
    await deliver();
    const after = await env.DB.prepare(
      `SELECT s.stock, pr.regular_inc_vat FROM skus s JOIN prices pr ON pr.product_id = s.product_id AND pr.market_id = '1|se'
       WHERE s.article_number = ?`,
    )
      .bind(`IMP-${suffix}-A1`)
      .first();
    expect(after).toEqual({ stock: 0, regular_inc_vat: 2490 });
    expect(
      await env.DB.prepare('SELECT first_available_on FROM products WHERE article_number = ?')
        .bind(`IMP-${suffix}-A`)
        .first(),
    ).toEqual({ first_available_on: '2020-05-01' });
    expect((await upload('pris.json', json, 'ser-bara@kontorsgiganten.se')).status).toBe(403);
  });
});
