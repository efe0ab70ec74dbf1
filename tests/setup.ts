// Before each integration test file: the real migrations, then the catalog generated once for the whole
// run (tests/global-setup.ts) in one `exec`, on the file's own fresh D1 (each file runs in a Miniflare
// of its own, so what one file writes never reaches another).
import { applyD1Migrations, env } from 'cloudflare:test';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare('SELECT COUNT(*) AS n FROM channels').first<{ n: number }>();
if (!seeded?.n) await env.DB.exec(env.TEST_SEED_SQL);
