/** What back-office lists share: the page asked for, dates in the staff member's language and time zone. */
import * as v from 'valibot';
import { ADMIN_LOCALE_ISO } from '../../locales/admin';
import { formatMoney } from '../commerce/pricing/money';
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

/** Minor units of `currency` as the staff member reads money ("1 199,50 kr", "€15.90"). */
export function adminMoney(c: AdminContext, amount: number, currency: string): string {
  return formatMoney({ amount, currency }, ADMIN_LOCALE_ISO[c.var.adminLocale]);
}

/** The channel's markets by id, named in the staff member's language with their currency: "Sverige (SEK)". */
export async function adminMarkets(c: AdminContext): Promise<{ value: string; label: string; country: string }[]> {
  const { results } = await c.env.DB.prepare(
    'SELECT id, country_code, currency_code FROM markets WHERE channel_id = ? ORDER BY id',
  )
    .bind(c.var.config.channelId)
    .all<{ id: string; country_code: string; currency_code: string }>();
  const regions = new Intl.DisplayNames([ADMIN_LOCALE_ISO[c.var.adminLocale]], { type: 'region' });
  return results.map((row) => {
    const country = regions.of(row.country_code) ?? row.country_code;
    return { value: row.id, label: `${country} (${row.currency_code})`, country };
  });
}
