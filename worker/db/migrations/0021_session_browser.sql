-- The browser a session was handed to (issue 24, "a rotated refresh token replayed within 10 s"): the
-- SHA-256 of a random key in that browser's httpOnly `ralph-auth-browser` cookie. A rotated refresh token
-- presented again within the grace window is served as the customer only with this browser's key (a
-- second tab of the same browser at the same moment), never to another client holding a copy.
ALTER TABLE auth_sessions ADD COLUMN browser_hash TEXT;
