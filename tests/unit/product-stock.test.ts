import { describe, expect, test } from 'vitest';
import { MADE_TO_ORDER_UNITS, stockOf, totalStockOf, type SkuRecord } from '../../worker/commerce/catalog/products';

const sku = (fields: Partial<SkuRecord>): SkuRecord => ({
  skuId: 1,
  productId: 1,
  articleNumber: 'A-1',
  gtin: '7300000000000',
  size: null,
  stock: 0,
  oversellable: false,
  staticStock: null,
  incoming: null,
  weightG: 10,
  ...fields,
});

describe('stock as the API reports it', () => {
  test('stock on the shelf is in stock and is the total', () => {
    expect(stockOf(sku({ stock: 3 }))).toEqual({
      inStock: 3,
      oversellable: 0,
      static: null,
      totalStock: 3,
      incoming: null,
    });
  });

  test('a sold-out sku has nothing to sell and tells when new stock arrives', () => {
    expect(stockOf(sku({ stock: 0, incoming: '2026-12-01' }))).toMatchObject({ totalStock: 0, incoming: '2026-12-01' });
  });

  test('a made-to-order sku can always be oversold', () => {
    expect(stockOf(sku({ stock: 0, oversellable: true }))).toMatchObject({
      inStock: 0,
      oversellable: MADE_TO_ORDER_UNITS,
      totalStock: MADE_TO_ORDER_UNITS,
    });
  });

  test('static stock is reported as static, not as stock on the shelf', () => {
    expect(stockOf(sku({ stock: 1000, staticStock: 1000 }))).toMatchObject({
      inStock: 0,
      static: 1000,
      totalStock: 1000,
    });
  });

  test('a product’s stock is the sum of its skus with the earliest incoming date', () => {
    const total = totalStockOf([
      sku({ stock: 4 }),
      sku({ stock: 0, incoming: '2026-12-09' }),
      sku({ stock: 0, incoming: '2026-12-02' }),
    ]);
    expect(total).toEqual({ inStock: 4, oversellable: 0, static: null, totalStock: 4, incoming: '2026-12-02' });
  });
});
