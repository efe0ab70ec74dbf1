// Before each integration test file: a database of its own. The files of one vitest worker share one
// workerd and its module cache (`isolate: false` in vitest.config.ts: starting the runtime and loading
// the worker for every file took most of the integration run), so this file's D1 is emptied of whatever
// the worker's previous file left (every table dropped), then built again: the real migrations, and the
// catalog generated once for the whole run (tests/global-setup.ts) in one `exec`.
//
// The catalog version then gets a value no earlier file used, so nothing cached under an earlier file's
// catalog (KV, the Cache API, the isolate's kept pages and copies) is ever reachable from this one.
import { applyD1Migrations, env } from 'cloudflare:test';
import { bumpCatalogVersion } from '../worker/graphql/catalog-version';

const schema = await env.DB.prepare(
  "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'trigger', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC",
).all<{ type: 'table' | 'trigger' | 'view'; name: string; sql: string | null }>();
if (schema.results.length > 0) {
  const named = (type: string) => schema.results.filter((entry) => entry.type === type);
  // Triggers first (a table's trigger may name another table), full-text tables before the rest (their
  // shadow tables go with them), then the newest table first: one that refers to another came after it.
  const tables = named('table');
  const virtual = tables.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? ''));
  await env.DB.batch([
    env.DB.prepare('PRAGMA defer_foreign_keys = on'),
    ...named('trigger').map((trigger) => env.DB.prepare(`DROP TRIGGER IF EXISTS "${trigger.name}"`)),
    ...named('view').map((view) => env.DB.prepare(`DROP VIEW IF EXISTS "${view.name}"`)),
    ...[...virtual, ...tables.filter((table) => !virtual.includes(table))].map((table) =>
      env.DB.prepare(`DROP TABLE IF EXISTS "${table.name}"`),
    ),
  ]);
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.exec(env.TEST_SEED_SQL);
await env.DB.prepare("UPDATE cache_versions SET version = ? WHERE name = 'catalog'")
  .bind(Date.now() * 10 + Math.floor(Math.random() * 10))
  .run();
// Also forgets the version the isolate remembered from the previous file.
await bumpCatalogVersion(env.DB);
