// Spec §9: "Link prefetch … skipped on 2g/data-saver". Which request hints ask for no prefetching.
import { describe, expect, test } from 'vitest';
import { prefetchUnwanted } from '../../worker/render/speculation';

const hints = (init: Record<string, string>) => prefetchUnwanted(new Headers(init));

describe('prefetchUnwanted', () => {
  test('a browser that sends no hint gets prefetching', () => {
    expect(hints({})).toBe(false);
  });

  test('data saver turns it off, whatever the connection', () => {
    expect(hints({ 'Save-Data': 'on' })).toBe(true);
    expect(hints({ 'Save-Data': ' On ', ECT: '4g' })).toBe(true);
    expect(hints({ 'Save-Data': 'off' })).toBe(false);
  });

  test('2g and slow-2g turn it off; 3g and 4g keep it', () => {
    expect(hints({ ECT: '2g' })).toBe(true);
    expect(hints({ ECT: 'slow-2g' })).toBe(true);
    expect(hints({ ECT: 'SLOW-2G' })).toBe(true);
    expect(hints({ ECT: '3g' })).toBe(false);
    expect(hints({ ECT: '4g' })).toBe(false);
    expect(hints({ ECT: 'fast' })).toBe(false);
  });
});
