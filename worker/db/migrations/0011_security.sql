-- Issue 12: sessions that end, and login throttling that holds in parallel.

-- Every access token names the session version it was issued under; a password change or reset, a
-- logout, an account deletion or a replayed refresh token bumps it, so every token issued before stops
-- working at once (checked on each authenticated request).
ALTER TABLE customers ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;

-- When a refresh token was rotated (replaced by a newer one): presenting it again later is a replay.
ALTER TABLE auth_sessions ADD COLUMN rotated_at TEXT;

-- Failed logins per key (an account 'account:{email}' or a client address 'client:{ip}'): each attempt
-- reserves itself atomically (an UPSERT that also moves not_before), so parallel guesses are counted
-- before any password is checked. Times in epoch milliseconds.
CREATE TABLE login_throttle (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  not_before INTEGER NOT NULL,
  last_at INTEGER NOT NULL
);

DROP TABLE auth_failures;

-- The payment capability: a random token given to the browser that placed the order when its payment
-- step starts (cookie ralph-payment); with it, or the order's cart cookie, or the account, that browser
-- may decide, cancel and reopen the payment. The order's public id alone proves nothing.
ALTER TABLE payments ADD COLUMN owner_token TEXT;
