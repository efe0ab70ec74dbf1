// Before each test file: the real migrations, then the deterministic seed, on the test D1.
import { applyD1Migrations, env } from 'cloudflare:test';
import { generateSeedStatements } from '../worker/db/seed/generate';

const STATEMENTS_PER_BATCH = 200;

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare('SELECT COUNT(*) AS n FROM channels').first<{ n: number }>();
if (!seeded?.n) {
  const statements = generateSeedStatements();
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    await env.DB.batch(statements.slice(i, i + STATEMENTS_PER_BATCH).map((sql) => env.DB.prepare(sql)));
  }
}
