// Issue 28: when the live socket tries again (spec §7: 5 retries from 500 ms, doubled; §9: then unlimited,
// 1.2 times longer each time up to the 30 s timeout, with jitter 0.5).
import { describe, expect, test } from 'vitest';
import { liveRetryDelay } from '../../client/browser/live-timing';

const middle = () => 0.5; // no jitter: the wait itself
describe('the live socket waits before trying again', () => {
  test('the first five waits are 0.5, 1, 2, 4 and 8 seconds (spec §7)', () => {
    expect([0, 1, 2, 3, 4].map((retry) => liveRetryDelay(retry, middle))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  test('then each wait is 1.2 times the one before, never more than 30 s, without end (spec §9)', () => {
    // 8 s × 1.2 = 9.6 s, × 1.2 = 11.52 s; 8 × 1.2^8 = 34.4 s is past the 30 s timeout.
    expect(liveRetryDelay(5, middle)).toBe(9600);
    expect(liveRetryDelay(6, middle)).toBe(11520);
    expect(liveRetryDelay(13, middle)).toBe(30000);
    expect(liveRetryDelay(1000, middle)).toBe(30000);
  });

  test('a wait varies by half either way (jitter 0.5)', () => {
    expect(liveRetryDelay(3, () => 0)).toBe(2000); // 4 s − 50 %
    expect(liveRetryDelay(3, () => 0.999999)).toBe(6000); // 4 s + 50 %
  });
});
