import { describe, expect, test } from 'vitest';
import {
  FEW_LEFT_THRESHOLD,
  isPurchasable,
  schemaAvailability,
  stockState,
} from '../../client/views/components/product/stock';
import type { StockData } from '../../client/views/components/product/types';

const stock = (fields: Partial<StockData>): StockData => ({
  inStock: 0,
  oversellable: 0,
  static: null,
  totalStock: 0,
  incoming: null,
  ...fields,
});

describe('the stock state a shopper sees (spec §4)', () => {
  test('more than the threshold on the shelf is in stock', () => {
    expect(stockState(stock({ inStock: FEW_LEFT_THRESHOLD + 1 }))).toEqual({ kind: 'in-stock' });
  });

  test('at or below the threshold is few left, with the number', () => {
    expect(stockState(stock({ inStock: FEW_LEFT_THRESHOLD }))).toEqual({ kind: 'few-left', count: FEW_LEFT_THRESHOLD });
    expect(stockState(stock({ inStock: 1 }))).toEqual({ kind: 'few-left', count: 1 });
  });

  test('stated (static) stock with nothing on the shelf is a state of its own: always there to buy', () => {
    expect(stockState(stock({ static: 500, totalStock: 500 }))).toEqual({ kind: 'static' });
    expect(stockState(stock({ static: 3, totalStock: 3 }))).toEqual({ kind: 'static' });
    expect(isPurchasable({ kind: 'static' })).toBe(true);
    expect(schemaAvailability({ kind: 'static' })).toBe('https://schema.org/InStock');
  });

  test('units on the shelf beside static stock are in stock, never "only N left"', () => {
    expect(stockState(stock({ inStock: 2, static: 500, totalStock: 502 }))).toEqual({ kind: 'in-stock' });
  });

  test('oversellable comes before static, as in the reference client: made to order', () => {
    expect(stockState(stock({ oversellable: 9999, static: 500, totalStock: 10499 }))).toEqual({
      kind: 'made-to-order',
    });
  });

  test('static stock of nothing is out of stock', () => {
    expect(stockState(stock({ static: 0 }))).toEqual({ kind: 'out-of-stock', incoming: null });
  });

  test('nothing on the shelf but oversellable is made to order; a few on the shelf of an oversellable sku is in stock', () => {
    expect(stockState(stock({ oversellable: 9999 }))).toEqual({ kind: 'made-to-order' });
    expect(stockState(stock({ inStock: 2, oversellable: 9999 }))).toEqual({ kind: 'in-stock' });
  });

  test('nothing to sell is out of stock, with the date new stock arrives (the sku’s own date first)', () => {
    expect(stockState(stock({ incoming: '2026-12-01T00:00:00Z' }))).toEqual({
      kind: 'out-of-stock',
      incoming: '2026-12-01T00:00:00Z',
    });
    expect(stockState(stock({}), '2026-12-24T00:00:00Z')).toEqual({
      kind: 'out-of-stock',
      incoming: '2026-12-24T00:00:00Z',
    });
    expect(stockState(null)).toEqual({ kind: 'out-of-stock', incoming: null });
  });

  test('only out of stock cannot be bought; schema.org availability follows the state', () => {
    expect(isPurchasable({ kind: 'out-of-stock', incoming: null })).toBe(false);
    expect(isPurchasable({ kind: 'made-to-order' })).toBe(true);
    expect(schemaAvailability({ kind: 'few-left', count: 2 })).toBe('https://schema.org/InStock');
    expect(schemaAvailability({ kind: 'made-to-order' })).toBe('https://schema.org/MadeToOrder');
    expect(schemaAvailability({ kind: 'out-of-stock', incoming: null })).toBe('https://schema.org/OutOfStock');
  });
});
