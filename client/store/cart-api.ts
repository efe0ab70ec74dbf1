/**
 * The cart's GraphQL operations from the browser (through `shopClient()`): get, add, update, promo code.
 * Each answers with the whole cart (SHOP_CART_FIELDS) or throws a CartError carrying the API's own words
 * for the shopper (spec §5 quantity messages, §8 promo code errors), already in the page's language.
 */
import type { AnyVariables, DocumentInput } from '@urql/core';
import { apiErrorOf, isShopperError, isStaleCart } from '../../core/api-errors';
import { type ApiCart, cartWithId, type ShopCart, SHOP_CART } from '../../core/graphql/cart';
import { shopClient } from './graphql';
import { cartMarketId, readShopScope } from './scope';
import { graphql } from '../../core/graphql/tada';

/** A cart operation that failed: `shopperMessage` is the API's text for the shopper, null for a fault. */
export class CartError extends Error {
  constructor(
    readonly shopperMessage: string | null,
    readonly messageKey: string | null,
    options?: { cause?: unknown },
  ) {
    super(shopperMessage ?? 'cart operation failed', options);
    this.name = 'CartError';
  }

  /** True when the cart no longer takes changes (unknown or completed): start a new one. */
  get staleCart(): boolean {
    return isStaleCart(this.messageKey);
  }
}

/** The CartError of any failure: the API's shopper message when it gave one. */
export function cartErrorOf(error: unknown): CartError {
  if (error instanceof CartError) return error;
  const apiError = apiErrorOf(error);
  const failure = new CartError(isShopperError(apiError) ? apiError.message : null, apiError?.messageKey ?? null, {
    cause: error,
  });
  // A request that failed says how, in spec §8's words (client/store/graphql.ts shopFetch).
  const network = (error as { networkError?: { message?: unknown } } | null)?.networkError?.message;
  if (failure.shopperMessage === null && typeof network === 'string') failure.message = network;
  return failure;
}

/** The cart's market and shipping-fee flag on this page (spec §2: checkout routes use the checkout market). */
function cartScope(): { marketId: string; allowExternalShippingFee: boolean } {
  const scope = readShopScope();
  return { marketId: cartMarketId(scope), allowExternalShippingFee: scope.checkoutRoute };
}

async function run<Field extends string>(
  kind: 'query' | 'mutation',
  document: DocumentInput,
  field: Field,
  variables: AnyVariables,
): Promise<ShopCart | null> {
  const client = shopClient();
  const options = { requestPolicy: 'network-only' as const };
  const source = kind === 'query' ? client.query(document, variables, options) : client.mutation(document, variables);
  const result = await source.toPromise();
  if (result.error) throw cartErrorOf(result.error);
  const data = result.data as Record<Field, ApiCart | null> | undefined;
  return cartWithId(data?.[field]);
}

/** The cart `id`, or a new cart when `id` is null (or names a cart that is gone). */
export function getCart(id: string | null): Promise<ShopCart | null> {
  return run('query', GET_CART, 'getCart', { ...(id ? { id } : {}), ...cartScope() });
}

export function addToCart(id: string, skuId: number, quantity: number): Promise<ShopCart | null> {
  return run('mutation', ADD_TO_CART, 'addToCart', { id, item: { skuId, quantity }, ...cartScope() });
}

/** Sets a line's quantity; 0 removes it. */
export function updateCartItem(id: string, skuId: number, quantity: number): Promise<ShopCart | null> {
  return run('mutation', UPDATE_CART_ITEM, 'updateCartItem', { id, item: { skuId, quantity }, ...cartScope() });
}

/** Applies a promo or gift code; '-CODE' takes that code off (removeCodeInput). */
export function setCartPromoCode(id: string, promoCode: string): Promise<ShopCart | null> {
  const { marketId } = cartScope();
  return run('mutation', SET_PROMO_CODE, 'setCartPromoCode', { id, promoCode, marketId });
}

const GET_CART = graphql(
  /* GraphQL */ `
    query shopCart(
      $id: String
      $channelId: String
      $languageId: String
      $marketId: String
      $allowExternalShippingFee: Boolean
    ) {
      getCart(
        id: $id
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
        allowExternalShippingFee: $allowExternalShippingFee
      ) {
        ...ShopCart
      }
    }
  `,
  [SHOP_CART],
);

const ADD_TO_CART = graphql(
  /* GraphQL */ `
    mutation shopAddToCart(
      $id: String!
      $item: CartItemInputType!
      $channelId: String
      $languageId: String
      $marketId: String
      $allowExternalShippingFee: Boolean
    ) {
      addToCart(
        id: $id
        item: $item
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
        allowExternalShippingFee: $allowExternalShippingFee
      ) {
        ...ShopCart
      }
    }
  `,
  [SHOP_CART],
);

const UPDATE_CART_ITEM = graphql(
  /* GraphQL */ `
    mutation shopUpdateCartItem(
      $id: String!
      $item: CartItemInputType!
      $channelId: String
      $languageId: String
      $marketId: String
      $allowExternalShippingFee: Boolean
    ) {
      updateCartItem(
        id: $id
        item: $item
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
        allowExternalShippingFee: $allowExternalShippingFee
      ) {
        ...ShopCart
      }
    }
  `,
  [SHOP_CART],
);

const SET_PROMO_CODE = graphql(
  /* GraphQL */ `
    mutation shopSetCartPromoCode(
      $id: String!
      $promoCode: String!
      $channelId: String
      $languageId: String
      $marketId: String
    ) {
      setCartPromoCode(
        id: $id
        promoCode: $promoCode
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
      ) {
        ...ShopCart
      }
    }
  `,
  [SHOP_CART],
);
