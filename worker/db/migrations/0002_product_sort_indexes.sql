-- Lists sorted by "most sold" read products in index order and stop at the page size
-- (see worker/commerce/catalog.ts: products drive the join).
CREATE INDEX products_sold ON products(sold_count);
