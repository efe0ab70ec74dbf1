-- Issue 27: the merchant REST API's keys, each with its scopes, made and revoked by the owner in the back
-- office. Only a key's SHA-256 is kept: the key itself is shown once, when it is made.
CREATE TABLE merchant_api_keys (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  key_hash TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
