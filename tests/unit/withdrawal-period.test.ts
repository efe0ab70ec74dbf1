// Issue 14: the withdrawal period's last moment (docs/decisions/011-withdrawal.md), written out by hand.
import { describe, expect, test } from 'vitest';
import { withdrawalDeadline, withdrawalPeriod } from '../../worker/commerce/orders/withdrawal-period';

describe('withdrawal period', () => {
  test('completed Monday 2 March 2026, 3 working days: delivered Thursday 5 March, ends 19 March 23:59:59 CET', () => {
    expect(withdrawalDeadline(new Date('2026-03-02T09:00:00Z'), 3).toISOString()).toBe('2026-03-19T22:59:59.999Z');
  });

  test('delivery days skip the weekend: completed Friday 5 June 2026, 1 working day = Monday 8 June; ends 22 June 23:59:59 CEST', () => {
    expect(withdrawalDeadline(new Date('2026-06-05T14:00:00Z'), 1).toISOString()).toBe('2026-06-22T21:59:59.999Z');
  });

  test('the day is Stockholm’s: 23:30 UTC on 1 March is already 2 March', () => {
    expect(withdrawalDeadline(new Date('2026-03-01T23:30:00Z'), 0).toISOString()).toBe('2026-03-16T22:59:59.999Z');
  });

  test('across the change to summer time the period still ends at Stockholm midnight', () => {
    // Completed Monday 16 March 2026, 3 working days = Thursday 19 March; day 14 = Thursday 2 April (CEST).
    expect(withdrawalDeadline(new Date('2026-03-16T09:00:00Z'), 3).toISOString()).toBe('2026-04-02T21:59:59.999Z');
  });

  test('open before completion, none for a cancelled order, ended after the last moment', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(withdrawalPeriod({ status: 'RECEIVED', completedAt: null, deliveryDays: 3 }, now)).toEqual({
      kind: 'open',
      endsAt: null,
    });
    expect(withdrawalPeriod({ status: 'CANCELLED', completedAt: null, deliveryDays: 3 }, now)).toEqual({
      kind: 'none',
    });
    expect(
      withdrawalPeriod({ status: 'COMPLETED', completedAt: '2026-03-02T09:00:00Z', deliveryDays: 3 }, now),
    ).toEqual({ kind: 'ended', endedAt: new Date('2026-03-19T22:59:59.999Z') });
  });
});
