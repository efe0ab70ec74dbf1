// The local D1 database that `wrangler dev` uses: migrate it, seed it, tell whether it is seeded.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadTs } from './load-ts.mjs';

export const SEED_FILE = 'worker/db/seed/seed.sql';

/** Where wrangler keeps local state; STOREFRONT_STATE_DIR lets e2e tests use their own. */
export const stateDir = () => process.env.STOREFRONT_STATE_DIR || '.wrangler/state';

function wrangler(args, { quiet = false } = {}) {
  const result = spawnSync('npx', ['wrangler', ...args, '--persist-to', stateDir()], {
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, CI: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stdout + result.stderr);
    throw new Error(`wrangler ${args.join(' ')} failed`);
  }
  return result.stdout;
}

export function migrate() {
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local'], { quiet: true });
}

/** Number of products in the local database (0 before seeding). */
export function productCount() {
  const out = wrangler(
    ['d1', 'execute', 'DB', '--local', '--json', '--command', 'SELECT COUNT(*) AS n FROM products'],
    {
      quiet: true,
    },
  );
  return JSON.parse(out)[0].results[0].n;
}

/** Writes the deterministic seed to SEED_FILE (for local and remote loading); returns its statement count. */
export async function writeSeedFile() {
  const { generateSeedStatements } = await loadTs('worker/db/seed/generate.ts');
  const statements = generateSeedStatements();
  mkdirSync('worker/db/seed', { recursive: true });
  writeFileSync(SEED_FILE, statements.join('\n') + '\n');
  return statements.length;
}

/** Writes the seed file and loads it into the local database. */
export async function seed() {
  const count = await writeSeedFile();
  wrangler(['d1', 'execute', 'DB', '--local', '--file', SEED_FILE], { quiet: true });
  return count;
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

/** Migrates, and seeds when the catalog is empty: what the first `npm run dev` does. */
export async function ensureDatabase({ log = console.log } = {}) {
  migrate();
  if (productCount() === 0) {
    log('seeding the local database (first start)…');
    await seed();
    log(`seeded: ${productCount()} products`);
  }
}
