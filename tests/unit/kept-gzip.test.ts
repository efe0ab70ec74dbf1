import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, compressKeptPage, crc32, crc32Combine, gzipWithNonce } from '../../worker/render/kept-gzip';

const encode = (text: string) => new TextEncoder().encode(text);

const KEPT =
  '<!DOCTYPE html><html lang="sv"><head><script nonce="fill-nonce-1" type="module" src="/assets/entry.js"></script>' +
  '<link rel="modulepreload" nonce="fill-nonce-1" href="/assets/chunk.js"/></head><body><h1>Pärmar – 50 produkter</h1>' +
  '<p>'.concat('Elba Rado plast gaffelpärm A4 50 mm svart. '.repeat(400), '</p>') +
  '<script type="speculationrules" nonce="fill-nonce-1">{"prefetch":[]}</script></body></html>';

describe('kept page gzip with a nonce of its own (issue 15)', () => {
  it('inflates to the kept page with every nonce attribute replaced by the view’s', () => {
    const body = gzipWithNonce(compressKeptPage(KEPT), 'Q2VjaWxpYQ');
    const text = gunzipSync(body).toString('utf8');
    expect(text).toContain('<script nonce="Q2VjaWxpYQ" type="module" src="/assets/entry.js">');
    expect(text).toContain('<link rel="modulepreload" nonce="Q2VjaWxpYQ" href="/assets/chunk.js"/>');
    expect(text).toContain('<script type="speculationrules" nonce="Q2VjaWxpYQ">');
    expect(text).not.toContain('fill-nonce-1');
    expect(text).toBe(KEPT.replaceAll('fill-nonce-1', 'Q2VjaWxpYQ'));
  });

  it('leaves the attribute out when the view has no nonce', () => {
    const text = gunzipSync(gzipWithNonce(compressKeptPage(KEPT), undefined)).toString('utf8');
    expect(text).toContain('<script type="module" src="/assets/entry.js"></script>');
    expect(text).not.toContain('nonce=');
  });

  it('is a fraction of the page’s size on the wire', () => {
    const body = gzipWithNonce(compressKeptPage(KEPT), 'Q2VjaWxpYQ');
    expect(KEPT.length).toBeGreaterThan(17_000);
    expect(body.length).toBeLessThan(1_500);
  });

  it('works for a page without any nonce (one piece)', () => {
    const page = '<!DOCTYPE html><p>Om oss</p>';
    expect(gunzipSync(gzipWithNonce(compressKeptPage(page), 'abc')).toString('utf8')).toBe(page);
  });

  it('joins CRC-32s as if computed over the joined bytes', () => {
    expect(crc32(encode('123456789'))).toBe(0xcbf43926);
    const a = encode('<head><script nonce="');
    const b = encode('ÅÄÖ and the rest of a long page '.repeat(1000));
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(
      crc32(encode('<head><script nonce="' + 'ÅÄÖ and the rest of a long page '.repeat(1000))),
    );
    expect(crc32Combine(0, crc32(b), b.length)).toBe(crc32(b));
  });

  it('reads Accept-Encoding as browsers send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
