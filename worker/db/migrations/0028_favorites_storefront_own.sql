-- Issue 26: favorites are the storefront's own data with either API (docs/decisions/021): a Geins API keeps
-- none, so the storefront keeps them, keyed by the API's customer id, and the built-in API's table of them
-- goes. Its rows move first, in their order.
INSERT OR IGNORE INTO storefront_favorites (customer_id, product_id, created_at)
  SELECT customer_id, product_id, created_at FROM favorites;
DROP TABLE favorites;
