/**
 * The browser's GraphQL client (issue 6 contract 2): @urql/core with graphcache, then fetch; POST to
 * /graphql with the page's cookies (same origin). Every operation gets `channelId`, `languageId` and
 * `marketId` from the page's scope unless it gives its own (spec §7). Cart and checkout code passes the
 * cart's market itself (`cartMarketId`: the checkout market on checkout routes, spec §2) and reads with
 * `requestPolicy: 'network-only'`: cart, checkout and customer data are never served stale.
 */
import { Client, fetchExchange, makeOperation, mapExchange, type AnyVariables, type Operation } from '@urql/core';
import { cacheExchange, type KeyingConfig } from '@urql/exchange-graphcache';
import { readShopScope, type ShopScope } from './scope';
import { watch } from './channel';

export const GRAPHQL_PATH = '/graphql';

const embedded = () => null;

/**
 * How graphcache identifies objects. The cart is one entity per id, so a mutation's answer updates every
 * query of that cart. Types with no id of their own are kept inside their parent (null key); so are
 * shipping and payment options, whose ids name a method, not this cart's fee for it.
 */
export const CACHE_KEYS: KeyingConfig = {
  CartType: (data) => (typeof data.id === 'string' ? data.id : null),
  ShippingOptionType: embedded,
  PaymentOptionType: embedded,
  ...Object.fromEntries(
    [
      'AddressType',
      'BalanceType',
      'BrandListType',
      'BrandType',
      'BreadcrumbType',
      'CampaignPriceType',
      'CampaignRuleType',
      'CampaignType',
      'CartSummaryType',
      'CategoryType',
      'CheckoutAndOrderType',
      'CheckoutDataType',
      'CheckoutOrderType',
      'CheckoutType',
      'ConsentType',
      'CountryType',
      'CurrencyType',
      'FilterCollectionType',
      'FilterType',
      'FilterValueType',
      'LowestPriceType',
      'MetadataType',
      'ParameterGroupType',
      'ParameterType',
      'PaymentDetailsType',
      'PlaceOrderResponseType',
      'PriceFilterType',
      'PriceLogItemType',
      'PriceType',
      'ProductImageType',
      'ProductReviewResultType',
      'ProductReviewType',
      'ProductsResultType',
      'ProductTextsType',
      'ProductType',
      'RatingType',
      'RelatedProductType',
      'ShippingDetailType',
      'SkuType',
      'StockType',
      'UrlHistoryType',
      'UserType',
      'ValidateOrderCreationResponseType',
      'VariantAttributeType',
      'VariantDimensionType',
      'VariantGroupType',
      'VariantType',
      'VatGroupType',
    ].map((type) => [type, embedded]),
  ),
};

/** The variables with the scope's channelId, languageId and marketId where the caller gave none. */
export function withScope(
  variables: AnyVariables,
  scope: Pick<ShopScope, 'channelId' | 'languageId' | 'marketId'>,
): Record<string, unknown> {
  const given = (variables ?? {}) as Record<string, unknown>;
  return {
    ...given,
    channelId: given.channelId ?? scope.channelId,
    languageId: given.languageId ?? scope.languageId,
    marketId: given.marketId ?? scope.marketId,
  };
}

/**
 * Adds the scope to each operation. The operation keeps its key: the scope is fixed for the page, so the
 * same variables always become the same scoped ones.
 */
function scopeExchange(scope: ShopScope) {
  return mapExchange({
    onOperation(operation: Operation) {
      if (operation.kind === 'teardown') return operation;
      return makeOperation(
        operation.kind,
        { ...operation, variables: withScope(operation.variables, scope) },
        operation.context,
      );
    },
  });
}

/** Spec §8, §11: what a failed request reports, in its error and in the logs (Apollo's own words). */
export const NETWORK_FAILED = 'Network request failed';
/** Spec §8: an answer with a status of 300 or above. */
export function statusFailed(status: number): string {
  return `Response not successful: Received status code ${status}`;
}

/**
 * The client's fetch: a request that never got an answer fails with NETWORK_FAILED, an answer with a
 * status of 300 or above with `statusFailed(status)` (urql reads both as its `networkError`); an abort
 * (urql tearing an operation down) stays an abort.
 */
export async function shopFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (init?.signal?.aborted) throw error;
    throw new Error(NETWORK_FAILED, { cause: error });
  }
  if (response.status >= 300)
    throw Object.assign(new Error(statusFailed(response.status)), { statusCode: response.status });
  return response;
}

let client: Client | undefined;
let watchingAuth = false;

/** The page's one client (created on first use). */
export function shopClient(): Client {
  if (!watchingAuth) {
    watchingAuth = true;
    // Spec §4: login or logout resets cached data. A login or logout in this tab or another drops the
    // client and its cache; the next operation starts a fresh one under the new session's cookies.
    watch('auth', () => {
      client = undefined;
    });
  }
  client ??= new Client({
    url: GRAPHQL_PATH,
    exchanges: [scopeExchange(readShopScope()), cacheExchange({ keys: CACHE_KEYS }), fetchExchange],
    preferGetMethod: false,
    fetchOptions: { credentials: 'same-origin' },
    fetch: shopFetch,
  });
  return client;
}
