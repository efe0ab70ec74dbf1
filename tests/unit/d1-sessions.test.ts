// Issue 15: which statements make a request "one that wrote" (it then hands the shopper its D1 bookmark),
// and which cookie values count as a bookmark (docs/decisions/014-d1-sessions.md).
import { describe, expect, test } from 'vitest';
import { isWriteStatement } from '../../worker/db/request-database';
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
