// The confirmation page's wait for a payment (client/islands/PurchaseTracker.tsx): the time it started
// waiting survives the page's own reloads (history state), so the reloads stop after about two minutes.
import { describe, expect, test } from 'vitest';
import { waitingSince } from '../../client/islands/PurchaseTracker';

function fakeHistory(state: unknown = null) {
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  return history as unknown as History & { state: unknown };
}

describe('waiting for a payment on the confirmation page', () => {
  test('starts now on the first visit and keeps what else the history entry holds', () => {
    const history = fakeHistory({ scroll: 40 });
    expect(waitingSince(1_000, history)).toBe(1_000);
    expect(history.state).toEqual({ scroll: 40, paymentPendingSince: 1_000 });
  });

  test('a reload (same history entry) keeps counting from the first visit', () => {
    const history = fakeHistory();
    waitingSince(1_000, history);
    expect(waitingSince(121_000, history)).toBe(1_000);
  });

  test('a start in the future (clock changed) or not a number starts again', () => {
    expect(waitingSince(5_000, fakeHistory({ paymentPendingSince: 9_000 }))).toBe(5_000);
    expect(waitingSince(5_000, fakeHistory({ paymentPendingSince: '1' }))).toBe(5_000);
  });
});
