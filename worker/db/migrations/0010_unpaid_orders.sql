-- The sweep of unpaid orders (worker/commerce/payments.ts cancelUnpaidOrders, every five minutes):
-- the orders still waiting for their payment, oldest first, without reading every order.
CREATE INDEX orders_pending_payment ON orders(created_at) WHERE status = 'PENDING_PAYMENT';
