// Every route of the app fits Hono's RegExpRouter, the first and fastest router of its SmartRouter: one
// route it cannot take (a parameter where other routes have text, like `/:first/checkout/pay` beside `/api`)
// made the SmartRouter match every request with its TrieRouter, about 7 % of a kept page's CPU
// (worker/routes/prefixed.ts). The pages those routes served still answer under their prefixes.
import { describe, expect, test } from 'vitest';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { createApp } from '../../worker/app';
import { env, fetchWorker } from '../helpers';

describe("the app's router", () => {
  test('RegExpRouter takes every route, and the app matches with it', async () => {
    const app = createApp();
    const router = new RegExpRouter<unknown>();
    const refused: string[] = [];
    for (const { method, path, handler } of app.routes) {
      try {
        router.add(method, path, handler);
      } catch {
        refused.push(`${method} ${path}`);
      }
    }
    expect(refused).toEqual([]);
    expect((await app.request('/robots.txt', {}, env)).status).toBe(200);
    expect(app.router.name).toBe('SmartRouter + RegExpRouter');
  });

  test('the offline page, a sitemap and the payment step still answer where they did', async () => {
    expect((await fetchWorker('/en/offline')).status).toBe(200);
    expect((await fetchWorker('/nb/offline')).status).toBe(200);
    expect((await fetchWorker('/xx/offline')).status).toBe(404);
    const sitemap = await fetchWorker('/sitemap-sv.xml');
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain('<urlset');
    expect((await fetchWorker('/sitemap-xx.xml')).status).toBe(404);
    // Someone else's (here: nobody's) order: the 404 page, with or without prefixes, as before.
    for (const path of ['/checkout/pay', '/en/checkout/pay', '/se/en/checkout/pay'])
      expect((await fetchWorker(`${path}?orderId=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetchWorker('/a/b/c/checkout/pay')).status).toBe(404);
  });
});
