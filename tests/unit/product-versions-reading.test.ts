import { describe, expect, test } from 'vitest';
import { announceProductChanges, recentProductsVersion } from '../../worker/commerce/catalog/product-changes';

/** A D1 stand-in that answers every version query with `version` and counts the queries. */
function fakeDb(version: { value: number }) {
  const db = {
    queries: 0,
    prepare: () => ({
      bind: () => ({
        first: async () => {
          db.queries++;
          return { version: version.value };
        },
      }),
    }),
  };
  return db;
}

describe('a kept page view reads its products’ versions', () => {
  test('once a second per page: the views of that second share one reading', async () => {
    const version = { value: 7 };
    const db = fakeDb(version);
    const at = 1_800_000_000_000;
    expect(await recentProductsVersion(db as unknown as D1Database, [101, 102], at)).toBe(7);
    version.value = 8; // another isolate's change
    expect(await recentProductsVersion(db as unknown as D1Database, [101, 102], at + 999)).toBe(7);
    expect(db.queries).toBe(1);
    expect(await recentProductsVersion(db as unknown as D1Database, [101, 102], at + 1000)).toBe(8);
    expect(db.queries).toBe(2);
  });

  test('a change announced in this isolate is read at once', async () => {
    const version = { value: 3 };
    const db = fakeDb(version);
    const at = 1_900_000_000_000;
    expect(await recentProductsVersion(db as unknown as D1Database, [201], at)).toBe(3);
    announceProductChanges(db as unknown as D1Database, [201]);
    version.value = 4;
    expect(await recentProductsVersion(db as unknown as D1Database, [201], at + 10)).toBe(4);
    expect(db.queries).toBe(2);
  });
});
