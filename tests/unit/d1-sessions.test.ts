// Issue 15: which statements make a request "one that wrote" (it then hands the shopper its D1 bookmark),
// and which cookie values count as a bookmark (docs/decisions/014-d1-sessions.md).
import { describe, expect, test } from 'vitest';
import { isWriteStatement, RequestDatabase } from '../../worker/db/request-database';
import { catalogVersion, VERSION_RECHECK_MS } from '../../worker/graphql/catalog-version';
import { validBookmark } from '../../worker/middleware/d1-session';

describe('a statement that changes the database', () => {
  test.each([
    'INSERT INTO carts (id) VALUES (?)',
    '  insert or ignore into favorites (customer_id, product_id) VALUES (?, ?)',
    'UPDATE orders SET tracking_link = ? WHERE id = ?',
    "UPDATE cache_versions SET version = version + 1 WHERE name = 'catalog' RETURNING version",
    'DELETE FROM cart_items WHERE cart_id = ?',
    'REPLACE INTO settings (k, v) VALUES (?, ?)',
    'WITH old AS (SELECT id FROM sessions WHERE expires_at < ?) DELETE FROM sessions WHERE id IN (SELECT id FROM old)',
    'CREATE TABLE t (id INTEGER)',
    '-- a comment first: not plainly a read\nSELECT 1',
  ])('%s counts as a write', (sql) => {
    expect(isWriteStatement(sql)).toBe(true);
  });

  test.each([
    'SELECT id, status FROM orders WHERE order_number = ?',
    '\n  select replace(name, "-", " ") AS name, updated_at, deleted_at FROM products',
    `WITH RECURSIVE wanted(id) AS (
       SELECT category_id FROM product_categories WHERE product_id IN (1, 2)
       UNION SELECT c.parent_id FROM categories c JOIN wanted w ON c.id = w.id
     ) SELECT c.id, c.updated_at FROM categories c JOIN wanted w ON w.id = c.id`,
    'VALUES (1), (2)',
    'EXPLAIN QUERY PLAN SELECT * FROM products',
  ])('%s is a read', (sql) => {
    expect(isWriteStatement(sql)).toBe(false);
  });
});

describe('a bookmark cookie', () => {
  test('a D1 bookmark is taken as it is', () => {
    expect(validBookmark('00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683')).toBe(
      '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683',
    );
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['a constraint', 'first-primary'],
    ['upper case', '00000085-0000024C-00004C6D-8E61117BF38D7ADB71B934EBBF891683'],
    ['a field too long', '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf8916830'],
    ['with a space', ' 00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683'],
    ['text', 'zzz'],
  ])('%s is no bookmark', (_, value) => {
    expect(validBookmark(value)).toBeNull();
  });
});

/** A D1 binding whose sessions stand at a bookmark and answer the catalog version; records each session. */
function fakeBinding(versionAt: (bookmark: string) => number) {
  const sessions: string[] = [];
  const binding = {
    withSession(constraint: string) {
      sessions.push(constraint);
      let bookmark: string | null = constraint.startsWith('first-') ? null : constraint;
      return {
        getBookmark: () => bookmark,
        prepare: () => ({
          first: async () => {
            bookmark ??= '00000001-00000000-00000000-00000000000000000000000000000000';
            return { version: versionAt(bookmark) };
          },
        }),
      };
    },
  };
  return { binding: binding as unknown as D1Database, sessions };
}

describe('a session never reads older than the catalog version the isolate remembers', () => {
  test('a request on a stale replica moves on to the bookmark the version was read at', async () => {
    const fresh = '00000009-00000000-00000000-00000000000000000000000000000000';
    const { binding, sessions } = fakeBinding((bookmark) => (bookmark >= fresh ? 42 : 41));
    const now = 1_000_000;
    // The first request's session stands on the fresh copy and reads version 42.
    const first = new RequestDatabase(binding, fresh);
    expect(await catalogVersion(first, now)).toBe(42);
    // The next one starts unconstrained (a stale copy) and gets the remembered 42: its session moves on.
    const next = new RequestDatabase(binding, 'first-unconstrained');
    expect(await catalogVersion(next, now + VERSION_RECHECK_MS / 2)).toBe(42);
    expect(sessions).toEqual([fresh, 'first-unconstrained', fresh]);
    expect(next.bookmark()).toBe(fresh);
    // A session already as fresh stays as it is.
    const fresher = new RequestDatabase(binding, '0000000a-00000000-00000000-00000000000000000000000000000000');
    await catalogVersion(fresher, now + VERSION_RECHECK_MS / 2);
    expect(sessions).toHaveLength(4);
  });
});
