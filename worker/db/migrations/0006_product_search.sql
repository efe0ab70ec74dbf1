-- Free-text search over the catalog (issue 3 "Search"; worker/commerce/search.ts).
-- One search document per product and language: its name, brand, category names and codes (article
-- numbers and EANs). Triggers on the source tables keep the documents current, so the seed (which loads
-- after the migrations) and any later catalog change are indexed without a rebuild step.
-- The FTS5 index uses the trigram tokenizer: any substring of 3 or more characters matches, which makes
-- search prefix- and infix-aware ("penna" finds "Kulspetspenna"); case is folded. Diacritics are kept
-- ("blå" must not find "blandade"); a missing one counts as a typo, and typo tolerance is built on top of
-- the index in search.ts ("hafta" finds "häfta").

CREATE TABLE search_documents (
  id INTEGER PRIMARY KEY,             -- the FTS rowid
  product_id INTEGER NOT NULL REFERENCES products(id),
  language_id TEXT NOT NULL REFERENCES languages(id),
  name TEXT NOT NULL,
  brand TEXT NOT NULL,
  categories TEXT NOT NULL,           -- names of every category of the product, space-separated
  codes TEXT NOT NULL,                -- product and sku article numbers and sku EANs, space-separated
  UNIQUE (product_id, language_id)
);
CREATE INDEX search_documents_language ON search_documents(language_id);

CREATE VIRTUAL TABLE product_search USING fts5(
  name, brand, categories, codes,
  content = 'search_documents', content_rowid = 'id',
  tokenize = 'trigram'
);

-- The FTS index follows its content table (the external-content pattern of the FTS5 documentation).
CREATE TRIGGER search_documents_ai AFTER INSERT ON search_documents BEGIN
  INSERT INTO product_search (rowid, name, brand, categories, codes)
  VALUES (NEW.id, NEW.name, NEW.brand, NEW.categories, NEW.codes);
END;
CREATE TRIGGER search_documents_ad AFTER DELETE ON search_documents BEGIN
  INSERT INTO product_search (product_search, rowid, name, brand, categories, codes)
  VALUES ('delete', OLD.id, OLD.name, OLD.brand, OLD.categories, OLD.codes);
END;
CREATE TRIGGER search_documents_au AFTER UPDATE ON search_documents BEGIN
  INSERT INTO product_search (product_search, rowid, name, brand, categories, codes)
  VALUES ('delete', OLD.id, OLD.name, OLD.brand, OLD.categories, OLD.codes);
  INSERT INTO product_search (rowid, name, brand, categories, codes)
  VALUES (NEW.id, NEW.name, NEW.brand, NEW.categories, NEW.codes);
END;

-- ── Source tables -> search documents ──────────────────────────────────────────────────────────
-- A product's texts create its document in that language (upsert, so UPDATE triggers keep FTS in step).
CREATE TRIGGER product_texts_search_ai AFTER INSERT ON product_texts BEGIN
  INSERT INTO search_documents (product_id, language_id, name, brand, categories, codes)
  SELECT p.id, NEW.language_id, NEW.name, b.name,
    COALESCE((SELECT group_concat(ct.name, ' ') FROM product_categories pc
      JOIN category_texts ct ON ct.category_id = pc.category_id AND ct.language_id = NEW.language_id
      WHERE pc.product_id = p.id), ''),
    p.article_number || COALESCE((SELECT ' ' || group_concat(s.article_number || ' ' || s.gtin, ' ')
      FROM skus s WHERE s.product_id = p.id), '')
  FROM products p JOIN brands b ON b.id = p.brand_id
  WHERE p.id = NEW.product_id
  ON CONFLICT (product_id, language_id) DO UPDATE SET
    name = excluded.name, brand = excluded.brand, categories = excluded.categories, codes = excluded.codes;
END;
CREATE TRIGGER product_texts_search_au AFTER UPDATE OF name ON product_texts BEGIN
  UPDATE search_documents SET name = NEW.name
  WHERE product_id = NEW.product_id AND language_id = NEW.language_id;
END;
CREATE TRIGGER product_texts_search_ad AFTER DELETE ON product_texts BEGIN
  DELETE FROM search_documents WHERE product_id = OLD.product_id AND language_id = OLD.language_id;
END;

-- Codes: the product's article number and its skus' article numbers and EANs. Stock updates do not
-- touch the index (only the code columns are watched).
CREATE TRIGGER skus_search_ai AFTER INSERT ON skus BEGIN
  UPDATE search_documents SET codes = (SELECT p.article_number || COALESCE((SELECT ' ' ||
      group_concat(s.article_number || ' ' || s.gtin, ' ') FROM skus s WHERE s.product_id = p.id), '')
    FROM products p WHERE p.id = NEW.product_id)
  WHERE product_id = NEW.product_id;
END;
CREATE TRIGGER skus_search_au AFTER UPDATE OF article_number, gtin, product_id ON skus BEGIN
  UPDATE search_documents SET codes = (SELECT p.article_number || COALESCE((SELECT ' ' ||
      group_concat(s.article_number || ' ' || s.gtin, ' ') FROM skus s WHERE s.product_id = p.id), '')
    FROM products p WHERE p.id = search_documents.product_id)
  WHERE product_id IN (OLD.product_id, NEW.product_id);
END;
CREATE TRIGGER skus_search_ad AFTER DELETE ON skus BEGIN
  UPDATE search_documents SET codes = (SELECT p.article_number || COALESCE((SELECT ' ' ||
      group_concat(s.article_number || ' ' || s.gtin, ' ') FROM skus s WHERE s.product_id = p.id), '')
    FROM products p WHERE p.id = OLD.product_id)
  WHERE product_id = OLD.product_id;
END;

CREATE TRIGGER products_search_au AFTER UPDATE OF article_number, brand_id ON products BEGIN
  UPDATE search_documents SET
    brand = (SELECT b.name FROM brands b WHERE b.id = NEW.brand_id),
    codes = NEW.article_number || COALESCE((SELECT ' ' || group_concat(s.article_number || ' ' || s.gtin, ' ')
      FROM skus s WHERE s.product_id = NEW.id), '')
  WHERE product_id = NEW.id;
END;

CREATE TRIGGER brands_search_au AFTER UPDATE OF name ON brands BEGIN
  UPDATE search_documents SET brand = NEW.name
  WHERE product_id IN (SELECT id FROM products WHERE brand_id = NEW.id);
END;

-- Category names: a product entering or leaving a category, or a category renamed in a language.
CREATE TRIGGER product_categories_search_ai AFTER INSERT ON product_categories BEGIN
  UPDATE search_documents SET categories = COALESCE((SELECT group_concat(ct.name, ' ') FROM product_categories pc
      JOIN category_texts ct ON ct.category_id = pc.category_id AND ct.language_id = search_documents.language_id
      WHERE pc.product_id = NEW.product_id), '')
  WHERE product_id = NEW.product_id;
END;
CREATE TRIGGER product_categories_search_ad AFTER DELETE ON product_categories BEGIN
  UPDATE search_documents SET categories = COALESCE((SELECT group_concat(ct.name, ' ') FROM product_categories pc
      JOIN category_texts ct ON ct.category_id = pc.category_id AND ct.language_id = search_documents.language_id
      WHERE pc.product_id = OLD.product_id), '')
  WHERE product_id = OLD.product_id;
END;
CREATE TRIGGER category_texts_search_ai AFTER INSERT ON category_texts BEGIN
  UPDATE search_documents SET categories = COALESCE((SELECT group_concat(ct.name, ' ') FROM product_categories pc
      JOIN category_texts ct ON ct.category_id = pc.category_id AND ct.language_id = NEW.language_id
      WHERE pc.product_id = search_documents.product_id), '')
  WHERE language_id = NEW.language_id
    AND product_id IN (SELECT product_id FROM product_categories WHERE category_id = NEW.category_id);
END;
CREATE TRIGGER category_texts_search_au AFTER UPDATE OF name ON category_texts BEGIN
  UPDATE search_documents SET categories = COALESCE((SELECT group_concat(ct.name, ' ') FROM product_categories pc
      JOIN category_texts ct ON ct.category_id = pc.category_id AND ct.language_id = NEW.language_id
      WHERE pc.product_id = search_documents.product_id), '')
  WHERE language_id = NEW.language_id
    AND product_id IN (SELECT product_id FROM product_categories WHERE category_id = NEW.category_id);
END;
CREATE TRIGGER category_texts_search_ad AFTER DELETE ON category_texts BEGIN
  UPDATE search_documents SET categories = COALESCE((SELECT group_concat(ct.name, ' ') FROM product_categories pc
      JOIN category_texts ct ON ct.category_id = pc.category_id AND ct.language_id = OLD.language_id
      WHERE pc.product_id = search_documents.product_id), '')
  WHERE language_id = OLD.language_id
    AND product_id IN (SELECT product_id FROM product_categories WHERE category_id = OLD.category_id);
END;

-- Parameter facets of a whole list read the Swedish value rows in (parameter, value) order, and look up a
-- value's label in the request's language, through this index (worker/commerce/catalog-facets.ts).
CREATE INDEX product_parameter_values_language ON product_parameter_values(language_id, parameter_id, value_key, product_id);
