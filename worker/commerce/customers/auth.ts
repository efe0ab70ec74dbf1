/**
 * Accounts and sessions behind the auth endpoint (spec §7): register, log in, refresh, change password,
 * log out. An access token is a short-lived JWT (HS256, jose) carried in the `ralph-auth` cookie or as a
 * Bearer token; a session is a refresh token stored hashed in D1 and rotated on every refresh.
 */
import { SignJWT } from 'jose';
import { randomHex, sha256Hex } from '../crypto';
import { hashPassword, verifyPassword } from './passwords';
import { type CustomerType } from '../../../core/customer-type';

/** Seconds an access token lives; the client refreshes at 90 % of it (spec §9: 900 x maxAge ms). */
export const TOKEN_MAX_AGE_S = 3600;
/** Session lifetimes (spec §9): 604,800 s with "remember me", 1,800 s without. */
export const SESSION_REMEMBERED_S = 604_800;
export const SESSION_SHORT_S = 1_800;
/** Failed logins of one address within the window before logins are refused for a while. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface Session {
  customerId: number;
  email: string;
  token: string;
  maxAge: number;
  refreshToken: string;
  sessionLifetime: number;
}

const encoder = new TextEncoder();

/** A signed access token for the customer: `sub` is the customer id, `email` their address. */
export function signAccessToken(customer: { id: number; email: string }, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: customer.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(customer.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_MAX_AGE_S)
    .sign(encoder.encode(secret));
}

async function openSession(
  db: D1Database,
  customer: { id: number; email: string },
  options: { secret: string; lifetime: number; now: Date },
): Promise<Session> {
  const refreshToken = randomHex(32);
  await db
    .prepare(
      'INSERT INTO auth_sessions (token_hash, customer_id, expires_at, lifetime_s, created_at) VALUES (?, ?, ?, ?, ?)',
    )
    .bind(
      await sha256Hex(refreshToken),
      customer.id,
      new Date(options.now.getTime() + options.lifetime * 1000).toISOString(),
      options.lifetime,
      options.now.toISOString(),
    )
    .run();
  return {
    customerId: customer.id,
    email: customer.email,
    token: await signAccessToken(customer, options.secret, options.now),
    maxAge: TOKEN_MAX_AGE_S,
    refreshToken,
    sessionLifetime: options.lifetime,
  };
}

/** Creates an account and its first session, or 'exists' when the address already has one. */
export async function register(
  db: D1Database,
  input: { email: string; password: string; customerType: CustomerType; marketId: string; languageId: string },
  options: { secret: string; lifetime: number; now: Date },
): Promise<Session | 'exists'> {
  const at = options.now.toISOString();
  const inserted = await db
    .prepare(
      `INSERT INTO customers (email, password_hash, customer_type, market_id, language_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
    )
    .bind(input.email, await hashPassword(input.password), input.customerType, input.marketId, input.languageId, at, at)
    .run();
  if (inserted.meta.changes !== 1) return 'exists';
  return openSession(db, { id: Number(inserted.meta.last_row_id), email: input.email }, options);
}

/** Whether the address has failed too often lately (spec-free hardening against password guessing). */
export async function isThrottled(db: D1Database, email: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM auth_failures WHERE email = ? AND at > ?')
    .bind(email, since)
    .first<{ n: number }>();
  return (row?.n ?? 0) >= MAX_FAILURES;
}

/** The customer an address and password belong to, or null (and the failure is counted). */
export async function checkCredentials(
  db: D1Database,
  email: string,
  password: string,
  now: Date,
): Promise<{ id: number; email: string } | null> {
  const row = await db
    .prepare('SELECT id, email, password_hash FROM customers WHERE email = ? AND deleted_at IS NULL')
    .bind(email)
    .first<{ id: number; email: string; password_hash: string }>();
  // Verify against something even for unknown addresses, so timing does not tell which exist.
  const ok = await verifyPassword(password, row?.password_hash ?? 'pbkdf2$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAA');
  if (row && ok) {
    await db.prepare('DELETE FROM auth_failures WHERE email = ?').bind(email).run();
    return { id: row.id, email: row.email };
  }
  await db.prepare('INSERT INTO auth_failures (email, at) VALUES (?, ?)').bind(email, now.toISOString()).run();
  return null;
}

export function login(
  db: D1Database,
  customer: { id: number; email: string },
  options: { secret: string; lifetime: number; now: Date },
): Promise<Session> {
  return openSession(db, customer, options);
}

/**
 * A new access token for a valid refresh token; the refresh token is rotated (the old one stops
 * working), so a stolen one is useful at most once. Null when unknown, revoked, expired or deleted.
 */
export async function refresh(
  db: D1Database,
  refreshToken: string,
  options: { secret: string; now: Date },
): Promise<Session | null> {
  const at = options.now.toISOString();
  const tokenHash = await sha256Hex(refreshToken);
  const row = await db
    .prepare(
      `SELECT s.customer_id, s.lifetime_s, c.email FROM auth_sessions s JOIN customers c ON c.id = s.customer_id
       WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND c.deleted_at IS NULL`,
    )
    .bind(tokenHash, at)
    .first<{ customer_id: number; lifetime_s: number; email: string }>();
  if (!row) return null;
  const revoked = await db
    .prepare('UPDATE auth_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
    .bind(at, tokenHash)
    .run();
  if (revoked.meta.changes !== 1) return null; // used by a concurrent refresh
  return openSession(db, { id: row.customer_id, email: row.email }, { ...options, lifetime: row.lifetime_s });
}

/** Ends one session (logout); ending an unknown one is not an error. */
export async function revoke(db: D1Database, refreshToken: string, now: Date): Promise<void> {
  await db
    .prepare('UPDATE auth_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
    .bind(now.toISOString(), await sha256Hex(refreshToken))
    .run();
}

/** Ends every session of a customer (password change, wrong current password). */
export async function revokeAll(db: D1Database, customerId: number, now: Date): Promise<void> {
  await db
    .prepare('UPDATE auth_sessions SET revoked_at = ? WHERE customer_id = ? AND revoked_at IS NULL')
    .bind(now.toISOString(), customerId)
    .run();
}

/** Sets a new password; every other session ends. */
export async function changePassword(
  db: D1Database,
  customerId: number,
  newPassword: string,
  now: Date,
): Promise<void> {
  await db
    .prepare('UPDATE customers SET password_hash = ?, updated_at = ? WHERE id = ?')
    .bind(await hashPassword(newPassword), now.toISOString(), customerId)
    .run();
  await revokeAll(db, customerId, now);
}
