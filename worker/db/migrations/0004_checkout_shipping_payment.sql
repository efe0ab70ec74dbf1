-- Checkout (issue 3): shipping and payment methods per market, postal code formats per country, the
-- cart's checkout choices, and the guards that make placeOrder all-or-nothing (docs/decisions/002).

-- ── Postal codes ────────────────────────────────────────────────────────────────────────────────
-- A zip the pattern does not match gets no shipping option ('Hittade inga fraktalternativ ...').
CREATE TABLE postal_code_formats (
  country_code TEXT PRIMARY KEY,      -- ISO 3166-1 alpha-2
  pattern TEXT NOT NULL,              -- regular expression the whole trimmed zip must match
  example TEXT NOT NULL
);
INSERT INTO postal_code_formats (country_code, pattern, example) VALUES
  ('SE', '^[1-9][0-9]{2} ?[0-9]{2}$', '114 55'),
  ('DK', '^[1-9][0-9]{3}$', '2100'),
  ('NO', '^[0-9]{4}$', '0150'),
  ('FI', '^[0-9]{5}$', '00100');

-- ── Shipping ────────────────────────────────────────────────────────────────────────────────────
-- market_id has no REFERENCES: these rows ship with the migration, before the seed creates the markets.
CREATE TABLE shipping_methods (
  id INTEGER PRIMARY KEY,             -- the API's shippingId
  market_id TEXT NOT NULL,            -- markets(id)
  carrier TEXT NOT NULL,              -- 'postnord', 'budbee', 'dhl', 'gls', 'bring', 'posti', 'matkahuolto'
  name TEXT NOT NULL,                 -- the carrier's product name, the same in every language
  logo TEXT,                          -- file name under /images/carriers/
  fee_inc_vat INTEGER CHECK (fee_inc_vat >= 0),     -- NULL: the market's shipping_fee_inc_vat (spec §1: 49 kr)
  free_above_threshold INTEGER NOT NULL DEFAULT 1,  -- 1: free from the market's free_shipping_from_inc_vat
  delivery_days_min INTEGER NOT NULL,
  delivery_days_max INTEGER NOT NULL CHECK (delivery_days_max >= delivery_days_min),
  zip_prefixes TEXT,                  -- comma-separated zip prefixes the carrier serves; NULL: the whole country
  is_default INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX shipping_methods_market ON shipping_methods(market_id, sort_order);

INSERT INTO shipping_methods
  (id, market_id, carrier, name, logo, fee_inc_vat, free_above_threshold, delivery_days_min, delivery_days_max, zip_prefixes, is_default, sort_order)
VALUES
  (1, '1|se', 'postnord', 'PostNord Ombud', 'postnord.svg', NULL, 1, 2, 3, NULL, 1, 1),
  (2, '1|se', 'budbee', 'Budbee Hemleverans', 'budbee.svg', 7900, 0, 1, 2, '1,2,4', 0, 2),
  (3, '1|se', 'dhl', 'DHL Express', 'dhl.svg', 14900, 0, 1, 1, NULL, 0, 3),
  (4, '1|dk', 'gls', 'GLS PakkeShop', 'gls.svg', NULL, 1, 1, 3, NULL, 1, 1),
  (5, '1|dk', 'postnord', 'PostNord Hjemmelevering', 'postnord.svg', 5900, 0, 1, 3, NULL, 0, 2),
  (6, '1|no', 'bring', 'Bring Hentested', 'bring.svg', NULL, 1, 2, 4, NULL, 1, 1),
  (7, '1|no', 'bring', 'Bring Hjem', 'bring.svg', 9900, 0, 2, 4, '0,1,2,3', 0, 2),
  (8, '1|fi', 'posti', 'Posti Noutopiste', 'posti.svg', NULL, 1, 2, 4, NULL, 1, 1),
  (9, '1|fi', 'matkahuolto', 'Matkahuolto Lähellä-paketti', 'matkahuolto.svg', 590, 0, 2, 5, NULL, 0, 2);

-- ── Payment ─────────────────────────────────────────────────────────────────────────────────────
-- Spec §1: card, Swish, invoice, instalment account, via a payment provider. Swish exists only in Sweden.
CREATE TABLE payment_methods (
  id INTEGER PRIMARY KEY,             -- the API's paymentId
  code TEXT NOT NULL UNIQUE CHECK (code IN ('CARD', 'SWISH', 'INVOICE', 'INSTALMENT')),
  provider TEXT NOT NULL,
  logo TEXT
);
INSERT INTO payment_methods (id, code, provider, logo) VALUES
  (1, 'CARD', 'built-in', 'card.svg'),
  (2, 'SWISH', 'built-in', 'swish.svg'),
  (3, 'INVOICE', 'built-in', 'invoice.svg'),
  (4, 'INSTALMENT', 'built-in', 'instalment.svg');

CREATE TABLE payment_method_markets (
  payment_method_id INTEGER NOT NULL REFERENCES payment_methods(id),
  market_id TEXT NOT NULL,            -- markets(id), unreferenced for the same reason as above
  is_default INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL,
  PRIMARY KEY (market_id, payment_method_id)
);
INSERT INTO payment_method_markets (payment_method_id, market_id, is_default, sort_order) VALUES
  (1, '1|se', 1, 1), (2, '1|se', 0, 2), (3, '1|se', 0, 3), (4, '1|se', 0, 4),
  (1, '1|dk', 1, 1), (3, '1|dk', 0, 2), (4, '1|dk', 0, 3),
  (1, '1|no', 1, 1), (3, '1|no', 0, 2), (4, '1|no', 0, 3),
  (1, '1|fi', 1, 1), (3, '1|fi', 0, 2), (4, '1|fi', 0, 3);

-- ── The cart's checkout choices ─────────────────────────────────────────────────────────────────
-- revision counts changes: placeOrder creates the order only from the revision it priced.
ALTER TABLE carts ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE carts ADD COLUMN shipping_method_id INTEGER REFERENCES shipping_methods(id);
ALTER TABLE carts ADD COLUMN payment_method_id INTEGER REFERENCES payment_methods(id);
ALTER TABLE carts ADD COLUMN external_shipping_fee_inc_vat INTEGER CHECK (external_shipping_fee_inc_vat >= 0);
ALTER TABLE carts ADD COLUMN checkout TEXT;  -- JSON: email, addresses, identity number, customer type

-- ── Orders ──────────────────────────────────────────────────────────────────────────────────────
-- The priced cart as the shopper confirmed it, for the confirmation page (prices may change later).
ALTER TABLE orders ADD COLUMN priced_cart TEXT;

CREATE TABLE order_gift_cards (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  code TEXT NOT NULL REFERENCES gift_cards(code),
  amount INTEGER NOT NULL CHECK (amount > 0),
  PRIMARY KEY (order_id, code)
);

CREATE TABLE promo_code_uses (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  code TEXT NOT NULL REFERENCES promo_codes(code),
  created_at TEXT NOT NULL
);

-- The transitions have no cycles, so an order enters each status at most once: the primary key makes a
-- repeated (or concurrent) transition fail instead of, say, returning the stock of a cancelled order twice.
CREATE TABLE order_status_history (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  from_status TEXT,
  to_status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (order_id, to_status)
);

-- Customers the shop does not sell to (validateOrderCreation answers 'Customer is blacklisted').
CREATE TABLE customer_blocklist (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  reason TEXT,
  created_at TEXT NOT NULL
);

-- ── Guards: a statement that breaks one of these rules aborts the whole D1 batch ──────────────────
CREATE TRIGGER promo_codes_within_max_uses BEFORE UPDATE OF uses ON promo_codes
WHEN NEW.max_uses IS NOT NULL AND NEW.uses > NEW.max_uses
BEGIN
  SELECT RAISE(ABORT, 'promo code exhausted');
END;

CREATE TRIGGER balance_never_negative AFTER INSERT ON balance_transactions
WHEN (SELECT SUM(amount) FROM balance_transactions
      WHERE customer_id = NEW.customer_id AND currency_code = NEW.currency_code) < 0
BEGIN
  SELECT RAISE(ABORT, 'balance below zero');
END;

-- docs/decisions/002-order-status.md: the only moves an order's status can make.
CREATE TRIGGER orders_status_transitions BEFORE UPDATE OF status ON orders
WHEN NEW.status <> OLD.status AND NOT (
  (OLD.status = 'PENDING_PAYMENT' AND NEW.status IN ('RECEIVED', 'CANCELLED')) OR
  (OLD.status = 'RECEIVED' AND NEW.status IN ('PROCESSING', 'CANCELLED')) OR
  (OLD.status = 'PROCESSING' AND NEW.status IN ('COMPLETED', 'CANCELLED'))
)
BEGIN
  SELECT RAISE(ABORT, 'order status transition not allowed');
END;
