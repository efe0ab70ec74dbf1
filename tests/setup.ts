// Before each integration test file: a database of its own, as it is right after the real migrations and
// the catalog generated once for the whole run (tests/global-setup.ts). The files of one vitest worker
// share one workerd and its D1 (`isolate: false` in vitest.config.ts: starting the runtime and loading the
// worker for every file took most of the integration run), so the previous file's rows are undone here.
//
// The first file of a worker builds the database (migrations, then the catalog's 4.7 MB of SQL through
// the search triggers: about 0.85 s) and copies every table's rows aside into a table of the same shape.
// Every later file puts those rows back instead: the triggers are taken off for the moment (their work
// is in the copies already), each table emptied and refilled from its copy, the search index rebuilt from
// its documents in one pass, and the triggers put back: about 0.3 s.
//
// The catalog version then gets a value no earlier file used, so nothing cached under an earlier file's
// catalog (KV, the Cache API, the isolate's kept pages and copies) is ever reachable from this one.
import { applyD1Migrations, env } from 'cloudflare:test';
import { bumpCatalogVersion } from '../worker/graphql/catalog-version';

/** The copies' names: `_seed_` and the table's name; the table that says the copies are complete. */
const COPY = '_seed_';
const COPIES_DONE = `${COPY}done`;

interface SchemaEntry {
  type: 'table' | 'trigger';
  name: string;
  sql: string;
}

/** The schema's own tables (oldest first) and triggers, without the copies and full-text shadow tables. */
async function readSchema(): Promise<{ tables: string[]; searchIndexes: string[]; triggers: SchemaEntry[] }> {
  const { results } = await env.DB.prepare(
    "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid",
  ).all<SchemaEntry>();
  const searchIndexes = results
    .filter((entry) => entry.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(entry.sql))
    .map((entry) => entry.name);
  // A full-text index's shadow tables are named after it (`<index>_data`, …) and rebuilt with it.
  const tables = results
    .filter((entry) => entry.type === 'table' && !entry.name.startsWith(COPY))
    .map((entry) => entry.name)
    .filter((name) => !searchIndexes.some((index) => name === index || name.startsWith(`${index}_`)));
  return { tables, searchIndexes, triggers: results.filter((entry) => entry.type === 'trigger') };
}

async function buildAndCopyAside(): Promise<void> {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await env.DB.exec(env.TEST_SEED_SQL);
  const { tables } = await readSchema();
  await env.DB.batch([
    ...tables.map((table) => env.DB.prepare(`CREATE TABLE "${COPY}${table}" AS SELECT * FROM "${table}"`)),
    env.DB.prepare(`CREATE TABLE "${COPIES_DONE}" (at INTEGER)`),
  ]);
}

async function putBack(): Promise<void> {
  const { tables, searchIndexes, triggers } = await readSchema();
  await env.DB.batch([
    env.DB.prepare('PRAGMA defer_foreign_keys = on'),
    ...triggers.map((trigger) => env.DB.prepare(`DROP TRIGGER "${trigger.name}"`)),
    // Newest table first: one that refers to another came after it.
    ...[...tables].reverse().map((table) => env.DB.prepare(`DELETE FROM "${table}"`)),
    ...tables.map((table) => env.DB.prepare(`INSERT INTO "${table}" SELECT * FROM "${COPY}${table}"`)),
    ...searchIndexes.map((index) => env.DB.prepare(`INSERT INTO "${index}" ("${index}") VALUES ('rebuild')`)),
    ...triggers.map((trigger) => env.DB.prepare(trigger.sql)),
  ]);
}

const copied = await env.DB.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?')
  .bind('table', COPIES_DONE)
  .first();
await (copied ? putBack() : buildAndCopyAside());
await env.DB.prepare("UPDATE cache_versions SET version = ? WHERE name = 'catalog'")
  .bind(Date.now() * 10 + Math.floor(Math.random() * 10))
  .run();
// Also forgets the version the isolate remembered from the previous file.
await bumpCatalogVersion(env.DB);
