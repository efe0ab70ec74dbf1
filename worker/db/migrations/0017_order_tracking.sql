-- Issue 14: the order's tracking link (the carrier's page for the parcel), set by the merchant's own
-- system when it moves the order on (POST /api/merchant/orders/{number}/status); shown with the shipping
-- method on my pages. NULL until there is one.
ALTER TABLE orders ADD COLUMN tracking_link TEXT;
