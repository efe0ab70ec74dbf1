-- Issue 27: catalog imports. A checked file's rows are kept whole (at most 5,000); applying them sends
-- one queue message per batch of rows, and each batch applied is a row of catalog_import_batches in the
-- batch's own D1 batch, so a redelivered message applies nothing twice and the progress is a count.
CREATE TABLE catalog_imports (
  id INTEGER PRIMARY KEY,
  staff_email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  file_name TEXT NOT NULL CHECK (length(file_name) <= 200),
  format TEXT NOT NULL CHECK (format IN ('csv', 'json')),
  rows_json TEXT NOT NULL,
  total INTEGER NOT NULL,
  batches INTEGER NOT NULL,
  summary_json TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('CHECKED', 'APPLYING', 'DONE')),
  applied_at TEXT,
  applied_by TEXT,
  done_batches INTEGER NOT NULL DEFAULT 0,
  finished_at TEXT
);
CREATE INDEX catalog_imports_newest ON catalog_imports (created_at DESC);

CREATE TABLE catalog_import_batches (
  import_id INTEGER NOT NULL REFERENCES catalog_imports(id),
  batch INTEGER NOT NULL,
  done_at TEXT NOT NULL,
  PRIMARY KEY (import_id, batch)
);
