-- Indexes the products that existed before 0006_product_search.sql was applied (a database seeded
-- before that migration): their search documents were never created, since the triggers only see new
-- rows, and search found nothing. Same document as the product_texts trigger; a no-op on a database whose
-- documents are complete (the seed loads after the migrations, through the triggers).
INSERT INTO search_documents (product_id, language_id, name, brand, categories, codes)
SELECT p.id, pt.language_id, pt.name, b.name,
  COALESCE((SELECT group_concat(ct.name, ' ') FROM product_categories pc
    JOIN category_texts ct ON ct.category_id = pc.category_id AND ct.language_id = pt.language_id
    WHERE pc.product_id = p.id), ''),
  p.article_number || COALESCE((SELECT ' ' || group_concat(s.article_number || ' ' || s.gtin, ' ')
    FROM skus s WHERE s.product_id = p.id), '')
FROM product_texts pt
JOIN products p ON p.id = pt.product_id
JOIN brands b ON b.id = p.brand_id
WHERE NOT EXISTS (
  SELECT 1 FROM search_documents d WHERE d.product_id = pt.product_id AND d.language_id = pt.language_id
);
