// Spec §8 ("404", "Error page failure"): a path of only slashes (what a crawler makes of a broken link, or
// a probe) is a page the shop does not have, answered as any unknown path: the localized 404 page with
// status 404, never the generic error page, and the error page itself renders whole.
import { describe, expect, test } from 'vitest';
import { createExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/app';
import { env, fetchWorker } from '../helpers';

const app = createApp();
const NOT_FOUND_TITLE = 'Sidan du söker kunde tyvärr inte hittas';

/**
 * A request whose URL keeps a backslash as a raw HTTP client sends it (`GET /\ HTTP/1.1`): the Request
 * constructor would read `\` as `/` (WHATWG URL), so the URL is given as it came off the wire.
 */
function rawRequest(url: string): Request {
  const request = new Request(url.replaceAll('\\', '/'), { redirect: 'manual' });
  return new Proxy(request, {
    get: (target, key) => (key === 'url' ? url : Reflect.get(target, key, target)),
  });
}

async function expectNotFoundPage(response: Response, path: string) {
  const html = await response.text();
  expect(response.status, path).toBe(404);
  expect(response.headers.get('Location'), path).toBeNull();
  expect(html, path).toContain(NOT_FOUND_TITLE);
  // The whole page, header and footer included, not the last-resort page of a failed error page.
  expect(html, path).not.toContain('An error occurred while showing the error page');
  expect(html, path).toContain('id="newsletter-email"');
}

describe('paths of only slashes', () => {
  test('//, /// and //?q=1 answer the 404 page with status 404', async () => {
    for (const path of ['//', '///', '//?q=1']) {
      const request = new Request(`http://127.0.0.1${path}`, { redirect: 'manual' });
      expect(new URL(request.url).pathname, 'the double slash reaches the worker').toBe(path.split('?')[0]);
      await expectNotFoundPage(await fetchWorker(path, { redirect: 'manual' }), path);
    }
  });

  test('/\\ (a backslash, as a raw HTTP client sends it) answers the 404 page with status 404', async () => {
    const request = rawRequest('http://127.0.0.1/\\');
    expect(request.url).toBe('http://127.0.0.1/\\');
    await expectNotFoundPage(await app.fetch(request, env, createExecutionContext()), '/\\');
  });

  test('with markets in the path too, a path of slashes is the 404 page', async () => {
    for (const path of ['//', '///', '//?q=1']) {
      const response = await app.request(
        path,
        { redirect: 'manual' },
        { ...env, MARKET_IN_PATH: 'true' },
        createExecutionContext(),
      );
      await expectNotFoundPage(response, path);
    }
    const backslash = await app.fetch(
      rawRequest('http://127.0.0.1/\\'),
      { ...env, MARKET_IN_PATH: 'true' },
      createExecutionContext(),
    );
    await expectNotFoundPage(backslash, '/\\');
  });
});
