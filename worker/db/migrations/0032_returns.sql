-- Issue 27: returns (withdrawals) as the back office's queue. A withdrawal's goods are received by staff,
-- then refunded through the payment provider (order_refunds, migration 0031): who and when, and which refund.
ALTER TABLE order_withdrawals ADD COLUMN received_at TEXT;
ALTER TABLE order_withdrawals ADD COLUMN received_by TEXT;
ALTER TABLE order_withdrawals ADD COLUMN refund_id INTEGER REFERENCES order_refunds(id);
CREATE INDEX order_withdrawals_open ON order_withdrawals (created_at) WHERE refund_id IS NULL;
-- One record per refund the provider made (its id), or per refund of the shop's own ('own:<uuid>').
CREATE UNIQUE INDEX order_refunds_reference ON order_refunds (provider_reference) WHERE provider_reference IS NOT NULL;
