-- When each product last changed in a way a kept page shows (stock, price): docs/decisions/015. A change
-- gives the product the next number of one shop-wide sequence (the greatest version + 1), in the same
-- batch as the change itself (worker/commerce/catalog/product-changes.ts). A product without a row has
-- not changed since kept pages began: version 0.
CREATE TABLE product_versions (
  product_id INTEGER PRIMARY KEY,
  version INTEGER NOT NULL CHECK (version >= 1)
);
CREATE INDEX product_versions_version ON product_versions(version);
