/**
 * Customer accounts over D1 (spec §3 Customer, §6): profile, balance (saldo), deletion and password
 * resets. Deleting an account removes the person but keeps the orders, which bookkeeping law requires.
 */
import { randomHex, sha256Hex } from '../crypto';
import { endAllSessions } from './sessions';
import { hashPassword } from './passwords';
import { type CustomerType } from '../../../core/customer-type';

/** The logged-in customer a verified login token names (worker/identity/built-in-token.ts). */
export interface Customer {
  id: number;
  email: string;
  /** When the request's login token should be refreshed (epoch ms, 90 % of its life), if known. */
  refreshAt?: number;
  /**
   * When this request's customer last typed their password (epoch ms): the login that issued the token,
   * or a form that checked it just now. Unknown after a refresh, a passkey or a reset link.
   */
  passwordAt?: number;
  /**
   * The staff member logged in as this customer (spec §6 "logging in as user", issue 27): every page says
   * so, and nothing that pays, changes the password or passkeys, or deletes the account is open.
   */
  impersonatedBy?: string;
}

export type Gender = 'UNSPECIFIED' | 'WOMAN' | 'MAN';
export type { CustomerType };

export interface CustomerAddress {
  firstName: string | null;
  lastName: string | null;
  careOf: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  entryCode: string | null;
  mobile: string | null;
  company: string | null;
}

export interface CustomerRecord {
  id: number;
  email: string;
  customerType: CustomerType;
  gender: Gender;
  personalId: string | null;
  organizationId: string | null;
  newsletter: boolean;
  address: CustomerAddress;
}

interface CustomerRow {
  id: number;
  email: string;
  customer_type: CustomerType;
  gender: Gender;
  personal_id: string | null;
  organization_id: string | null;
  newsletter: number;
  first_name: string | null;
  last_name: string | null;
  care_of: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  entry_code: string | null;
  phone: string | null;
  company: string | null;
}

function toRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    email: row.email,
    customerType: row.customer_type,
    gender: row.gender,
    personalId: row.personal_id,
    organizationId: row.organization_id,
    newsletter: row.newsletter === 1,
    address: {
      firstName: row.first_name,
      lastName: row.last_name,
      careOf: row.care_of,
      addressLine1: row.address1,
      addressLine2: row.address2,
      zip: row.zip,
      city: row.city,
      country: row.country,
      entryCode: row.entry_code,
      mobile: row.phone,
      company: row.company,
    },
  };
}

/** The customer `id`, or null when there is none or the account was deleted. */
export async function findCustomer(db: D1Database, id: number): Promise<CustomerRecord | null> {
  const row = await db
    .prepare('SELECT * FROM customers WHERE id = ? AND deleted_at IS NULL')
    .bind(id)
    .first<CustomerRow>();
  return row ? toRecord(row) : null;
}

/** The customer's balance (saldo) in `currency`, in minor units: the sum of the ledger, never below zero. */
export async function customerBalance(db: D1Database, id: number, currency: string): Promise<number> {
  const row = await db
    .prepare(
      'SELECT COALESCE(SUM(amount), 0) AS balance FROM balance_transactions WHERE customer_id = ? AND currency_code = ?',
    )
    .bind(id, currency)
    .first<{ balance: number }>();
  return Math.max(0, row?.balance ?? 0);
}

export interface CustomerPatch {
  customerType?: CustomerType;
  gender?: Gender;
  personalId?: string;
  organizationId?: string;
  newsletter?: boolean;
  address?: Partial<CustomerAddress>;
}

const ADDRESS_COLUMNS: Record<keyof CustomerAddress, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  careOf: 'care_of',
  addressLine1: 'address1',
  addressLine2: 'address2',
  zip: 'zip',
  city: 'city',
  country: 'country',
  entryCode: 'entry_code',
  mobile: 'phone',
  company: 'company',
};

/** Applies the given fields (omitted ones stay as they are, as the API documents) and returns the result. */
export async function updateCustomer(
  db: D1Database,
  id: number,
  patch: CustomerPatch,
  now: Date,
): Promise<CustomerRecord | null> {
  const sets: string[] = [];
  const values: (string | number | null)[] = [];
  const set = (column: string, value: string | number | null) => {
    sets.push(`${column} = ?`);
    values.push(value);
  };
  if (patch.customerType) set('customer_type', patch.customerType);
  if (patch.gender) set('gender', patch.gender);
  if (patch.personalId !== undefined) set('personal_id', patch.personalId);
  if (patch.organizationId !== undefined) set('organization_id', patch.organizationId);
  if (patch.newsletter !== undefined) set('newsletter', patch.newsletter ? 1 : 0);
  for (const [field, column] of Object.entries(ADDRESS_COLUMNS) as [keyof CustomerAddress, string][]) {
    const value = patch.address?.[field];
    if (value !== undefined) set(column, value);
  }
  set('updated_at', now.toISOString());
  await db
    .prepare(`UPDATE customers SET ${sets.join(', ')} WHERE id = ? AND deleted_at IS NULL`)
    .bind(...values, id)
    .run();
  return findCustomer(db, id);
}

/** An order address (JSON) with only its country left, and a business's company name. */
const ANONYMOUS_ADDRESS = (column: string) =>
  `json_object('firstName', '', 'lastName', '', 'careOf', '', 'addressLine1', '', 'addressLine2', '',
   'addressLine3', '', 'zip', '', 'city', '', 'state', '', 'entryCode', '', 'mobile', '', 'phone', '',
   'country', COALESCE(json_extract(${column}, '$.country'), ''),
   'company', CASE customer_type WHEN 'ORGANIZATION' THEN COALESCE(json_extract(${column}, '$.company'), '') ELSE '' END)`;

/**
 * Deletes the person behind an account in one batch: personal data, login, favorites, subscriptions and
 * reset tokens go; orders stay (bookkeeping) without anything that names the customer beyond them.
 */
export async function deleteCustomer(db: D1Database, id: number, now: Date): Promise<boolean> {
  const customer = await findCustomer(db, id);
  if (!customer) return false;
  const at = now.toISOString();
  await db.batch([
    // The storefront's favorites of the customer (same database with the built-in API): a later customer
    // never inherits them.
    db.prepare('DELETE FROM storefront_favorites WHERE customer_id = ?').bind(id),
    db.prepare('DELETE FROM password_resets WHERE customer_id = ?').bind(id),
    // A deleted account's passkeys log nobody in (issue 13).
    db.prepare('DELETE FROM passkeys WHERE customer_id = ?').bind(id),
    // Every session ends with the account (issue 12): no token of it posts a review afterwards.
    ...endAllSessions(db, id, now),
    db.prepare('DELETE FROM newsletter_subscriptions WHERE email = ?').bind(customer.email),
    db.prepare('DELETE FROM stock_subscriptions WHERE email = ?').bind(customer.email),
    db.prepare('UPDATE carts SET customer_id = NULL, checkout = NULL WHERE customer_id = ?').bind(id),
    db.prepare('UPDATE reviews SET customer_id = NULL WHERE customer_id = ?').bind(id),
    // Mail to the person (the account's address, or one typed on their orders) loses address and words;
    // the rows stay, so the event a mail was for is never mailed again. Mail not yet delivered is given up
    // (issue 24): the person asked to be forgotten, and with no provider it would wait forever.
    db
      .prepare(
        `UPDATE outgoing_emails SET recipient = ?, subject = '', body = '', html = NULL,
           last_error = CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN 'account deleted' ELSE last_error END,
           failed_at = CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN ? ELSE failed_at END
         WHERE recipient = ? COLLATE NOCASE
            OR recipient COLLATE NOCASE IN (SELECT email FROM orders WHERE customer_id = ?)`,
      )
      .bind(`deleted-${id}@deleted.invalid`, at, customer.email, id),
    // Orders stay for bookkeeping (amounts, VAT, dates, the country and a business's company details),
    // without what names the person: email, phone, identity number, names, street, message (issue 14).
    db
      .prepare(
        `UPDATE orders SET email = ?, phone = NULL, personal_id = NULL, message = NULL,
         billing_address = ${ANONYMOUS_ADDRESS('billing_address')},
         shipping_address = ${ANONYMOUS_ADDRESS('shipping_address')}, updated_at = ?
         WHERE customer_id = ?`,
      )
      .bind(`deleted-${id}@deleted.invalid`, at, id),
    db
      .prepare(
        `UPDATE customers SET email = ?, password_hash = '!', first_name = NULL, last_name = NULL, phone = NULL,
         gender = 'UNSPECIFIED', care_of = NULL, address1 = NULL, address2 = NULL, zip = NULL, city = NULL,
         country = NULL, company = NULL, personal_id = NULL, organization_id = NULL, entry_code = NULL,
         newsletter = 0, updated_at = ?, deleted_at = ? WHERE id = ?`,
      )
      .bind(`deleted-${id}@deleted.invalid`, at, at, id),
  ]);
  return true;
}

/** A reset link is valid this long. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** What a reset key looks like (24 random bytes in hex, `createPasswordReset`); anything else is refused unread. */
export const RESET_KEY_PATTERN = /^[0-9a-f]{48}$/;

/**
 * Starts a password reset for `email` if an account has it: stores the hash of a random key (never the
 * key) and returns the key for the message to the customer, or null when there is no such account.
 */
export async function createPasswordReset(db: D1Database, email: string, now: Date): Promise<string | null> {
  const row = await db
    .prepare('SELECT id FROM customers WHERE email = ? AND deleted_at IS NULL')
    .bind(email)
    .first<{ id: number }>();
  if (!row) return null;
  const key = randomHex(24);
  await db
    .prepare('INSERT INTO password_resets (token_hash, customer_id, expires_at) VALUES (?, ?, ?)')
    .bind(await sha256Hex(key), row.id, new Date(now.getTime() + RESET_TTL_MS).toISOString())
    .run();
  return key;
}

/** Whether a reset key is still good (known, unused, not too old): the reset page says so before asking. */
export async function passwordResetAccount(db: D1Database, key: string, now: Date): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT c.email FROM password_resets r JOIN customers c ON c.id = r.customer_id
       WHERE r.token_hash = ? AND r.used_at IS NULL AND r.expires_at > ? AND c.deleted_at IS NULL`,
    )
    .bind(await sha256Hex(key), now.toISOString())
    .first<{ email: string }>();
  return row?.email ?? null;
}

/**
 * Sets a new password with a reset key: the customer's id, or 'expired' for a key that is unknown, used
 * or too old (the shopper's remedy is the same: ask for a new one). A key works once; with it every other
 * reset key of the customer is spent and every session ends (issue 12); the caller may then open a new
 * session for the one who reset it.
 */
export async function commitPasswordReset(
  db: D1Database,
  { key, password, now }: { key: string; password: string; now: Date },
): Promise<number | 'expired'> {
  const tokenHash = await sha256Hex(key);
  const at = now.toISOString();
  const reset = await db
    .prepare('SELECT customer_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .bind(tokenHash, at)
    .first<{ customer_id: number }>();
  if (!reset) return 'expired';
  // One transaction: the password changes only while the key is still unused, then the key is spent,
  // so two uses of one key at the same moment change the password once.
  const [changed] = await db.batch([
    db
      .prepare(
        `UPDATE customers SET password_hash = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL AND EXISTS
           (SELECT 1 FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?)`,
      )
      .bind(await hashPassword(password), at, reset.customer_id, tokenHash, at),
    db.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL').bind(at, tokenHash),
  ]);
  if (changed?.meta.changes !== 1) return 'expired';
  await db.batch([
    db
      .prepare('UPDATE password_resets SET used_at = ? WHERE customer_id = ? AND used_at IS NULL')
      .bind(at, reset.customer_id),
    ...endAllSessions(db, reset.customer_id, now),
  ]);
  return reset.customer_id;
}

/**
 * A guest's order becomes the new account's (issue 14, "create an account from this order"): the order
 * is linked to the customer, unless it already belongs to someone, and the account's details start from
 * the order's billing address and identity number. False when the order was someone's already.
 */
export async function adoptGuestOrder(
  db: D1Database,
  customerId: number,
  order: {
    id: number;
    customerType: CustomerType;
    billingAddress: Partial<CustomerAddress> & { mobile?: string | null };
    personalId: string | null;
    organizationId: string | null;
  },
  now: Date,
): Promise<boolean> {
  const linked = await db
    .prepare('UPDATE orders SET customer_id = ?, updated_at = ? WHERE id = ? AND customer_id IS NULL')
    .bind(customerId, now.toISOString(), order.id)
    .run();
  if (!linked.meta.changes) return false;
  const billing = order.billingAddress;
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);
  await updateCustomer(
    db,
    customerId,
    {
      customerType: order.customerType,
      personalId: text(order.personalId),
      organizationId: text(order.organizationId),
      address: {
        firstName: text(billing.firstName),
        lastName: text(billing.lastName),
        careOf: text(billing.careOf),
        addressLine1: text(billing.addressLine1),
        addressLine2: text(billing.addressLine2),
        zip: text(billing.zip),
        city: text(billing.city),
        country: text(billing.country),
        entryCode: text(billing.entryCode),
        mobile: text(billing.mobile),
        company: text(billing.company),
      },
    },
    now,
  );
  return true;
}
