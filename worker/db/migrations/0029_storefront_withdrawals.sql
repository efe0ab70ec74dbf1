-- Issue 26: the withdrawal function (issue 14, docs/decisions/011) in front of a remote commerce API, keyed
-- by what the API gives: its order's public id, and the order's lines as the API listed them (position =
-- the line's place in the order, from 1). A Geins API has no place for withdrawals; the storefront keeps
-- them and mails the shopper's acknowledgement and the merchant's notice (WITHDRAWAL_NOTICE_TO).
--
-- storefront_withdrawal_lines: what the order has of each line, as the API said when the first withdrawal
--   was made (INSERT OR IGNORE: the first answer counts), so the trigger below can hold the rule however
--   many withdrawals race.
-- storefront_withdrawals: one row per withdrawal confirmed; request_key is the confirmation form's own
--   random key, so the same form sent twice is one withdrawal.
-- storefront_withdrawal_rows: what was withdrawn, by line position; the trigger refuses a row that would
--   take more of a line than the order has left of it.
CREATE TABLE storefront_withdrawal_lines (
  api_order TEXT NOT NULL,
  position INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (api_order, position)
);

CREATE TABLE storefront_withdrawals (
  id INTEGER PRIMARY KEY,
  api_order TEXT NOT NULL,
  customer_id INTEGER NOT NULL,
  request_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (api_order, request_key)
);

CREATE TABLE storefront_withdrawal_rows (
  withdrawal_id INTEGER NOT NULL REFERENCES storefront_withdrawals(id),
  api_order TEXT NOT NULL,
  position INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (withdrawal_id, position)
);
CREATE INDEX storefront_withdrawal_rows_line ON storefront_withdrawal_rows(api_order, position);

CREATE TRIGGER storefront_withdrawal_within_order
BEFORE INSERT ON storefront_withdrawal_rows
WHEN NEW.quantity + COALESCE(
    (SELECT SUM(quantity) FROM storefront_withdrawal_rows WHERE api_order = NEW.api_order AND position = NEW.position), 0)
  > COALESCE((SELECT quantity FROM storefront_withdrawal_lines WHERE api_order = NEW.api_order AND position = NEW.position), 0)
BEGIN
  SELECT RAISE(ABORT, 'withdrawal exceeds the order');
END;

-- The mail outbox is the storefront's own as well as the built-in API's: in front of a remote API the
-- storefront's database holds no languages (no catalog), so a mail's language is checked by its shape
-- instead of by a foreign key to languages.
CREATE TABLE outgoing_emails_new (
  id INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL,
  language_id TEXT NOT NULL CHECK (language_id GLOB '[a-z][a-z]-[A-Z][A-Z]'),
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
