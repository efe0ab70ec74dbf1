/**
 * Ending every session of a customer at once (issue 12): the customer's session version goes up, so
 * every access token issued before (which names its version, `sv`) stops working on the next request,
 * and every refresh token is revoked. Used by a password change or reset, logout, account deletion and a
 * replayed refresh token. Statements, so callers put them in the same D1 batch as their own change.
 */
export function endAllSessions(db: D1Database, customerId: number, now: Date): D1PreparedStatement[] {
  const at = now.toISOString();
  return [
    db.prepare('UPDATE customers SET session_version = session_version + 1 WHERE id = ?').bind(customerId),
    db
      .prepare('UPDATE auth_sessions SET revoked_at = ? WHERE customer_id = ? AND revoked_at IS NULL')
      .bind(at, customerId),
  ];
}

/**
 * Whether an access token's customer and session version still hold: the account exists, is not
 * deleted, and no password change, reset, logout or deletion has ended its sessions since the token.
 */
export async function sessionStillValid(db: D1Database, customerId: number, sessionVersion: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS ok FROM customers WHERE id = ? AND session_version = ? AND deleted_at IS NULL')
    .bind(customerId, sessionVersion)
    .first<{ ok: number }>();
  return row !== null;
}
