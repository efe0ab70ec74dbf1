import { describe, expect, test } from 'vitest';
import { priceLogOf } from '../../worker/commerce/pricing/price-log';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('price log of the last 30 days', () => {
  test('opens with the price in effect 30 days ago and ends with today’s price', () => {
    const log = priceLogOf(
      [
        { date: '2026-10-03', sellingIncVat: 4900 },
        { date: '2026-10-29', sellingIncVat: 3430 },
      ],
      3430,
      NOW,
    );
    expect(log.points).toEqual([
      { date: '2026-10-23', sellingIncVat: 4900 },
      { date: '2026-10-29', sellingIncVat: 3430 },
    ]);
    expect(log.lowestIncVat).toBe(3430);
  });

  test('the comparison price is the lowest of the 30 days before today’s price took effect', () => {
    const log = priceLogOf(
      [
        { date: '2026-10-03', sellingIncVat: 4900 },
        { date: '2026-10-17', sellingIncVat: 4410 },
        { date: '2026-10-29', sellingIncVat: 3430 },
      ],
      3430,
      NOW,
    );
    expect(log.comparisonIncVat).toBe(4410);
  });

  test('a price that differs from the last stored point is added as today’s point', () => {
    const log = priceLogOf([{ date: '2026-11-10', sellingIncVat: 1000 }], 800, NOW);
    expect(log.points).toEqual([
      { date: '2026-11-10', sellingIncVat: 1000 },
      { date: '2026-11-22', sellingIncVat: 800 },
    ]);
    expect(log.lowestIncVat).toBe(800);
    expect(log.comparisonIncVat).toBe(1000);
  });

  test('without any history the log is today’s price alone and nothing earlier is claimed', () => {
    const log = priceLogOf([], 2500, NOW);
    expect(log).toEqual({
      points: [{ date: '2026-11-22', sellingIncVat: 2500 }],
      lowestIncVat: 2500,
      comparisonIncVat: 2500,
    });
  });
});
