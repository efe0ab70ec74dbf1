/** What back-office lists share: the page asked for, dates in the staff member's language and time zone. */
import * as v from 'valibot';
import { ADMIN_LOCALE_ISO } from '../../locales/admin';
import type { AdminContext } from './context';

/** The shop's time zone: staff read every time as the shop's clock shows it. */
const SHOP_TIME_ZONE = 'Europe/Stockholm';

const PageNumber = v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/), v.transform(Number));

/** `?page=` of the request (1 when missing or not a page number), and the rows it skips at `take` a page. */
export function pageOf(c: AdminContext, take: number): { page: number; skip: number; take: number } {
  const parsed = v.safeParse(PageNumber, c.req.query('page') ?? '');
  const page = parsed.success ? parsed.output : 1;
  return { page, skip: (page - 1) * take, take };
}

/** How many pages `total` rows fill at `take` a page (at least one). */
export function pagesOf(total: number, take: number): number {
  return Math.max(1, Math.ceil(total / take));
}

/** An ISO timestamp as the staff member reads it: date and time, the shop's clock. */
export function adminDateTime(c: AdminContext, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(ADMIN_LOCALE_ISO[c.var.adminLocale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: SHOP_TIME_ZONE,
  }).format(date);
}
