-- Issue 14, reviews and the business buyer's basics.
--
-- reviews: a customer has at most one review of a product waiting for acceptance (spec §4: published after
--   acceptance), so a form posted twice, or a script, cannot queue a pile of them; the customer's reviews
--   by time, for the daily limit (worker/commerce/catalog/reviews.ts).
-- orders.customer_order_number: the business buyer's own reference / purchase order number
--   (CheckoutInputType.customerOrderNumber, shown on the order and the invoice).
-- orders.vat_number: the company's VAT registration number (momsregistreringsnummer) as entered at
--   checkout, normalized (upper case, no spaces); NULL when none was given.
-- Reviews written before the limit may already wait twice: the newest of each stays pending, the rest
-- (the same customer's earlier drafts of it) are set aside, so the index can be made.
UPDATE reviews SET status = 'REJECTED'
  WHERE status = 'PENDING' AND customer_id IS NOT NULL
    AND EXISTS (SELECT 1 FROM reviews newer WHERE newer.status = 'PENDING' AND newer.customer_id = reviews.customer_id
                AND newer.product_id = reviews.product_id AND newer.id > reviews.id);
CREATE UNIQUE INDEX reviews_one_pending ON reviews(customer_id, product_id) WHERE status = 'PENDING';
CREATE INDEX reviews_customer_created ON reviews(customer_id, created_at);

ALTER TABLE orders ADD COLUMN customer_order_number TEXT;
ALTER TABLE orders ADD COLUMN vat_number TEXT;
