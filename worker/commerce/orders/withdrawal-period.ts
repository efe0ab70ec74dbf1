/**
 * The right of withdrawal's period (spec §1: 14 days; EU Directive 2011/83 art. 9 as amended by 2023/2673;
 * docs/decisions/011-withdrawal.md). The law counts 14 days from the day the shopper receives the goods;
 * the shop knows when an order was completed (Slutförd: handed to the carrier), not when it arrived, so
 * it takes the latest day the order's shipping method promised (completion + its longest delivery time in
 * working days) as the day of delivery, and the period ends at the end of the 14th day after it, midnight
 * in Europe/Stockholm. Until the order is completed the period has not begun and withdrawal is open.
 */
import type { OrderStatus } from './orders';
import { SHOP_TIME_ZONE } from '../shop-time';

/** Spec §1: 14 days' right of withdrawal. */
export const WITHDRAWAL_DAYS = 14;
/** Working days assumed for delivery when an order does not say (longer than any carrier the shop uses). */
export const UNKNOWN_DELIVERY_DAYS = 5;

/** Where an order stands in its withdrawal period. */
export type WithdrawalPeriod =
  /** Open; `endsAt` is the last moment, or null while the order is not yet completed (the days have not begun). */
  | { kind: 'open'; endsAt: Date | null }
  /** Over since `endedAt` (the last moment it was open). */
  | { kind: 'ended'; endedAt: Date }
  /** Nothing to withdraw from: the order waits for its payment or was cancelled. */
  | { kind: 'none' };

interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function partsOf(instant: number): Record<string, number> {
  return Object.fromEntries(
    PARTS.formatToParts(new Date(instant))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
}

/** How far the shop's clock is ahead of UTC at `instant`, in ms (1 h in winter, 2 h in summer). */
function offsetAt(instant: number): number {
  const p = partsOf(instant);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The shop's calendar day of `instant`. */
export function shopDateOf(instant: Date): CivilDate {
  const p = partsOf(instant.getTime());
  return { year: p.year!, month: p.month!, day: p.day! };
}

function plusDays(date: CivilDate, days: number): CivilDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** `days` working days (Monday to Friday) after `date`. */
function plusWorkingDays(date: CivilDate, days: number): CivilDate {
  let current = date;
  for (let left = days; left > 0;) {
    current = plusDays(current, 1);
    const weekday = new Date(Date.UTC(current.year, current.month - 1, current.day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return current;
}

/** The first moment of `date` in the shop's time zone (DST changes at 01:00 UTC, never at midnight). */
function startOfShopDay(date: CivilDate): number {
  const wallMidnight = Date.UTC(date.year, date.month - 1, date.day);
  const guess = wallMidnight - offsetAt(wallMidnight);
  return wallMidnight - offsetAt(guess);
}

/** The last moment (23:59:59.999 in Stockholm) of the period of an order completed at `completedAt`. */
export function withdrawalDeadline(completedAt: Date, deliveryDays: number): Date {
  const delivered = plusWorkingDays(shopDateOf(completedAt), deliveryDays);
  return new Date(startOfShopDay(plusDays(delivered, WITHDRAWAL_DAYS + 1)) - 1);
}

/** The withdrawal period of an order at `now` (see the module comment). */
export function withdrawalPeriod(
  order: { status: OrderStatus; completedAt: string | null; deliveryDays: number | null },
  now: Date,
): WithdrawalPeriod {
  if (order.status === 'PENDING_PAYMENT' || order.status === 'CANCELLED') return { kind: 'none' };
  if (order.status !== 'COMPLETED' || !order.completedAt) return { kind: 'open', endsAt: null };
  const endsAt = withdrawalDeadline(new Date(order.completedAt), order.deliveryDays ?? UNKNOWN_DELIVERY_DAYS);
  return now.getTime() <= endsAt.getTime() ? { kind: 'open', endsAt } : { kind: 'ended', endedAt: endsAt };
}

/**
 * The shop's day `date` (YYYY-MM-DD) as instants: its first moment and the first moment of the next day
 * (a campaign "from the 1st to the 7th" runs from the 1st's midnight in Stockholm to the 8th's).
 */
export function shopDay(date: string): { start: Date; next: Date } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const civil = { year, month, day };
  return { start: new Date(startOfShopDay(civil)), next: new Date(startOfShopDay(plusDays(civil, 1))) };
}
