import { describe, expect, test } from 'vitest';
import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import { analyticsItemOfCartLine } from '../../client/browser/analytics';
import { apiErrorOf, isStaleCart, shopperMessageOf } from '../../core/api-errors';
import { CartError, cartErrorOf } from '../../client/store/cart-api';
import { stepErrorOf } from '../../core/checkout/place';

function apiFailure(message: string, code: string, messageKey: string): CombinedError {
  return new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions: { code, messageKey } })] });
}

describe('the API errors, read the same by the cart and the checkout', () => {
  test("a shopper's error keeps the API's words; a fault has none", () => {
    const stock = apiFailure('Det finns bara 2 i lager', 'BAD_USER_INPUT', 'api.cart.outOfStock');
    expect(apiErrorOf(stock)).toEqual({
      message: 'Det finns bara 2 i lager',
      code: 'BAD_USER_INPUT',
      messageKey: 'api.cart.outOfStock',
    });
    expect(shopperMessageOf(stock)).toBe('Det finns bara 2 i lager');
    expect(shopperMessageOf(apiFailure('Unexpected error.', 'INTERNAL_SERVER_ERROR', ''))).toBeNull();
    expect(shopperMessageOf(new CombinedError({ networkError: new Error('offline') }))).toBeNull();
    expect(apiErrorOf(new Error('plain'))).toBeNull();
  });

  test('FORBIDDEN (a blocked order) is worded for the shopper, for the cart as for the checkout', () => {
    const blocked = apiFailure('Ordern kunde inte skapas', 'FORBIDDEN', 'api.checkout.orderFailed');
    expect(cartErrorOf(blocked).shopperMessage).toBe('Ordern kunde inte skapas');
    expect(stepErrorOf(blocked).shopperMessage).toBe('Ordern kunde inte skapas');
    expect(stepErrorOf(blocked).messageKey).toBe('api.checkout.orderFailed');
  });

  test('a cart that is gone or ordered is stale; other errors are not', () => {
    expect(isStaleCart('api.cart.notFound')).toBe(true);
    expect(isStaleCart('api.cart.completed')).toBe(true);
    expect(isStaleCart('api.cart.outOfStock')).toBe(false);
    expect(isStaleCart(null)).toBe(false);
    expect(cartErrorOf(apiFailure('Varukorgen finns inte', 'NOT_FOUND', 'api.cart.notFound')).staleCart).toBe(true);
    expect(new CartError(null, null).staleCart).toBe(false);
  });
});

describe('a cart line in the ecommerce events', () => {
  test('one item for every event: product, size as variant, unit price and quantity', () => {
    const line = {
      skuId: 12,
      quantity: 3,
      product: {
        productId: 7,
        name: 'Jacka',
        brand: { name: 'Ralph' },
        skus: [
          { skuId: 11, name: 'S' },
          { skuId: 12, name: 'M' },
        ],
      },
      unitPrice: { sellingPriceIncVat: 499 },
    };
    expect(analyticsItemOfCartLine(line)).toEqual({
      item_id: '7',
      item_name: 'Jacka',
      item_brand: 'Ralph',
      item_variant: 'M',
      price: 499,
      quantity: 3,
    });
    expect(analyticsItemOfCartLine(line, 1).quantity).toBe(1);
    expect(analyticsItemOfCartLine({ ...line, product: { ...line.product, brand: null, skus: [] } })).toEqual({
      item_id: '7',
      item_name: 'Jacka',
      price: 499,
      quantity: 3,
    });
  });
});
