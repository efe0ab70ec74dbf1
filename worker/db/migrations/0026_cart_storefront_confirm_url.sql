-- Issue 25, the Geins contract: a cart another storefront (CORS_ORIGINS) sent to our checkout to pay by
-- card or Swish remembers that storefront's confirmation page, where the shopper goes back once paid
-- (worker/payments/hosted-checkout.ts). NULL: our own confirmation page.
ALTER TABLE carts ADD COLUMN storefront_confirm_url TEXT;
