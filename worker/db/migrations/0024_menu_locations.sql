-- Issue 25, the Geins contract: a menu may stand at more places than its own location. The reference
-- storefront asks for six (main-desktop, main-mobile, top-bar, footer-first, footer-second, info-pages); a
-- merchant puts one menu at several of them, as in Geins, instead of keeping copies of its items.
CREATE TABLE menu_locations (
  location TEXT PRIMARY KEY,              -- 'main-desktop', ...; a menu's own menus.location needs no row
  menu_id INTEGER NOT NULL REFERENCES menus(id)
);
