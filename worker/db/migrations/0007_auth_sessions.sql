-- Login sessions of the auth endpoint (spec §7): a refresh token per session, stored hashed, rotated
-- on every refresh; failed logins per address for throttling.
CREATE TABLE auth_sessions (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  expires_at TEXT NOT NULL,
  lifetime_s INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX auth_sessions_customer ON auth_sessions(customer_id);

CREATE TABLE auth_failures (
  email TEXT NOT NULL COLLATE NOCASE,
  at TEXT NOT NULL
);
CREATE INDEX auth_failures_email ON auth_failures(email, at);
