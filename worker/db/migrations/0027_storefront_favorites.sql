-- Issue 26: favorites of the customers of a remote commerce API (GRAPHQL_ENDPOINT). A Geins API keeps no
-- favorites, so the storefront does, keyed by the API's customer id (its getUser id). No foreign keys:
-- neither customers nor products are in the storefront's database then (docs/decisions/021).
CREATE TABLE storefront_favorites (
  customer_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (customer_id, product_id)
);
