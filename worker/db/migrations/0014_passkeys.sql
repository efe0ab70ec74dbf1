-- Issue 13, passkeys: a customer may register WebAuthn credentials (from the account page) and log in with
-- one instead of a password (worker/commerce/customers/passkeys.ts, @simplewebauthn/server).
--
-- passkeys.id: the credential id (base64url), as the authenticator names it; public_key its COSE public
--   key (base64url); counter the signature counter (0 for authenticators that keep none); transports the
--   browser's hints as JSON; name what the customer sees in the list.
-- passkey_challenges: each ceremony's challenge, used once and within five minutes; a registration
--   challenge belongs to the customer who asked for it, a login challenge to nobody yet.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '[]',
  device_type TEXT NOT NULL DEFAULT 'singleDevice',
  backed_up INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX passkeys_customer ON passkeys(customer_id);

CREATE TABLE passkey_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login')),
  customer_id INTEGER REFERENCES customers(id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges(expires_at);
