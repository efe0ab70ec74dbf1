-- Issue 25, the Geins contract: the front page's widget area is named as Geins names it, the name the
-- reference storefront asks for (family 'Frontpage', area 'The front page area'); ours was 'main'.
UPDATE widget_areas SET area_name = 'The front page area' WHERE family = 'Frontpage' AND page_id IS NULL AND area_name = 'main';
