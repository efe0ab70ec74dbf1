-- Issue 27: the back office's orders. The list is newest first, filtered by status or market (indexes
-- below); refunds are made line by line through the payment provider, and a line is never refunded for
-- more units than were bought (the trigger, in the refund's own batch, so two staff at once cannot).
CREATE INDEX orders_newest ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_newest ON orders (status, created_at DESC);

ALTER TABLE order_refunds ADD COLUMN staff_email TEXT;
-- The provider's id of the refund (Kustom's Location, Avarda's), null for the shop's own invoice.
ALTER TABLE order_refunds ADD COLUMN provider_reference TEXT;
ALTER TABLE order_refunds ADD COLUMN shipping_inc_vat INTEGER NOT NULL DEFAULT 0;

CREATE TABLE order_refund_rows (
  refund_id INTEGER NOT NULL REFERENCES order_refunds(id),
  order_id INTEGER NOT NULL REFERENCES orders(id),
  position INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  amount_inc_vat INTEGER NOT NULL CHECK (amount_inc_vat >= 0),
  PRIMARY KEY (refund_id, position)
);
CREATE INDEX order_refund_rows_line ON order_refund_rows (order_id, position);

CREATE TRIGGER order_refund_rows_within_line BEFORE INSERT ON order_refund_rows
WHEN NEW.quantity + (SELECT COALESCE(SUM(quantity), 0) FROM order_refund_rows
                      WHERE order_id = NEW.order_id AND position = NEW.position)
     > COALESCE((SELECT quantity FROM order_rows WHERE order_id = NEW.order_id AND position = NEW.position), 0)
BEGIN
  SELECT RAISE(ABORT, 'refund exceeds the line');
END;
