import { describe, expect, test } from 'vitest';
import { fetchWorker } from '../helpers';

function nonceOf(response: Response): string {
  const csp = response.headers.get('Content-Security-Policy') ?? '';
  const match = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp);
  if (!match?.[1]) throw new Error(`no script nonce in CSP: ${csp}`);
  return match[1];
}

describe('security headers', () => {
  test('pages carry the headers of spec §9 and HSTS of at least a year', async () => {
    for (const path of ['/', '/404', '/graphql?query={channel{id}}', '/api/health']) {
      const response = await fetchWorker(path);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('X-XSS-Protection')).toBe('1; mode=block');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('Strict-Transport-Security') ?? '')?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  test('every inline and module script carries the fresh nonce of its response', async () => {
    const response = await fetchWorker('/');
    const nonce = nonceOf(response);
    const body = await response.text();
    const scripts = body.match(/<script\b[^>]*>/g) ?? [];
    // The entry module, the island props and React's streaming scripts.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('Content-Security-Policy')).toContain("'strict-dynamic'");
    expect(response.headers.get('Content-Security-Policy')).toContain("object-src 'none'");
  });

  test('two responses never share a nonce', async () => {
    const first = nonceOf(await fetchWorker('/'));
    const second = nonceOf(await fetchWorker('/'));
    expect(first).not.toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(16);
  });
});
