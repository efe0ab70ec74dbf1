-- Issue 27: the back office's staff and its audit log. Staff are the e-mail addresses Cloudflare Access
-- vouches for, each with a role: owner (everything, manages staff), staff (orders, returns, reviews,
-- customers, stock), viewer (reads). Every staff write is a row of staff_audit: who, when, what, on
-- which record, and the record before and after (JSON).
CREATE TABLE staff (
  email TEXT PRIMARY KEY CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254 AND email LIKE '%_@_%'),
  role TEXT NOT NULL CHECK (role IN ('owner', 'staff', 'viewer')),
  added_at TEXT NOT NULL,
  added_by TEXT NOT NULL
);

CREATE TABLE staff_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  staff_email TEXT NOT NULL,
  action TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 64),
  subject TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT
);

CREATE INDEX staff_audit_newest ON staff_audit (at DESC, id DESC);

-- A review's decision (spec §4: published after acceptance): who decided, when, and why a rejection.
ALTER TABLE reviews ADD COLUMN decided_at TEXT;
ALTER TABLE reviews ADD COLUMN decided_by TEXT;
ALTER TABLE reviews ADD COLUMN rejection_reason TEXT CHECK (rejection_reason IS NULL OR length(rejection_reason) <= 500);
CREATE INDEX reviews_pending ON reviews (status, created_at) WHERE status = 'PENDING';
