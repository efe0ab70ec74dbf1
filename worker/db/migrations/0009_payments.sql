-- The payment step (issue 6): an order paid by card or Swish through the built-in provider, or by any
-- method routed to Klarna or Avarda, is placed PENDING_PAYMENT with a PENDING payment; the provider's
-- session and the shopper's way back are kept on the payment row (worker/commerce/payments.ts).

-- What the provider gave when the session started (JSON: its reference, the hosted page's address or
-- the snippet's data), reused when the shopper reloads the payment page instead of starting another.
ALTER TABLE payments ADD COLUMN session TEXT;
-- Where the shopper goes once paid: the storefront's confirmation page (a same-site path).
ALTER TABLE payments ADD COLUMN confirmation_url TEXT;
-- The storefront's path prefix ('', '/en', '/se/en'), for the failure page in the shopper's language.
ALTER TABLE payments ADD COLUMN shop_prefix TEXT NOT NULL DEFAULT '';
-- Why a payment did not go through (declined, cancelled, error, ...), shown on the failure page.
ALTER TABLE payments ADD COLUMN failure_reason TEXT;
-- The new open cart with the order's items a shopper gets back after a declined or cancelled payment.
ALTER TABLE payments ADD COLUMN reopened_cart_id TEXT REFERENCES carts(id);
-- When the provider was told we have the order (Klarna's acknowledge), so a repeated push does not ask again.
ALTER TABLE payments ADD COLUMN acknowledged_at TEXT;

-- One payment per order, however many callbacks arrive.
CREATE UNIQUE INDEX payments_one_per_order ON payments(order_id);
