-- Issue 24, "Anonymous invoices take the stock" (docs/decisions/019-invoice-limits.md). The shop's own
-- invoice and instalments are credit: each order says who asked for it, so the orders one client, one
-- mailbox or one identity number places on credit within a window can be counted, and a guest's large
-- credit order can wait for the merchant.
--
-- orders.client_key: SHA-256 of the placing client's address (CF-Connecting-IP), never the address itself.
-- orders.mailbox: the e-mail's mailbox (worker/commerce/customers/mailbox.ts: case, +tag, Gmail dots).
-- orders.identity_key: the personnummer or organisationsnummer as its last ten digits.
-- orders.held_at / released_at: a held order waits for the merchant before it is sent (merchant API).
ALTER TABLE orders ADD COLUMN client_key TEXT;
ALTER TABLE orders ADD COLUMN mailbox TEXT;
ALTER TABLE orders ADD COLUMN identity_key TEXT;
ALTER TABLE orders ADD COLUMN held_at TEXT;
ALTER TABLE orders ADD COLUMN released_at TEXT;
CREATE INDEX orders_credit_client ON orders(client_key, created_at) WHERE client_key IS NOT NULL;
CREATE INDEX orders_credit_mailbox ON orders(mailbox, created_at) WHERE mailbox IS NOT NULL;
CREATE INDEX orders_credit_identity ON orders(identity_key, created_at) WHERE identity_key IS NOT NULL;
CREATE INDEX orders_held ON orders(held_at) WHERE held_at IS NOT NULL;

-- The placement batch's guard: one row per limit, its excess over the limit, written and removed in the
-- same batch. More credit orders in the window than the limit break the CHECK and roll the order back, so
-- concurrent placements cannot slip past a count read before them.
CREATE TABLE invoice_limit_checks (
  public_id TEXT NOT NULL,
  excess INTEGER NOT NULL CHECK (excess <= 0)
);
