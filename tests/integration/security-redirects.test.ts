// Issue 12, "Open redirect": every redirect the shop builds from request data passes the one same-site
// rule (worker/urls/same-site.ts). Each case is a probe that left the site before the fix.
import { describe, expect, test } from 'vitest';
import { createExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/app';
import { env, fetchWorker } from '../helpers';
import { postForm } from './forms-helpers';

const app = createApp();

/** Where a browser goes with this Location, seen from a page of the shop. */
function landsOn(location: string | null): string {
  return new URL(location ?? '', 'https://shop.example/p/x').origin;
}

const get = (path: string, headers: Record<string, string> = {}) => fetchWorker(path, { headers, redirect: 'manual' });
const getInPath = (path: string) =>
  Promise.resolve(
    app.request(path, { redirect: 'manual' }, { ...env, MARKET_IN_PATH: 'true' }, createExecutionContext()),
  );

describe('redirects never leave the site', () => {
  test('the automated-discount landing on //evil.example/ (and /\\, ///) stays on the shop', async () => {
    for (const path of ['//evil.example/?pv2=x', '/\\evil.example/?pv2=x', '///evil.example/?pv2=x']) {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(landsOn(response.headers.get('Location'))).toBe('https://shop.example');
      expect(response.headers.get('Location')).toBe('/evil.example/');
    }
  });

  test('with markets in the path too', async () => {
    for (const path of ['//evil.example/?pv2=x', '//evil.example/se/sv?pv2=x']) {
      const response = await getInPath(path);
      expect(response.status).toBeGreaterThanOrEqual(300);
      expect(response.status).toBeLessThan(400);
      expect(landsOn(response.headers.get('Location'))).toBe('https://shop.example');
    }
  });

  test('a form redirect of /.//evil on the newsletter and stock-notification forms is refused, never followed', async () => {
    const newsletter = await postForm('/api/newsletter', { redirect: '/.//evil.example/', email: 'a@example.com' });
    expect(newsletter.status).toBe(400);
    expect(newsletter.headers.get('Location')).toBeNull();
    const notify = await postForm('/api/stock-notification', {
      redirect: '/.//evil.example/',
      email: 'a@example.com',
      skuId: '1',
    });
    expect(notify.status).toBe(400);
    expect(notify.headers.get('Location')).toBeNull();
    // A form whose redirect falls back to the start page does so too (the cart forms).
    const cart = await postForm('/api/cart/update', { redirect: '/.//evil.example/', itemId: 'x', quantity: '1' });
    expect(cart.status).toBe(303);
    expect(cart.headers.get('Location')).toBe('/');
  });

  test('an empty search with a hostile Referer goes to the start page', async () => {
    for (const referer of ['http://127.0.0.1//evil.example/', 'http://127.0.0.1/.//evil.example/']) {
      const response = await get('/api/search?q=', { Referer: referer });
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toBe('/');
    }
  });
});
