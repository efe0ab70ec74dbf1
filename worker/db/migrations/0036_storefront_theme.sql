-- Spec §3: "Channel settings: entries with channelId and a theme map (keys become page style variables)".
-- The storefront's own data (docs/decisions/021): its owner edits the theme at /admin/theme and the shop
-- changes without a deploy. A row is a key the owner set to something other than the stylesheet's own
-- value (core/theme.ts: every key and what it takes); a channel without rows looks as the stylesheet
-- says. Values are checked before they are written and again when read; the CHECKs below only keep the
-- table to the shape of those values (a #rrggbb colour or whole pixels), never trusted on their own.
CREATE TABLE storefront_theme (
  channel_id TEXT NOT NULL,
  key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 40),
  value TEXT NOT NULL CHECK (
    (value GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]' AND length(value) = 7)
    OR value GLOB '[0-9]px' OR value GLOB '[0-9][0-9]px'
  ),
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  PRIMARY KEY (channel_id, key)
);
