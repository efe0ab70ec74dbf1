/**
 * Accounts and sessions behind the auth endpoint (spec §7): register, log in, refresh, change password,
 * log out. An access token is a short-lived JWT (HS256, jose) carried in the `ralph-auth` cookie or as a
 * Bearer token, naming the customer's session version (`sv`, checked on every authenticated request);
 * a session is a refresh token stored hashed in D1 and rotated on every refresh. A password change,
 * logout, or a refresh token presented again after it was rotated (a stolen copy in use) ends every
 * session of the customer at once (./sessions.ts, issue 12). Login attempts are throttled by ./throttle.ts.
 */
import { SignJWT } from 'jose';
import { randomHex, sha256Hex } from '../crypto';
import { hashPassword, verifyPassword } from './passwords';
import { type CustomerType } from '../../../core/customer-type';
import { endAllSessions } from './sessions';

/** Seconds an access token lives; the client refreshes at 90 % of it (spec §9: 900 x maxAge ms). */
export const TOKEN_MAX_AGE_S = 3600;
/** Session lifetimes (spec §9): 604,800 s with "remember me", 1,800 s without. */
export const SESSION_REMEMBERED_S = 604_800;
export const SESSION_SHORT_S = 1_800;
/**
 * A rotated refresh token presented again within this long is a second tab refreshing at the same
 * moment, not a replay: it is refused without ending the other sessions.
 */
const ROTATION_GRACE_MS = 10_000;

export interface Session {
  customerId: number;
  email: string;
  /** The account's customer type, which sets the VAT display once logged in. */
  customerType: CustomerType;
  token: string;
  maxAge: number;
  refreshToken: string;
  sessionLifetime: number;
  /**
   * A random key for the browser the session is handed to (its `ralph-auth-browser` cookie), stored
   * hashed with the session: it tells that browser's second tab from another client holding a copy of the
   * refresh token within the rotation grace window.
   */
  browserKey: string;
}

const encoder = new TextEncoder();

/** A customer as sessions know them: id, address and the session version tokens are issued under. */
export interface SessionCustomer {
  id: number;
  email: string;
  sessionVersion: number;
  customerType: CustomerType;
}

/**
 * How long after the password was typed its session may delete the account (issue 24: every path that
 * deletes asks for the password; a refreshed token, a passkey or a reset link is not a password).
 */
export const RECENT_PASSWORD_MS = 10 * 60 * 1000;

/**
 * A signed access token for the customer: `sub` is the customer id, `email` their address, `sv` the
 * session version it is valid under; `pwd`, when the session was opened by typing the password, that
 * moment (epoch seconds), for what needs a recent password (RECENT_PASSWORD_MS).
 */
export function signAccessToken(
  customer: SessionCustomer,
  secret: string,
  now: Date,
  maxAge = TOKEN_MAX_AGE_S,
  passwordAt?: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const pwd = passwordAt ? { pwd: Math.floor(passwordAt.getTime() / 1000) } : {};
  return new SignJWT({ email: customer.email, sv: customer.sessionVersion, ...pwd })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(customer.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + maxAge)
    .sign(encoder.encode(secret));
}

/** How long staff may be logged in as a customer (spec §6 "logging in as user"; issue 27): half an hour, no refresh. */
export const IMPERSONATION_MAX_AGE_S = 30 * 60;

/**
 * An access token for staff member `staffEmail` logged in as the customer (claim `imp`): the customer's
 * session version, so the customer's logout or password change ends it too; no password time, so nothing
 * that needs a recent password is open to it; and no refresh token: it ends within IMPERSONATION_MAX_AGE_S.
 */
export function signImpersonationToken(
  customer: SessionCustomer,
  staffEmail: string,
  secret: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: customer.email, sv: customer.sessionVersion, imp: staffEmail })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(customer.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + IMPERSONATION_MAX_AGE_S)
    .sign(encoder.encode(secret));
}

async function openSession(
  db: D1Database,
  customer: SessionCustomer,
  options: { secret: string; lifetime: number; now: Date; passwordChecked?: boolean; browserKey?: string },
): Promise<Session> {
  const refreshToken = randomHex(32);
  // A browser keeps its key from rotation to rotation, so a token its other tab still holds stays its own.
  const browserKey = options.browserKey ?? randomHex(32);
  await db
    .prepare(
      'INSERT INTO auth_sessions (token_hash, customer_id, expires_at, lifetime_s, created_at, session_version, browser_hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(
      await sha256Hex(refreshToken),
      customer.id,
      new Date(options.now.getTime() + options.lifetime * 1000).toISOString(),
      options.lifetime,
      options.now.toISOString(),
      customer.sessionVersion,
      await sha256Hex(browserKey),
    )
    .run();
  // A token never outlives its session: a 30-minute session gets 30-minute tokens.
  const maxAge = Math.min(TOKEN_MAX_AGE_S, options.lifetime);
  return {
    customerId: customer.id,
    email: customer.email,
    customerType: customer.customerType,
    token: await signAccessToken(
      customer,
      options.secret,
      options.now,
      maxAge,
      options.passwordChecked ? options.now : undefined,
    ),
    maxAge,
    refreshToken,
    sessionLifetime: options.lifetime,
    browserKey,
  };
}

/** Creates an account and its first session, or 'exists' when the address already has one. */
export async function register(
  db: D1Database,
  input: {
    email: string;
    password: string;
    customerType: CustomerType;
    marketId: string;
    languageId: string;
    newsletter?: boolean;
  },
  options: { secret: string; lifetime: number; now: Date },
): Promise<Session | 'exists'> {
  const at = options.now.toISOString();
  const inserted = await db
    .prepare(
      `INSERT INTO customers (email, password_hash, customer_type, market_id, language_id, newsletter, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
    )
    .bind(
      input.email,
      await hashPassword(input.password),
      input.customerType,
      input.marketId,
      input.languageId,
      input.newsletter ? 1 : 0,
      at,
      at,
    )
    .run();
  if (inserted.meta.changes !== 1) return 'exists';
  return openSession(
    db,
    { id: Number(inserted.meta.last_row_id), email: input.email, sessionVersion: 0, customerType: input.customerType },
    { ...options, passwordChecked: true },
  );
}

/**
 * The customer an address and password belong to, or null. Callers reserve the attempt with the login
 * throttle first (./throttle.ts), so parallel guesses are counted before any password is checked.
 */
export async function checkCredentials(
  db: D1Database,
  email: string,
  password: string,
): Promise<SessionCustomer | null> {
  const row = await db
    .prepare(
      'SELECT id, email, password_hash, session_version, customer_type FROM customers WHERE email = ? AND deleted_at IS NULL',
    )
    .bind(email)
    .first<{
      id: number;
      email: string;
      password_hash: string;
      session_version: number;
      customer_type: CustomerType;
    }>();
  // Verify against something even for unknown addresses, so timing does not tell which exist.
  const ok = await verifyPassword(password, row?.password_hash ?? 'pbkdf2$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAA');
  return row && ok ? customerOfRow(row) : null;
}

/** The session view of a customers row. */
export function customerOfRow(row: {
  id: number;
  email: string;
  session_version: number;
  customer_type: CustomerType;
}): SessionCustomer {
  return { id: row.id, email: row.email, sessionVersion: row.session_version, customerType: row.customer_type };
}

/** The session view of an existing (not deleted) customer, or null. */
export async function sessionCustomerById(db: D1Database, id: number): Promise<SessionCustomer | null> {
  const row = await db
    .prepare('SELECT id, email, session_version, customer_type FROM customers WHERE id = ? AND deleted_at IS NULL')
    .bind(id)
    .first<{ id: number; email: string; session_version: number; customer_type: CustomerType }>();
  return row ? customerOfRow(row) : null;
}

export function login(
  db: D1Database,
  customer: SessionCustomer,
  options: { secret: string; lifetime: number; now: Date; passwordChecked?: boolean },
): Promise<Session> {
  return openSession(db, customer, options);
}

/**
 * What a refresh gives: a new session; or, for a token already rotated and presented by the same browser
 * (it holds the session's browser key: its other tab), who it belongs to without a new session (a page:
 * the answer of the request that rotated it carries the cookies) or, with `sibling`, a session of its own
 * (the auth endpoint); or `elsewhere` for such a token from any other client within ROTATION_GRACE_MS of
 * its rotation (no session, and the rightful browser's cookies untouched); or null.
 */
export type RefreshResult = Session | { concurrent: SessionCustomer } | 'elsewhere' | null;

/**
 * A new access token for a valid refresh token; the refresh token is rotated (the old one stops
 * working), so a stolen one is useful at most once. Null when unknown, revoked, expired or deleted. A
 * rotated token presented again by its own browser is that browser's other tab (see RefreshResult); by
 * anyone else after ROTATION_GRACE_MS it means a copy is in someone else's hands: every session of the
 * customer ends, theirs and the thief's.
 */
export async function refresh(
  db: D1Database,
  refreshToken: string,
  options: { secret: string; now: Date; browserKey?: string; sibling?: boolean },
): Promise<RefreshResult> {
  const at = options.now.toISOString();
  const tokenHash = await sha256Hex(refreshToken);
  const row = await db
    .prepare(
      `SELECT s.customer_id, s.lifetime_s, s.revoked_at, s.rotated_at, s.expires_at, s.session_version AS token_version, s.browser_hash,
              c.email, c.session_version, c.customer_type
       FROM auth_sessions s JOIN customers c ON c.id = s.customer_id
       WHERE s.token_hash = ? AND c.deleted_at IS NULL`,
    )
    .bind(tokenHash)
    .first<{
      customer_id: number;
      lifetime_s: number;
      revoked_at: string | null;
      rotated_at: string | null;
      expires_at: string;
      token_version: number;
      browser_hash: string | null;
      email: string;
      session_version: number;
      customer_type: CustomerType;
    }>();
  if (!row) return null;
  const customer = customerOfRow({ ...row, id: row.customer_id });
  /**
   * The same browser's other tab holding a token this session already rotated (issue 25: the reference
   * client keeps the refresh token per tab and refreshes each tab on its own timer, or its server rotated
   * it while rendering a page). Proven by the browser's key, it is that browser's: the auth endpoint
   * (`sibling`) opens it a session of its own; a page is served as the customer without new cookies.
   */
  const sibling = () =>
    options.sibling
      ? openSession(db, customer, { ...options, lifetime: row.lifetime_s, browserKey: options.browserKey })
      : { concurrent: customer };
  if (row.revoked_at !== null) {
    if (row.rotated_at === null) return null;
    if (await sameBrowser(row.browser_hash, options.browserKey)) {
      if (row.expires_at <= at || row.token_version !== row.session_version) return null;
      return sibling();
    }
    // Another client within seconds of the rotation (a tab of a browser without its key, or a copy): no
    // session, nothing else touched (its cookies neither). Later, a rotated token without the browser's
    // key is a replay: every session of the customer ends.
    if (options.now.getTime() - Date.parse(row.rotated_at) <= ROTATION_GRACE_MS)
      return row.token_version !== row.session_version ? null : 'elsewhere';
    await db.batch(endAllSessions(db, row.customer_id, options.now));
    return null;
  }
  // Opened under an older session version (a refresh that raced a password change, reset or logout).
  if (row.expires_at <= at || row.token_version !== row.session_version) return null;
  const rotated = await db
    .prepare('UPDATE auth_sessions SET revoked_at = ?, rotated_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
    .bind(at, at, tokenHash)
    .run();
  // Used by a concurrent refresh a moment ago.
  if (rotated.meta.changes !== 1)
    return (await sameBrowser(row.browser_hash, options.browserKey)) ? sibling() : 'elsewhere';
  return openSession(db, customer, { ...options, lifetime: row.lifetime_s, browserKey: options.browserKey });
}

/** Whether a request's browser key is the one the session was handed to (sessions from before: never). */
async function sameBrowser(browserHash: string | null, browserKey: string | undefined): Promise<boolean> {
  return browserHash !== null && browserKey !== undefined && (await sha256Hex(browserKey)) === browserHash;
}

/**
 * Logout (issue 12): ends every session of the customer the refresh token (or, without one, the
 * access token) belongs to, at once, access tokens included. Ending an unknown one is not an error.
 */
export async function logout(
  db: D1Database,
  who: { refreshToken?: string; customerId?: number },
  now: Date,
): Promise<void> {
  let customerId = who.customerId;
  if (who.refreshToken) {
    const row = await db
      .prepare('SELECT customer_id FROM auth_sessions WHERE token_hash = ?')
      .bind(await sha256Hex(who.refreshToken))
      .first<{ customer_id: number }>();
    customerId = row?.customer_id ?? customerId;
  }
  if (customerId === undefined) return;
  await db.batch([
    ...endAllSessions(db, customerId, now),
    // The open carts stay with their browsers, the details typed into their checkout do not (issue 14).
    db.prepare('UPDATE carts SET checkout = NULL WHERE customer_id = ? AND completed_at IS NULL').bind(customerId),
  ]);
}

/** Ends every session of a customer (a wrong current password). */
export async function revokeAll(db: D1Database, customerId: number, now: Date): Promise<void> {
  await db.batch(endAllSessions(db, customerId, now));
}

/**
 * Sets a new password; every session ends (access tokens included), then the caller opens a new one for
 * the customer who changed it. Returns the session version the new session is issued under.
 */
export async function changePassword(
  db: D1Database,
  customer: SessionCustomer,
  newPassword: string,
  now: Date,
): Promise<SessionCustomer> {
  const results = await db.batch<{ session_version: number }>([
    db
      .prepare('UPDATE customers SET password_hash = ?, updated_at = ? WHERE id = ?')
      .bind(await hashPassword(newPassword), now.toISOString(), customer.id),
    ...endAllSessions(db, customer.id, now),
    db.prepare('SELECT session_version FROM customers WHERE id = ?').bind(customer.id),
  ]);
  const version = results.at(-1)?.results[0]?.session_version ?? customer.sessionVersion + 1;
  return { ...customer, sessionVersion: version };
}
