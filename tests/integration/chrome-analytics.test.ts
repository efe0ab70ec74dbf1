// The tag manager's configuration (spec §7; issue 5 "Analytics"): GTM_ID is validated once; only when
// it is set does the page data name the container and the Content-Security-Policy allow Google's tag and
// analytics hosts. Without it the policy stays as strict as before.
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { readConfig } from '../../worker/config';
import { GTM_SOURCES } from '../../worker/middleware/security-headers';
import { env, fetchWorker } from '../helpers';

const app = createApp();
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

function pageData(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="page-data"[^>]*>([^<]*)<\/script>/.exec(html);
  return JSON.parse(json![1]!) as Record<string, unknown>;
}

describe('tag manager configuration', () => {
  test('without GTM_ID the page data names no container and the policy allows no Google host', async () => {
    const response = await fetchWorker('/');
    const policy = response.headers.get('Content-Security-Policy')!;
    expect(policy).not.toContain('google');
    expect(policy).toContain("connect-src 'self'");
    expect(pageData(await response.text()).gtm_id).toBeNull();
  });

  test('with GTM_ID the page data names it and the policy allows the tag and analytics hosts', async () => {
    const response = await app.request('/en', {}, { ...env, GTM_ID: 'GTM-AB12CD3' }, ctx);
    expect(response.status).toBe(200);
    const policy = response.headers.get('Content-Security-Policy')!;
    expect(policy).toMatch(
      new RegExp(`script-src 'nonce-[^']+' 'strict-dynamic' ${GTM_SOURCES.script.replaceAll('.', '\\.')}`),
    );
    expect(policy).toContain(`connect-src 'self' ${GTM_SOURCES.connect}`);
    expect(policy).toContain(`img-src 'self' data: ${GTM_SOURCES.img}`);
    expect(pageData(await response.text())).toMatchObject({ gtm_id: 'GTM-AB12CD3', page_type: 'index', locale: 'en' });
    // No tag script in the HTML: the page script loads it after checking Do Not Track.
    expect(await (await app.request('/en', {}, { ...env, GTM_ID: 'GTM-AB12CD3' }, ctx)).text()).not.toContain(
      'googletagmanager',
    );
  });

  test('a GTM_ID that is not a container id stops the worker with a message naming the variable', () => {
    expect(() => readConfig({ ...env, GTM_ID: 'UA-12345-1' } as unknown as Env)).toThrow(
      /GTM_ID must be empty or a container id/,
    );
    expect(readConfig({ ...env, GTM_ID: '' } as Env).gtmId).toBeNull();
  });
});
