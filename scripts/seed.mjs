#!/usr/bin/env node
// npm run db:seed   writes the deterministic catalog to worker/db/seed/seed.sql and loads it into the
//                   local D1 if that has no products yet
// npm run db:reset  deletes the local D1, migrates it and seeds it again
import { migrate, productCount, seed, wipe, stateDir, writeSeedFile, SEED_FILE } from './lib/local-db.mjs';

const reset = process.argv.includes('--reset');
if (reset) {
  wipe();
  console.log(`deleted local state in ${stateDir()}`);
}
await migrate();
const existing = await productCount();
if (existing > 0) {
  await writeSeedFile();
  console.log(`wrote ${SEED_FILE}; the local database already has ${existing} products (npm run db:reset rebuilds it)`);
} else {
  const started = Date.now();
  const statements = await seed();
  console.log(`seeded ${await productCount()} products (${statements} statements, ${Date.now() - started} ms)`);
}
