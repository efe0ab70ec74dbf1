// The local D1 database that `wrangler dev` uses: migrate it, seed it, tell whether it is seeded.
//
// It is opened with Miniflare directly, the runtime under `wrangler dev` and `wrangler d1 execute --local`,
// at the place they keep it (`--persist-to` <state>/v3/d1, the binding's id from wrangler.toml), so each
// sees what the others wrote. One Miniflare does every step: `wrangler d1 migrations apply` started one
// runtime per migration, and with the counts before and after the seed a first start took 22 s of which
// 20 were starting runtimes (now about 3). Migrations are recorded in wrangler's own table (d1_migrations,
// the same columns, one row per file), so `npm run db:migrate` and `wrangler d1 migrations list --local`
// agree with what ran here.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { loadTs } from './load-ts.mjs';

// The Miniflare that this wrangler runs (the top-level one belongs to the vitest pool and may be newer).
const { Miniflare, Log, LogLevel } = createRequire(createRequire(import.meta.url).resolve('wrangler'))('miniflare');

export const SEED_FILE = 'worker/db/seed/seed.sql';
const MIGRATIONS_DIR = 'worker/db/migrations';

/** Where wrangler keeps local state; STOREFRONT_STATE_DIR lets e2e tests use their own. */
export const stateDir = () => process.env.STOREFRONT_STATE_DIR || '.wrangler/state';

/** Runs `use` with the local database (a D1 binding) and closes it after. */
async function withDatabase(use) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null, { status: 404 }) };',
    cf: false, // no request is served: nothing to fetch Cloudflare's request metadata for
    d1Databases: workerOptions.d1Databases,
    d1Persist: `${stateDir()}/v3/d1`,
    log: new Log(LogLevel.WARN),
  });
  try {
    return await use(await mf.getD1Database('DB'));
  } finally {
    await mf.dispose();
  }
}

/**
 * Applies the migrations not yet recorded, in file order, each in one transaction with its record (a
 * migration whose SQL fails leaves nothing behind, and the ones after it are not tried).
 */
async function applyMigrations(db) {
  await db
    .prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, ' +
        'applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    )
    .run();
  const applied = new Set((await db.prepare('SELECT name FROM d1_migrations').all()).results.map((row) => row.name));
  for (const name of readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    if (applied.has(name)) continue;
    try {
      // A whole file is one statement list: SQLite runs each of its statements (triggers with their
      // BEGIN…END included), which `exec`, one statement per line, would split wrongly.
      await db.batch([
        db.prepare(readFileSync(`${MIGRATIONS_DIR}/${name}`, 'utf8')),
        db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(name),
      ]);
    } catch (error) {
      throw new Error(`migration ${name} failed: ${error instanceof Error ? error.message : error}`, { cause: error });
    }
  }
}

const countProducts = async (db) => (await db.prepare('SELECT COUNT(*) AS n FROM products').first('n')) ?? 0;

export function migrate() {
  return withDatabase(applyMigrations);
}

/** Number of products in the local database (0 before seeding). */
export function productCount() {
  return withDatabase(countProducts);
}

/** The deterministic seed's SQL, one statement a line. */
async function seedSql() {
  const { generateSeedStatements } = await loadTs('worker/db/seed/generate.ts');
  const statements = generateSeedStatements();
  return { sql: statements.join('\n') + '\n', count: statements.length };
}

/**
 * Writes `sql` to SEED_FILE whole or not at all (a new file renamed over the old): two shops starting at once
 * (`npm test` starts the e2e tests' two) must never read each other's half-written file.
 */
function writeWhole(sql) {
  mkdirSync('worker/db/seed', { recursive: true });
  const partial = `${SEED_FILE}.${process.pid}.partial`;
  writeFileSync(partial, sql);
  renameSync(partial, SEED_FILE);
}

/** Writes the deterministic seed to SEED_FILE (for local and remote loading); returns its statement count. */
export async function writeSeedFile() {
  const { sql, count } = await seedSql();
  writeWhole(sql);
  return count;
}

/** Writes the seed file and loads the same SQL (one statement a line: `exec`); returns its statement count. */
async function loadSeed(db) {
  const { sql, count } = await seedSql();
  writeWhole(sql);
  await db.exec(sql);
  return count;
}

/** Writes the seed file and loads it into the local database. */
export function seed() {
  return withDatabase(loadSeed);
}

/** The local signing secret for login tokens, made once per state directory (deployments set AUTH_SECRET). */
export function devAuthSecret() {
  const file = `${stateDir()}/dev-auth-secret`;
  if (!existsSync(file)) {
    mkdirSync(stateDir(), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'));
  }
  return readFileSync(file, 'utf8').trim();
}

export function wipe() {
  rmSync(stateDir(), { recursive: true, force: true });
}

/**
 * Migrates, and seeds when the catalog is empty: what the first `npm run dev` does. `seed: false` for a
 * storefront in front of a remote API (issue 26), whose own database holds no catalog.
 */
export async function ensureDatabase({ log = console.log, seed = true } = {}) {
  await withDatabase(async (db) => {
    await applyMigrations(db);
    if (!seed || (await countProducts(db)) > 0) return;
    log('seeding the local database (first start)…');
    const count = await loadSeed(db);
    log(`seeded: ${await countProducts(db)} products (${count} statements)`);
  });
}
