-- Issue 24, "Newsletter: double opt-in". An address is subscribed only once its owner clicks the signed
-- link in a confirmation mail; until then its row is a request (confirmed_at NULL) and nothing is sent to
-- it but that one mail. The consent is recorded with its time (confirmed_at) and source (where it was
-- asked: 'footer', 'api', 'register', 'settings'). Rows from before were single opt-in: they keep their
-- subscription, marked as such.
ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at TEXT;
ALTER TABLE newsletter_subscriptions ADD COLUMN source TEXT NOT NULL DEFAULT 'api';
UPDATE newsletter_subscriptions SET confirmed_at = created_at, source = 'before-double-opt-in';

-- The outbox learns the confirmation mail. SQLite cannot alter a CHECK, so the table is rebuilt as in 0013.
CREATE TABLE outgoing_emails_new (
  id INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL,
  language_id TEXT NOT NULL REFERENCES languages(id),
  kind TEXT NOT NULL CHECK (kind IN ('PASSWORD_RESET', 'WELCOME', 'ORDER_CONFIRMATION', 'WITHDRAWAL_RECEIPT', 'ORDER_STATUS', 'NEWSLETTER_CONFIRMATION')),
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  html TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  claimed_at TEXT,
  claim_id TEXT,
  last_error TEXT,
  next_attempt_at TEXT,
  send_before TEXT,
  failed_at TEXT,
  provider_message_id TEXT,
  event_key TEXT
);
INSERT INTO outgoing_emails_new
    (id, recipient, language_id, kind, subject, body, html, created_at, sent_at, attempts, claimed_at, claim_id,
     last_error, next_attempt_at, send_before, failed_at, provider_message_id, event_key)
  SELECT id, recipient, language_id, kind, subject, body, html, created_at, sent_at, attempts, claimed_at, claim_id,
     last_error, next_attempt_at, send_before, failed_at, provider_message_id, event_key
  FROM outgoing_emails;
DROP TABLE outgoing_emails;
ALTER TABLE outgoing_emails_new RENAME TO outgoing_emails;
CREATE INDEX outgoing_emails_unsent ON outgoing_emails(sent_at, created_at);
CREATE INDEX outgoing_emails_due ON outgoing_emails(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE UNIQUE INDEX outgoing_emails_event ON outgoing_emails(event_key) WHERE event_key IS NOT NULL;
