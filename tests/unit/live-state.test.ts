// Issue 28: the state an open page compares a live answer with (core/live/subscriptions.ts): a page re-renders
// its live parts only when what it shows changed.
import { describe, expect, test } from 'vitest';
import { liveStateOf, productLiveState } from '../../core/live/subscriptions';

const rendered = {
  totalStock: { inStock: 2, oversellable: 0, static: null, totalStock: 2, incoming: null },
  skus: [{ skuId: 317, incoming: null, stock: { inStock: 2, oversellable: 0, static: null, totalStock: 2 } }],
  unitPrice: {
    sellingPriceIncVat: 19,
    isDiscounted: false,
    discountPercentage: 0,
    sellingPriceIncVatFormatted: '19 kr',
  },
};

describe('a live product answer', () => {
  test('with the same stock and price as the page is no change, whatever else it carries', () => {
    const answer = { productChanged: { productId: 273, ...rendered, name: 'Suddgummi' } };
    expect(liveStateOf('product', answer)).toBe(productLiveState(rendered));
  });

  test('with the last unit sold is a change', () => {
    const soldOut = {
      ...rendered,
      totalStock: { inStock: 0, oversellable: 0, static: null },
      skus: [{ skuId: 317, incoming: null, stock: { inStock: 0, oversellable: 0, static: null } }],
    };
    expect(liveStateOf('product', { productChanged: soldOut })).not.toBe(productLiveState(rendered));
  });

  test('with a new price is a change', () => {
    const cheaper = { ...rendered, unitPrice: { sellingPriceIncVat: 15, isDiscounted: true, discountPercentage: 21 } };
    expect(liveStateOf('product', { productChanged: cheaper })).not.toBe(productLiveState(rendered));
  });

  test('that found no product says nothing', () => {
    expect(liveStateOf('product', { productChanged: null })).toBeNull();
  });
});

describe('a live order answer', () => {
  test('names each order with its status', () => {
    expect(liveStateOf('customer', { ordersChanged: [{ id: 100001, status: 'PENDING' }] })).toBe(
      '[["100001","PENDING"]]',
    );
    expect(liveStateOf('order', { orderChanged: { id: 100001, status: 'COMPLETED' } })).toBe(
      '[["100001","COMPLETED"]]',
    );
  });
});
