-- Issue 14: the withdrawal function (EU Directive 2023/2673; docs/decisions/011-withdrawal.md) and the
-- order mails, each sent once per order and event.
--
-- order_withdrawals: one row per withdrawal a shopper confirmed, with when (the acknowledgement's date and
--   time) and how they reached it (their account, or the signed link of the confirmation mail).
--   request_key is the confirmation form's own random key: the same form sent twice (a double click, a
--   reload of the POST) is one withdrawal, UNIQUE(order_id, request_key).
-- order_withdrawal_rows: what was withdrawn, by the order row's position. The trigger refuses a row that
--   would take more of a line than the order has left of it (more than was bought, or the same units
--   twice), so the rule holds however many withdrawals race.
-- outgoing_emails.event_key: the order event a mail tells of ('order-12-received', 'withdrawal-3', ...);
--   unique, so an event is mailed once however often and however concurrently it is announced.
CREATE TABLE order_withdrawals (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  request_key TEXT NOT NULL,
  via TEXT NOT NULL CHECK (via IN ('ACCOUNT', 'LINK')),
  created_at TEXT NOT NULL,
  UNIQUE (order_id, request_key)
);

CREATE TABLE order_withdrawal_rows (
  withdrawal_id INTEGER NOT NULL REFERENCES order_withdrawals(id),
  order_id INTEGER NOT NULL REFERENCES orders(id),
  position INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (withdrawal_id, position)
);
CREATE INDEX order_withdrawal_rows_line ON order_withdrawal_rows(order_id, position);

CREATE TRIGGER order_withdrawal_within_order
BEFORE INSERT ON order_withdrawal_rows
WHEN NEW.quantity + COALESCE(
    (SELECT SUM(quantity) FROM order_withdrawal_rows WHERE order_id = NEW.order_id AND position = NEW.position), 0)
  > COALESCE((SELECT quantity FROM order_rows WHERE order_id = NEW.order_id AND position = NEW.position), 0)
BEGIN
  SELECT RAISE(ABORT, 'withdrawal exceeds the order');
END;

ALTER TABLE outgoing_emails ADD COLUMN event_key TEXT;
CREATE UNIQUE INDEX outgoing_emails_event ON outgoing_emails(event_key) WHERE event_key IS NOT NULL;
