// Issue 27, product images: staff upload a PNG, JPEG or WebP (read from its own bytes) to R2; it is served
// at /images/products/{file} and the reference storefront's /product/{size}/{file}, and the product page
// shows it at once. Anything that is not such an image changes nothing; removing it removes the file too.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, fetchWorker } from '../helpers';
import { createProduct } from './factories';
import { accessShop, accessToken, addStaffMember, noticeCookie, serveTeamCerts, textOf } from './admin-helpers';
import { createApp } from '../../worker/app';

const STAFF = 'bild@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
});
afterAll(() => stop());

/** A real 1 × 1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (character) => character.charCodeAt(0),
);

const app = createApp();
async function post(path: string, body?: FormData, cookie?: string) {
  const headers = new Headers({ 'Cf-Access-Jwt-Assertion': await accessToken(STAFF), Origin: 'http://127.0.0.1' });
  if (cookie) headers.set('Cookie', cookie);
  const ctx = createExecutionContext();
  const response = await app.request(
    `http://127.0.0.1${path}`,
    { method: body ? 'POST' : 'GET', headers, body, redirect: 'manual' },
    accessShop,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
function imageForm(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set('image', new File([bytes.slice().buffer as ArrayBuffer], name, { type }));
  return form;
}

describe('product images', () => {
  test('an uploaded PNG is stored, served at both addresses, and shown on the product page at once', async () => {
    const product = await createProduct({ name: 'Bildpenna Admin' });
    const added = await post(`/admin/products/${product.id}/images`, imageForm(PNG, 'foto.png', 'image/png'));
    expect(added.status).toBe(303);
    const page = textOf(await (await post(`/admin/products/${product.id}`, undefined, noticeCookie(added))).text());
    expect(page).toContain('Bilden är tillagd.');
    expect(page).toContain('Bild 1 (1 × 1)');
    const row = await env.DB.prepare('SELECT file_name, width, height FROM product_images WHERE product_id = ?')
      .bind(product.id)
      .first<{ file_name: string; width: number; height: number }>();
    expect(row).toMatchObject({ width: 1, height: 1 });
    expect(row!.file_name).toMatch(new RegExp(`^bildpenna-admin-${product.id}-[0-9a-f]{8}\\.png$`));
    for (const path of [`/images/products/${row!.file_name}`, `/product/300f300/${row!.file_name}`]) {
      const image = await fetchWorker(path);
      expect(image.status).toBe(200);
      expect(image.headers.get('Content-Type')).toBe('image/png');
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    }
    expect(await (await fetchWorker(`/p/${product.alias}`)).text()).toContain(row!.file_name);

    const removed = await post(`/admin/products/${product.id}/images/1/remove`, new FormData());
    expect(
      textOf(await (await post(`/admin/products/${product.id}`, undefined, noticeCookie(removed))).text()),
    ).toContain('Bilden är borttagen.');
    expect((await fetchWorker(`/images/products/${row!.file_name}`)).status).toBe(404);
    expect(await env.PRODUCT_IMAGES.get(`products/${row!.file_name}`)).toBeNull();
  });

  test('a file that is not an image, whatever its name says, changes nothing', async () => {
    const product = await createProduct();
    const fake = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
    const refused = await post(`/admin/products/${product.id}/images`, imageForm(fake, 'bild.png', 'image/png'));
    expect(
      textOf(await (await post(`/admin/products/${product.id}`, undefined, noticeCookie(refused))).text()),
    ).toContain('Filen är inte en PNG-, JPEG- eller WebP-bild (högst 5 MB).');
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM product_images WHERE product_id = ?').bind(product.id).first(),
    ).toEqual({
      n: 0,
    });
    expect((await fetchWorker('/images/products/..%2F..%2Fetc.png')).status).toBe(404);
  });
});
