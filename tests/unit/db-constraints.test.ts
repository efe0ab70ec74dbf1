import { describe, expect, test } from 'vitest';
import { constraintViolationOf } from '../../worker/db/constraints';

describe("the database's refusals are read by the constraint they name", () => {
  test("a UNIQUE violation names its table's columns, as D1 wraps SQLite's message", () => {
    const error = new Error(
      'D1_ERROR: UNIQUE constraint failed: orders.cart_id: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)',
    );
    expect(constraintViolationOf(error)).toEqual({ kind: 'UNIQUE', columns: ['orders.cart_id'] });
  });

  test('a CHECK violation names its expression; a NOT NULL one its column', () => {
    expect(
      constraintViolationOf(new Error('D1_ERROR: CHECK constraint failed: stock >= 0: SQLITE_CONSTRAINT')),
    ).toEqual({
      kind: 'CHECK',
      check: 'stock >= 0',
    });
    expect(constraintViolationOf('NOT NULL constraint failed: order_items.order_id')).toEqual({
      kind: 'NOT NULL',
      columns: ['order_items.order_id'],
    });
  });

  test("a trigger's refusal is its code; anything else is no constraint at all", () => {
    expect(constraintViolationOf(new Error('D1_ERROR: promo code exhausted: SQLITE_CONSTRAINT'))).toEqual({
      kind: 'TRIGGER',
      refusal: 'promo code exhausted',
    });
    expect(constraintViolationOf(new Error('D1_ERROR: no such table: orderz'))).toBeNull();
  });
});
