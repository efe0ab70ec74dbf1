-- Customer accounts: deletion keeps the orders (bookkeeping) but removes the person (GDPR), and
-- messages to customers wait in an outbox until a mail provider delivers them.
ALTER TABLE customers ADD COLUMN deleted_at TEXT;

CREATE TABLE outgoing_emails (
  id INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL,
  language_id TEXT NOT NULL REFERENCES languages(id),
  kind TEXT NOT NULL CHECK (kind IN ('PASSWORD_RESET')),
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX outgoing_emails_unsent ON outgoing_emails(sent_at, created_at);
