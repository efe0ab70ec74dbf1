-- Issue 12, continued (kept apart from 0011, which may already be applied): welcome codes once per
-- customer, the balance the checkout showed, and the session version of each refresh token.

-- A welcome code is for one order per customer: a code with once_per_customer records each use under the
-- account and under the order's email; the key is unique, so two orders at once cannot both take it. A
-- cancelled order gives its use back.
ALTER TABLE promo_codes ADD COLUMN once_per_customer INTEGER NOT NULL DEFAULT 0;
UPDATE promo_codes SET once_per_customer = 1 WHERE code = 'VALKOMMEN10';
CREATE TABLE promo_code_customer_uses (
  code TEXT NOT NULL COLLATE NOCASE,
  customer_key TEXT NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  PRIMARY KEY (code, customer_key)
);
CREATE INDEX promo_code_customer_uses_order ON promo_code_customer_uses(order_id);

-- The account balance the checkout last showed the shopper as paying (minor units): an order placed
-- after that balance was spent elsewhere stops with a message instead of charging the full price.
ALTER TABLE carts ADD COLUMN balance_shown INTEGER;

-- The session version a refresh token was issued under: a session opened while every session was being
-- ended (a refresh racing a password reset) does not outlive it.
ALTER TABLE auth_sessions ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;
