import { expect, test } from 'vitest';
import { env } from '../helpers';
import { createApp } from '../../worker/app';
import { defaultLoaders, type PageLoaders } from '../../worker/pages/loaders';

test('the shell streams before a slow data source resolves, and its data follows in the same response', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let resolved = false;
  const slowLoaders: PageLoaders = {
    async homeProducts(c, sort, take) {
      await gate; // a deliberately slow data source: nothing resolves until the test says so
      resolved = true;
      return defaultLoaders.homeProducts(c, sort, take);
    },
  };
  const response = await createApp({ loaders: slowLoaders }).request('/', {}, env);
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();

  const first = decoder.decode((await reader.read()).value);
  expect(resolved).toBe(false);
  expect(first).toContain('<html lang="sv">');
  expect(first).toContain('Allt för kontoret');
  expect(first).toContain('Hämtar produkter…');
  expect(first).not.toContain('class="product-card"');

  release();
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
  expect(resolved).toBe(true);
  expect(rest).toContain('class="product-card"');
  expect(rest).toContain('</html>');
});

test('a failing deferred source shows a notice in its place and the page still completes', async () => {
  const failing: PageLoaders = {
    homeProducts: () => Promise.reject(new Error('catalog unavailable')),
  };
  const response = await createApp({ loaders: failing }).request('/', {}, env);
  expect(response.status).toBe(200);
  const body = await response.text();
  expect(body).toContain('Något gick tyvärr fel. Försök gärna igen');
  expect(body).not.toContain('catalog unavailable');
  expect(body).toContain('</html>');
});
