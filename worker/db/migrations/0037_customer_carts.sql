-- The cart a logged-in customer last changed (issue 28): the storefront's own note, so a customer who logs in
-- on another browser with an empty cart finds the cart they were filling (worker/session/customer-cart.ts),
-- and both browsers watch the same cart live. Only ever a cart id the API answered for this customer.
CREATE TABLE customer_carts (
  customer_id INTEGER PRIMARY KEY,
  cart_id TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
