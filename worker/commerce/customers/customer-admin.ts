/**
 * Customers as the merchant's staff serve them (issue 27): find one, read their orders, balance and
 * consents, adjust the balance with a reason (a ledger row: the balance is the sum, and the trigger
 * balance_never_negative refuses one below zero), and export everything the shop holds about them (GDPR
 * art. 15 and 20: the person's own data, in a machine-readable form). Deletion is deleteCustomer.
 */
import { containing } from '../../db/like';
import { constraintViolationOf, TRIGGER_REFUSALS } from '../../db/constraints';
import { findCustomer, type CustomerRecord } from './customers';

export interface StaffCustomerRow {
  id: number;
  email: string;
  name: string;
  company: string | null;
  createdAt: string;
  orders: number;
}

const NAME = "trim(COALESCE(c.first_name, '') || ' ' || COALESCE(c.last_name, ''))";

/** Accounts (not deleted) by e-mail, name, company, phone or identity number; newest first. */
export async function findCustomersForStaff(
  db: D1Database,
  search: string,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: StaffCustomerRow[] }> {
  const q = search.trim().toLowerCase();
  const where = q
    ? `AND (lower(c.email) LIKE ?1 ESCAPE '\\' OR lower(${NAME}) LIKE ?1 ESCAPE '\\'
         OR lower(COALESCE(c.company, '')) LIKE ?1 ESCAPE '\\' OR c.phone = ?2 OR c.personal_id = ?2
         OR c.organization_id = ?2)`
    : '';
  const bind = q ? [containing(q), search.trim()] : [];
  const from = `FROM customers c WHERE c.deleted_at IS NULL ${where}`;
  const [count, rows] = await db.batch<Record<string, any>>([
    db.prepare(`SELECT COUNT(*) AS total ${from}`).bind(...bind),
    db
      .prepare(
        `SELECT c.id, c.email, ${NAME} AS name, c.company, c.created_at,
                (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS orders
         ${from} ORDER BY c.created_at DESC, c.id DESC LIMIT ${page.take} OFFSET ${page.skip}`,
      )
      .bind(...bind),
  ]);
  return {
    total: count!.results[0]?.total ?? 0,
    rows: rows!.results.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      company: row.company,
      createdAt: row.created_at,
      orders: row.orders,
    })),
  };
}

export interface StaffCustomer {
  record: CustomerRecord;
  createdAt: string;
  phone: string | null;
  /** Balance per currency (minor units), every currency the customer ever had one in. */
  balances: { currency: string; amount: number }[];
  ledger: { amount: number; currency: string; note: string | null; orderNumber: string | null; at: string }[];
  orders: { number: string; at: string; status: string; total: number; currency: string }[];
  /** Newsletter: subscribed (and since when), or not. */
  newsletterSince: string | null;
  stockAlerts: number;
  reviews: number;
  passkeys: number;
}

/** Customer `id` as staff read them, or null (no such account, or deleted). */
export async function customerForStaff(db: D1Database, id: number): Promise<StaffCustomer | null> {
  const record = await findCustomer(db, id);
  if (!record) return null;
  const [extra, ledger, orders, newsletter, counts] = await db.batch<Record<string, any>>([
    db.prepare('SELECT created_at, phone FROM customers WHERE id = ?').bind(id),
    db
      .prepare(
        `SELECT b.amount, b.currency_code, b.note, b.created_at, o.order_number FROM balance_transactions b
         LEFT JOIN orders o ON o.id = b.order_id WHERE b.customer_id = ? ORDER BY b.created_at DESC, b.id DESC LIMIT 200`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT order_number, created_at, status, total_inc_vat, currency_code FROM orders WHERE customer_id = ?
         ORDER BY created_at DESC, id DESC LIMIT 200`,
      )
      .bind(id),
    db.prepare('SELECT created_at FROM newsletter_subscriptions WHERE email = ?').bind(record.email),
    db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM stock_subscriptions WHERE email = ?1) AS alerts,
                (SELECT COUNT(*) FROM reviews WHERE customer_id = ?2) AS reviews,
                (SELECT COUNT(*) FROM passkeys WHERE customer_id = ?2) AS passkeys`,
      )
      .bind(record.email, id),
  ]);
  const sums = new Map<string, number>();
  const { results: balanceRows } = await db
    .prepare(
      'SELECT currency_code, SUM(amount) AS amount FROM balance_transactions WHERE customer_id = ? GROUP BY currency_code ORDER BY currency_code',
    )
    .bind(id)
    .all<{ currency_code: string; amount: number }>();
  for (const row of balanceRows) sums.set(row.currency_code, row.amount);
  const more = extra!.results[0]!;
  const count = counts!.results[0]!;
  return {
    record,
    createdAt: more.created_at,
    phone: more.phone,
    balances: [...sums].map(([currency, amount]) => ({ currency, amount })),
    ledger: ledger!.results.map((row) => ({
      amount: row.amount,
      currency: row.currency_code,
      note: row.note,
      orderNumber: row.order_number,
      at: row.created_at,
    })),
    orders: orders!.results.map((row) => ({
      number: row.order_number,
      at: row.created_at,
      status: row.status,
      total: row.total_inc_vat,
      currency: row.currency_code,
    })),
    newsletterSince: newsletter!.results[0]?.created_at ?? (record.newsletter ? more.created_at : null),
    stockAlerts: count.alerts,
    reviews: count.reviews,
    passkeys: count.passkeys,
  };
}

/**
 * Adds `amount` (minor units; negative takes away) to the customer's balance in `currency`, with `note`
 * as the reason, and `alongside` (the audit row) in the same batch. 'BELOW_ZERO': the balance would go
 * under zero, and nothing changed.
 */
export async function adjustBalance(
  db: D1Database,
  customerId: number,
  currency: string,
  amount: number,
  note: string,
  now: Date,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<'ADJUSTED' | 'BELOW_ZERO'> {
  try {
    await db.batch([
      db
        .prepare(
          'INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(customerId, currency, amount, note, now.toISOString()),
      ...alongside,
    ]);
    return 'ADJUSTED';
  } catch (error) {
    const violation = constraintViolationOf(error);
    if (violation?.kind === 'TRIGGER' && violation.refusal === TRIGGER_REFUSALS.balanceBelowZero) return 'BELOW_ZERO';
    throw error;
  }
}

/**
 * Everything the shop holds about customer `id`, as one JSON-ready object (GDPR art. 15, 20): the
 * account, addresses, orders with their lines, balance ledger, reviews, favorites, subscriptions and
 * passkeys (their names and dates; a public key identifies a device, not a person, and stays out).
 */
export async function customerDataExport(
  db: D1Database,
  id: number,
  now: Date,
): Promise<Record<string, unknown> | null> {
  const customer = await db
    .prepare(
      `SELECT id, email, customer_type, first_name, last_name, phone, gender, care_of, address1, address2, zip, city,
              country, company, personal_id, organization_id, entry_code, newsletter, market_id, language_id,
              created_at, updated_at FROM customers WHERE id = ? AND deleted_at IS NULL`,
    )
    .bind(id)
    .first<Record<string, unknown>>();
  if (!customer) return null;
  const email = String(customer.email);
  const [orders, lines, ledger, reviews, favorites, newsletter, alerts, passkeys] = await db.batch<
    Record<string, unknown>
  >([
    db
      .prepare(
        `SELECT order_number, created_at, status, email, phone, billing_address, shipping_address, personal_id,
                organization_id, message, shipping_method, payment_method, currency_code, total_inc_vat, vat,
                tracking_link FROM orders WHERE customer_id = ?1 OR email = ?2 COLLATE NOCASE ORDER BY created_at`,
      )
      .bind(id, email),
    db
      .prepare(
        `SELECT o.order_number, r.position, r.article_number, r.name, r.quantity, r.total_inc_vat FROM order_rows r
         JOIN orders o ON o.id = r.order_id WHERE o.customer_id = ?1 OR o.email = ?2 COLLATE NOCASE ORDER BY o.id, r.position`,
      )
      .bind(id, email),
    db
      .prepare(
        'SELECT amount, currency_code, note, created_at FROM balance_transactions WHERE customer_id = ? ORDER BY id',
      )
      .bind(id),
    db
      .prepare(
        'SELECT product_id, author, rating, comment, status, created_at FROM reviews WHERE customer_id = ? ORDER BY id',
      )
      .bind(id),
    db
      .prepare('SELECT product_id, created_at FROM storefront_favorites WHERE customer_id = ? ORDER BY created_at')
      .bind(id),
    db.prepare('SELECT language_id, market_id, created_at FROM newsletter_subscriptions WHERE email = ?').bind(email),
    db
      .prepare('SELECT sku_id, created_at, notified_at FROM stock_subscriptions WHERE email = ? ORDER BY created_at')
      .bind(email),
    db.prepare('SELECT name, created_at FROM passkeys WHERE customer_id = ? ORDER BY created_at').bind(id),
  ]);
  const linesByOrder = new Map<unknown, Record<string, unknown>[]>();
  for (const { order_number: number, ...line } of lines!.results)
    linesByOrder.set(number, [...(linesByOrder.get(number) ?? []), line]);
  return {
    exportedAt: now.toISOString(),
    customer,
    orders: orders!.results.map((order) => ({
      ...order,
      billing_address: JSON.parse(String(order.billing_address)),
      shipping_address: JSON.parse(String(order.shipping_address)),
      lines: linesByOrder.get(order.order_number) ?? [],
    })),
    balance: ledger!.results,
    reviews: reviews!.results,
    favorites: favorites!.results,
    newsletter: newsletter!.results[0] ?? null,
    stockAlerts: alerts!.results,
    passkeys: passkeys!.results,
  };
}
