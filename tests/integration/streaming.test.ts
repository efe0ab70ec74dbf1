import { expect, test } from 'vitest';
import { env } from '../helpers';
import { createApp } from '../../worker/app';
import { defaultLoaders, type PageLoaders } from '../../worker/pages/loaders';

/**
 * Reads a streamed response in two steps: what arrives before the stream goes quiet (it may stay open,
 * waiting for slow data), then the rest until it ends.
 */
function streamReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let waiting: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const next = () => (waiting ??= reader.read());
  return {
    /** Everything delivered until nothing more comes for `quietMs`. */
    async untilQuiet(quietMs: number): Promise<string> {
      let text = '';
      for (;;) {
        const quiet = new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), quietMs));
        const chunk = await Promise.race([next(), quiet]);
        if (chunk === 'quiet') return text;
        waiting = undefined;
        if (chunk.done) return text;
        text += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** Everything else, to the end of the stream. */
    async rest(): Promise<string> {
      let text = '';
      for (;;) {
        const chunk = await next();
        waiting = undefined;
        if (chunk.done) return text;
        text += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}

test('the shell streams before a slow data source resolves, and its data follows in the same response', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let resolved = false;
  const slowLoaders: PageLoaders = {
    // Deliberately slow data sources: nothing resolves until the test says so.
    async productShelf(c, selection) {
      await gate;
      resolved = true;
      return defaultLoaders.productShelf(c, selection);
    },
    async currentCampaigns(c) {
      await gate;
      return defaultLoaders.currentCampaigns(c);
    },
  };
  const response = await createApp({ loaders: slowLoaders }).request('/', {}, env);
  expect(response.status).toBe(200);
  const stream = streamReader(response.body!);

  // The whole shell arrives (in however many chunks) while the slow sources are still held back.
  const first = await stream.untilQuiet(300);
  expect(resolved).toBe(false);
  expect(first).toContain('<html lang="sv">');
  expect(first).toContain('Allt för kontoret');
  expect(first).toContain('Vinterrea – upp till 30 % rabatt'); // the editors' banner is in the shell
  expect(first).toContain('Hämtar produkter…');
  expect(first).toContain('Hämtar kampanjer…');
  expect(first).not.toContain('class="product-card"');
  expect(first).not.toContain('class="campaign-card"');

  release();
  const rest = await stream.rest();
  expect(resolved).toBe(true);
  expect(rest).toContain('class="product-card"');
  expect(rest).toContain('class="campaign-card"');
  expect(rest).toContain('</html>');
});

test('a failing deferred source shows a notice in its place and the page still completes', async () => {
  const failing: PageLoaders = {
    productShelf: () => Promise.reject(new Error('catalog unavailable')),
    currentCampaigns: () => Promise.reject(new Error('campaigns unavailable')),
  };
  const response = await createApp({ loaders: failing }).request('/', {}, env);
  expect(response.status).toBe(200);
  const body = await response.text();
  expect(body).toContain('Något gick tyvärr fel. Försök gärna igen');
  expect(body).toContain('Aktuella kampanjer');
  expect(body).not.toContain('unavailable');
  expect(body).not.toContain('class="product-card"');
  expect(body).toContain('</html>');
});
