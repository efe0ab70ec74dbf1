// Issue 28: what the service worker does with a request (client/sw/offline-rules.ts).
import { describe, expect, test } from 'vitest';
import {
  copyOf,
  keepsImage,
  localeOfPage,
  localeOfPath,
  loggedInOf,
  offlineCopy,
  readOnly,
  requestKind,
  unusedBuildCaches,
} from '../../client/sw/offline-rules';

const ORIGIN = 'https://www.kontorsgiganten.se';
const at = (path: string) => new URL(path, ORIGIN);

describe('the service worker', () => {
  test('serves hashed files from its caches, keeps pages, and leaves the API, forms and the back office alone', () => {
    expect(requestKind(at('/assets/entry-AB12.js'), ORIGIN, 'no-cors')).toBe('asset');
    expect(requestKind(at('/p/pilot-g-tec-630'), ORIGIN, 'navigate')).toBe('page');
    expect(requestKind(at('/en/c/parmar?sort=PRICE'), ORIGIN, 'navigate')).toBe('page');
    expect(requestKind(at('/admin/orders'), ORIGIN, 'navigate')).toBe('network');
    expect(requestKind(at('/api/cart/add'), ORIGIN, 'navigate')).toBe('network');
    expect(requestKind(at('/graphql'), ORIGIN, 'cors')).toBe('network');
    expect(requestKind(at('/p/pilot-g-tec-630'), ORIGIN, 'cors')).toBe('network');
    expect(requestKind(new URL('https://www.googletagmanager.com/gtm.js'), ORIGIN, 'no-cors')).toBe('network');
  });

  test("keeps the catalog's pictures, never a private or partial answer", () => {
    expect(requestKind(at('/images/products/gelpen-blue.svg'), ORIGIN, 'no-cors')).toBe('image');
    expect(requestKind(at('/images/products/gelpen-blue.svg'), ORIGIN, 'navigate')).toBe('network');
    const picture = (cacheControl: string) =>
      new Headers({ 'Content-Type': 'image/svg+xml', 'Cache-Control': cacheControl });
    expect(keepsImage(200, picture('public, max-age=86400'))).toBe(true);
    expect(keepsImage(200, picture('private, max-age=60'))).toBe(false);
    expect(keepsImage(200, picture('no-store'))).toBe(false);
    expect(keepsImage(206, picture('public, max-age=86400'))).toBe(false);
    expect(keepsImage(200, new Headers({ 'Content-Type': 'text/html' }))).toBe(false);
  });

  test('learns from every page whether a customer is logged in', () => {
    expect(loggedInOf(new Headers({ 'X-Offline-Session': 'customer' }))).toBe(true);
    expect(loggedInOf(new Headers({ 'X-Offline-Session': 'guest' }))).toBe(false);
    expect(loggedInOf(new Headers())).toBeNull();
    expect(loggedInOf(new Headers({ 'X-Offline-Session': 'staff' }))).toBeNull();
  });

  test('keeps a copy only of a page the shop marked, as it marked it', () => {
    const html = (copy?: string) =>
      new Headers({ 'Content-Type': 'text/html; charset=UTF-8', ...(copy ? { 'X-Offline-Copy': copy } : {}) });
    expect(copyOf(200, html('public'))).toBe('public');
    expect(copyOf(200, html('personal'))).toBe('personal');
    expect(copyOf(200, html())).toBeNull();
    expect(copyOf(200, html('everything'))).toBeNull();
    expect(copyOf(404, html('public'))).toBeNull();
    expect(copyOf(200, new Headers({ 'Content-Type': 'application/json', 'X-Offline-Copy': 'public' }))).toBeNull();
  });

  test('speaks the language of the page: its locale prefix, also after a market in the path', () => {
    expect(localeOfPath('/p/pilot')).toBe('sv');
    expect(localeOfPath('/en/p/pilot')).toBe('en');
    expect(localeOfPath('/no/nb/p/pilot')).toBe('nb');
    // Finland's market in Swedish: the language is the second segment, not the market's alias.
    expect(localeOfPath('/fi/sv/p/pilot')).toBe('sv');
    expect(localeOfPath('/fi')).toBe('fi');
    expect(localeOfPath('/english-page')).toBe('sv');
  });

  test("speaks the language a kept page was written in, its path's when it does not say", () => {
    expect(localeOfPage('<html lang="da"><body>', '/p/pilot')).toBe('da');
    expect(localeOfPage('<html data-x="" lang="nb-NO">', '/p/pilot')).toBe('nb');
    expect(localeOfPage('<html lang="de">', '/fi/p/pilot')).toBe('fi');
    expect(localeOfPage('<html>', '/en/p/pilot')).toBe('en');
  });

  test("shows a kept page marked offline, its notice first, the notice's text as text", () => {
    const page = '<!DOCTYPE html><html lang="sv-SE"><head></head><body class="x"><main>Pärmar</main></body></html>';
    expect(offlineCopy(page, 'Du är offline <b>nu</b>', '/assets/styles-NEW.css')).toBe(
      '<!DOCTYPE html><html data-offline="" lang="sv-SE"><head></head><body class="x"><p class="offline-notice" role="status">Du är offline &lt;b&gt;nu&lt;/b&gt;</p><main>Pärmar</main></body></html>',
    );
  });

  test("shows a page read-only in this build's stylesheet: its forms inert, without its page script, its inline data kept", () => {
    const page = [
      '<html lang="sv"><head><link rel="modulepreload" fetchPriority="low" nonce="n" href="/assets/entry-A1.js"/>',
      '<link rel="stylesheet" href="/assets/styles-OLD.css"/></head>',
      '<body><form class="buy-form" action="/api/cart/add" method="post"><button>Köp</button></form>',
      '<form>',
      '<script type="application/json" id="shop-scope" nonce="n">{"loggedIn":false}</script>',
      '<script type="module" src="/assets/entry-A1.js" nonce="n" async=""></script></body></html>',
    ].join('');
    expect(readOnly(page, '/assets/styles-NEW.css')).toBe(
      [
        '<html data-offline="" lang="sv"><head>',
        '<link rel="stylesheet" href="/assets/styles-NEW.css"/></head>',
        '<body>',
        '<form inert="" class="buy-form" action="/api/cart/add" method="post"><button>Köp</button></form>',
        '<form inert="">',
        '<script type="application/json" id="shop-scope" nonce="n">{"loggedIn":false}</script>',
        // Back online, the page loads again from the network; its own nonce lets the line run.
        `<script nonce="n">addEventListener('online',()=>setTimeout(()=>location.reload(),1000),{once:true})</script>`,
        '</body></html>',
      ].join(''),
    );
  });
});

describe('after a deployment', () => {
  // Three builds' caches: the one before last, the last (an open page still uses it), the new one.
  const CACHES = ['shop-assets-aaa', 'shop-assets-bbb', 'shop-assets-new'];
  const ENTRIES: Record<string, string> = {
    'shop-assets-aaa': 'https://shop.test/assets/entry-AAA.js',
    'shop-assets-bbb': 'https://shop.test/assets/entry-BBB.js',
    'shop-assets-new': 'https://shop.test/assets/entry-NEW.js',
  };
  const holds = async (cache: string, entry: string) => ENTRIES[cache] === entry;

  test('an earlier build stays while a page of it is open, and goes when none is', async () => {
    const pages = ['https://shop.test/assets/entry-BBB.js', 'https://shop.test/assets/entry-NEW.js'];
    expect(await unusedBuildCaches(CACHES, 'shop-assets-new', pages, holds)).toEqual(['shop-assets-aaa']);
    expect(
      await unusedBuildCaches(CACHES, 'shop-assets-new', ['https://shop.test/assets/entry-NEW.js'], holds),
    ).toEqual(['shop-assets-aaa', 'shop-assets-bbb']);
  });

  test('nothing goes while an open page has not said which build it is', async () => {
    const pages = ['https://shop.test/assets/entry-NEW.js', undefined];
    expect(await unusedBuildCaches(CACHES, 'shop-assets-new', pages, holds)).toEqual([]);
  });

  test('with no page open, every earlier build goes and the new one stays', async () => {
    expect(await unusedBuildCaches(CACHES, 'shop-assets-new', [], holds)).toEqual([
      'shop-assets-aaa',
      'shop-assets-bbb',
    ]);
  });
});
