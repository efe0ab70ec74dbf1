/**
 * Throttling (issue 12) that holds when guesses arrive in parallel and slows the guesser, not the owner:
 * logins, registrations, password reset requests and promo or gift codes. Every attempt first reserves itself with one atomic UPSERT per key: it counts as a failure
 * and moves `not_before` by a delay that doubles with each failure beyond the free ones; a key whose
 * `not_before` lies ahead refuses the attempt without checking any password (429 with Retry-After). A
 * right password clears the account-and-client key. Three keys: the account from this client (few free
 * tries, delays up to a minute), the client address (more free tries, delays up to 15 minutes: that is
 * where a guesser is slowed down) and the account from anywhere (many free tries, a minute at most, so
 * a stranger on another address slows the owner only after dozens of guesses, and never for long). The
 * account-wide key counts only what a client's own keys let through (worker/session/account.ts, issue 24).
 * Failures older than the window are forgotten.
 */

export interface ThrottleRule {
  /** Failures within the window before delays start. */
  free: number;
  /** The longest delay, in milliseconds. */
  maxDelayMs: number;
}

/** One account from one client: where a guesser is, the delays start early. */
export const ACCOUNT_RULE: ThrottleRule = { free: 5, maxDelayMs: 60_000 };
/**
 * One account from anywhere: many clients guessing one password. Generous (a stranger elsewhere cannot
 * block the owner with a few tries) and short (a minute at most).
 */
export const ACCOUNT_WIDE_RULE: ThrottleRule = { free: 50, maxDelayMs: 60_000 };
export const CLIENT_RULE: ThrottleRule = { free: 20, maxDelayMs: 15 * 60_000 };
/** Accounts created from one client address (issue 12: registration is limited too). */
export const REGISTER_RULE: ThrottleRule = { free: 20, maxDelayMs: 15 * 60_000 };
/** Password reset requests for one address, and from one client. */
export const RESET_ACCOUNT_RULE: ThrottleRule = { free: 3, maxDelayMs: 15 * 60_000 };
export const RESET_CLIENT_RULE: ThrottleRule = { free: 10, maxDelayMs: 15 * 60_000 };
/** Wrong promo or gift codes tried on one cart, and from one client (issue 12: codes cannot be guessed). */
export const CODE_CART_RULE: ThrottleRule = { free: 10, maxDelayMs: 15 * 60_000 };
export const CODE_CLIENT_RULE: ThrottleRule = { free: 30, maxDelayMs: 15 * 60_000 };
/** Failures older than this no longer count. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type Reservation = { ok: true } | { ok: false; retryAfterS: number };

/**
 * Reserves one attempt for every key (atomically, in one D1 batch), or says how long to wait. An attempt
 * refused by one key is still counted by the others it passed: a guesser gains nothing by spreading.
 */
export async function reserveAttempt(
  db: D1Database,
  keys: readonly { key: string; rule: ThrottleRule }[],
  now: Date,
): Promise<Reservation> {
  const at = now.getTime();
  const results = await db.batch<{ not_before: number }>(
    keys.map(({ key, rule }) =>
      db
        .prepare(
          `INSERT INTO login_throttle (key, failures, not_before, last_at) VALUES (?1, 1, ?2, ?2)
           ON CONFLICT (key) DO UPDATE SET
             failures = CASE WHEN last_at < ?2 - ?3 THEN 1 ELSE failures + 1 END,
             not_before = ?2 + CASE WHEN last_at < ?2 - ?3 OR failures + 1 <= ?4 THEN 0
                                    ELSE min(1000 << min(failures + 1 - ?4, 20), ?5) END,
             last_at = ?2
           WHERE not_before <= ?2
           RETURNING not_before`,
        )
        .bind(key, at, THROTTLE_WINDOW_MS, rule.free, rule.maxDelayMs),
    ),
  );
  if (results.every((result) => result.results.length === 1)) return { ok: true };
  const waits = await db.batch<{ not_before: number }>(
    keys.map(({ key }) => db.prepare('SELECT not_before FROM login_throttle WHERE key = ?').bind(key)),
  );
  const until = Math.max(...waits.map((result) => result.results[0]?.not_before ?? at));
  return { ok: false, retryAfterS: Math.max(1, Math.ceil((until - at) / 1000)) };
}

/** Forgets keys whose last attempt is older than the window (the scheduled sweep, worker/index.ts). */
export async function sweepThrottle(db: D1Database, now: Date): Promise<void> {
  await db
    .prepare('DELETE FROM login_throttle WHERE last_at < ? AND not_before < ?')
    .bind(now.getTime() - THROTTLE_WINDOW_MS, now.getTime())
    .run();
}

/**
 * A right password gives the client back the attempt it reserved, so shoppers sharing one address (an
 * office, a mobile network) are not slowed by each other's logins.
 */
export async function refundAttempt(db: D1Database, key: string): Promise<void> {
  await db.prepare('UPDATE login_throttle SET failures = max(failures - 1, 0) WHERE key = ?').bind(key).run();
}

/** A right password: the account's failures are forgotten (the client's stay until the window ends). */
export async function clearAttempts(db: D1Database, key: string): Promise<void> {
  await db.prepare('DELETE FROM login_throttle WHERE key = ?').bind(key).run();
}
