-- Issue 13, "Mail that is really delivered": the outbox (outgoing_emails, 0003) is drained by a Queue
-- consumer (worker/mail/consumer.ts), so a row now says where its delivery stands. SQLite cannot alter a
-- CHECK, so the table is rebuilt: new table, copy, drop, rename, indexes again.
--
-- kind: the welcome mail joins the reset mail; order confirmation, withdrawal receipt and order status
--   are for the my-pages issue.
-- html: the HTML part (body stays the text part); NULL for the rows queued before this migration.
-- attempts, last_error: how many times a consumer tried the provider, and what it said last.
-- claimed_at, claim_id: a consumer holds the row while it sends (a lease of a few minutes), so two
--   consumers never send one mail at once; claim_id names the holder, so only it records the outcome.
-- next_attempt_at: when the queue should next deliver the row's message (created_at, or the retry's due
--   time); a row still unsent well after it lost its message, and the scheduled sweep sends a new one.
-- send_before: a mail not sent by then is given up (a reset mail's link is dead after its key expires).
-- failed_at: given up for good (a permanent refusal, too many attempts, or past send_before).
-- provider_message_id: the provider's id of the sent mail, for tracing it in the provider's logs.
CREATE TABLE outgoing_emails_new (
  id INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL,
  language_id TEXT NOT NULL REFERENCES languages(id),
  kind TEXT NOT NULL CHECK (kind IN ('PASSWORD_RESET', 'WELCOME', 'ORDER_CONFIRMATION', 'WITHDRAWAL_RECEIPT', 'ORDER_STATUS')),
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
  provider_message_id TEXT
);
-- A reset mail queued before this migration expires with its key (an hour, RESET_TTL_MS).
INSERT INTO outgoing_emails_new
    (id, recipient, language_id, kind, subject, body, created_at, sent_at, next_attempt_at, send_before)
  SELECT id, recipient, language_id, kind, subject, body, created_at, sent_at, created_at,
    CASE kind WHEN 'PASSWORD_RESET' THEN strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 hour') END
  FROM outgoing_emails;
DROP TABLE outgoing_emails;
ALTER TABLE outgoing_emails_new RENAME TO outgoing_emails;
CREATE INDEX outgoing_emails_unsent ON outgoing_emails(sent_at, created_at);
-- The sweep's question: which undelivered rows are past their next attempt.
CREATE INDEX outgoing_emails_due ON outgoing_emails(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
