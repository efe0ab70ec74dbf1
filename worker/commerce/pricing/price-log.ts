/**
 * Selling prices of the last 30 days and the lowest of them (EU Omnibus directive, "lowest earlier
 * price"). `price_history` holds price points: a row says "from this date the selling price was X", so
 * the price on any day is the latest point on or before it.
 */

export const PRICE_LOG_DAYS = 30;

export interface PricePoint {
  /** yyyy-mm-dd */
  date: string;
  sellingIncVat: number;
}

export interface PriceLog {
  /** The price points of the last 30 days, oldest first, ending with the price of today. */
  points: PricePoint[];
  /** Lowest selling price in the last 30 days, today's included. */
  lowestIncVat: number;
  /**
   * Lowest selling price in the 30 days before today's price took effect: the earlier price a
   * reduction is compared with. Today's price when no earlier price is known.
   */
  comparisonIncVat: number;
}

function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The date `days` days before `date` (yyyy-mm-dd). */
export function daysBefore(date: string, days: number): string {
  return dateOnly(new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000));
}

/** The points from `start` to `end` (inclusive), opened by the price in effect at `start`. */
function pointsBetween(history: readonly PricePoint[], start: string, end: string): PricePoint[] {
  const before = history.filter((point) => point.date < start);
  const inEffect = before[before.length - 1];
  const within = history.filter((point) => point.date >= start && point.date <= end);
  return inEffect && within[0]?.date !== start
    ? [{ date: start, sellingIncVat: inEffect.sellingIncVat }, ...within]
    : within;
}

function lowest(points: readonly PricePoint[], fallback: number): number {
  return points.reduce((min, point) => Math.min(min, point.sellingIncVat), fallback);
}

/**
 * The price log of one product in one market. `history` is every stored point, oldest first;
 * `currentIncVat` is today's selling price (the prices table under today's campaigns), which wins over
 * a stale last point.
 */
export function priceLogOf(history: readonly PricePoint[], currentIncVat: number, now: Date): PriceLog {
  const today = dateOnly(now);
  const known = history.filter((point) => point.date <= today);
  if (known[known.length - 1]?.sellingIncVat !== currentIncVat)
    known.push({ date: today, sellingIncVat: currentIncVat });

  // Today's price took effect at the first point of the last run of equal prices.
  let since = known.length - 1;
  while (since > 0 && known[since - 1]!.sellingIncVat === currentIncVat) since -= 1;
  const sinceDate = known[since]!.date;
  const earlier = pointsBetween(known, daysBefore(sinceDate, PRICE_LOG_DAYS), sinceDate).filter(
    (p) => p.date < sinceDate,
  );

  const points = pointsBetween(known, daysBefore(today, PRICE_LOG_DAYS), today);
  return {
    points,
    lowestIncVat: lowest(points, currentIncVat),
    comparisonIncVat: earlier.length > 0 ? lowest(earlier, Number.POSITIVE_INFINITY) : currentIncVat,
  };
}
