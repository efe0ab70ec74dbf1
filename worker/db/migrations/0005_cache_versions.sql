-- Versions of cached data (worker/graphql/catalog-version.ts). The GraphQL response cache puts the
-- 'catalog' version in every KV key, so bumping it makes all cached catalog responses unreachable at
-- once (they then expire in KV on their own). Bumped by bumpCatalogVersion() and at the end of the seed.
CREATE TABLE cache_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL CHECK (version >= 1)
);
INSERT INTO cache_versions (name, version) VALUES ('catalog', 1);
