// Issue 28: the web app manifest of each language, the offline page the service worker keeps, and which
// pages it may keep a copy of (X-Offline-Copy).
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env, fetchWorker } from '../helpers';
import { loggedInCustomer } from './cart-helpers';

const app = createApp();

describe('installing the shop', () => {
  test('each language has a manifest that starts on its own start page, in the theme colour', async () => {
    const swedish = await fetchWorker('/manifest.webmanifest');
    expect(swedish.headers.get('Content-Type')).toBe('application/manifest+json; charset=utf-8');
    expect(await swedish.json()).toMatchObject({
      name: 'Kontorsgiganten',
      lang: 'sv-SE',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#FDD600',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
      ],
    });
    const finnish = await (await fetchWorker('/manifest.webmanifest?locale=fi')).json();
    expect(finnish).toMatchObject({ lang: 'fi-FI', start_url: '/fi' });
    // An unknown language is the page's own.
    const unknown = (await (await fetchWorker('/manifest.webmanifest?locale=xx')).json()) as { start_url: string };
    expect(unknown.start_url).toBe('/');
  });

  test("a page links its language's manifest", async () => {
    const html = await (await fetchWorker('/en/om-oss')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest?locale=en"/>');
  });

  test('the offline page says so in each language', async () => {
    const swedish = await fetchWorker('/offline');
    expect(swedish.status).toBe(200);
    expect(await swedish.text()).toContain('<h1 class="error-page__title">Du är offline</h1>');
    expect(await (await fetchWorker('/nb/offline')).text()).toContain('Du er frakoblet');
  });

  test('with the market in the path the offline pages are where the service worker asks for them', async () => {
    // Before, /offline was redirected to /se/sv/offline, which is no page: the worker's install failed.
    const withMarkets = { ...env, MARKET_IN_PATH: 'true' };
    const swedish = await app.request('/offline', { redirect: 'manual' }, withMarkets, createExecutionContext());
    expect(swedish.status).toBe(200);
    const swedishHtml = await swedish.text();
    expect(swedishHtml).toContain('<html lang="sv">');
    expect(swedishHtml).toContain('<h1 class="error-page__title">Du är offline</h1>');
    const english = await app.request('/en/offline', { redirect: 'manual' }, withMarkets, createExecutionContext());
    expect(english.status).toBe(200);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en">');
    expect(englishHtml).toContain('<h1 class="error-page__title">You are offline</h1>');
    // Only those: a page without its market is still sent to the market's address.
    const page = await app.request('/en/om-oss', { redirect: 'manual' }, withMarkets, createExecutionContext());
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toMatch(/^\/se\/en\//);
  });

  test("catalog pages may be kept for offline reading, the checkout as the shopper's own, my pages never", async () => {
    expect((await fetchWorker('/')).headers.get('X-Offline-Copy')).toBe('public');
    expect((await fetchWorker('/kassan')).headers.get('X-Offline-Copy')).toBe('personal');
    const account = await fetchWorker('/mina-sidor/ordrar', { redirect: 'manual' });
    expect(account.headers.get('X-Offline-Copy')).toBeNull();
    expect((await fetchWorker('/finns-inte-alls')).headers.get('X-Offline-Copy')).toBeNull();
  });

  test("a customer's catalog pages are kept only as their own copies, and every page says who is logged in", async () => {
    const customer = await loggedInCustomer(`offline-${Date.now()}@example.com`);
    const asCustomer = { headers: { Cookie: `ralph-auth=${customer.token}` } };
    const category = await fetchWorker('/c/skriva-rita', asCustomer);
    expect(category.headers.get('X-Offline-Copy')).toBe('personal');
    expect(category.headers.get('X-Offline-Session')).toBe('customer');
    const product = await fetchWorker('/p/pilot-g-tec-c4-gelpenna-0-4-mm-bla-630', asCustomer);
    expect(product.headers.get('X-Offline-Copy')).toBe('personal');
    // A guest's copy of the same page holds nothing of anyone's.
    const guest = await fetchWorker('/c/skriva-rita');
    expect(guest.headers.get('X-Offline-Copy')).toBe('public');
    expect(guest.headers.get('X-Offline-Session')).toBe('guest');
    // A shopper with a stock notice's e-mail address kept for its form sees it again: their own copy.
    const withEmail = await fetchWorker('/p/pilot-g-tec-c4-gelpenna-0-4-mm-bla-630', {
      headers: { Cookie: 'ralph-notify-email=anna%40example.com' },
    });
    expect(withEmail.headers.get('X-Offline-Copy')).toBe('personal');
    expect(withEmail.headers.get('X-Offline-Session')).toBe('guest');
    // My pages are never kept, but still say a customer is logged in.
    const account = await fetchWorker('/mina-sidor/ordrar', asCustomer);
    expect(account.status).toBe(200);
    expect(account.headers.get('X-Offline-Copy')).toBeNull();
    expect(account.headers.get('X-Offline-Session')).toBe('customer');
  });

  test('the service worker may be registered: the policy allows a worker from the shop itself', async () => {
    const policy = (await fetchWorker('/')).headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});
