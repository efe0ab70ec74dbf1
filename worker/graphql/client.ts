/**
 * The one GraphQL client of the storefront (DESIGN.md step 5): @urql/core, always passing channelId,
 * marketId and languageId. Against the built-in API it executes in process (its `fetch` calls the
 * handler directly, no network hop); against an external endpoint it POSTs with X-ApiKey.
 */
import { Client, fetchExchange, type AnyVariables, type TypedDocumentNode } from '@urql/core';
import type { DocumentNode } from 'graphql';
import type { Config } from '../config';
import { handleGraphQLRequest } from './http';
import type { GraphQLContext } from './context';

export interface OperationScope {
  channelId: string;
  marketId: string;
  languageId: string;
}

/** An operation's variables without the scope the client adds to every operation itself. */
export type ScopedVariables<Variables> = Omit<Variables, keyof OperationScope> & Partial<OperationScope>;

export interface StorefrontClient {
  /**
   * Runs a query in the request's scope; a transport or GraphQL error rejects. A typed document
   * (core/graphql/tada.ts) types the result and the variables from the schema.
   */
  query<Data, Variables>(
    document: TypedDocumentNode<Data, Variables>,
    variables?: ScopedVariables<Variables>,
  ): Promise<Data>;
  /** Runs a mutation in the request's scope (form posts: add to cart, notify me...); errors reject. */
  mutate<Data, Variables>(
    document: TypedDocumentNode<Data, Variables>,
    variables?: ScopedVariables<Variables>,
  ): Promise<Data>;
}

const BUILT_IN_URL = 'http://storefront.internal/graphql';

export function createStorefrontClient(options: {
  config: Config;
  scope: OperationScope;
  context: GraphQLContext;
  authToken?: string;
  /** The shopper's automated-discount token (`ralph-gad`), sent as `x-prices` (spec §7). */
  priceToken?: string;
}): StorefrontClient {
  const { config, scope, context } = options;
  const external = config.graphqlEndpoint;
  const client = new Client({
    url: external ?? BUILT_IN_URL,
    exchanges: [fetchExchange],
    requestPolicy: 'network-only',
    preferGetMethod: false,
    fetchOptions: () => ({
      headers: {
        ...(external && config.graphqlApiKey ? { 'X-ApiKey': config.graphqlApiKey } : {}),
        ...(options.authToken ? { Authorization: `Bearer ${options.authToken}` } : {}),
        ...(options.priceToken ? { 'x-prices': options.priceToken } : {}),
      },
    }),
    fetch: external
      ? undefined
      : (input, init) => handleGraphQLRequest(new Request(input as string, init as RequestInit), context),
  });
  function answer<Data>(result: { error?: unknown; data?: unknown }): Data {
    if (result.error) throw result.error;
    if (!result.data) throw new Error('Server response was missing for query');
    return result.data as Data;
  }
  return {
    async query(document, variables) {
      return answer(
        await client.query(document as DocumentNode, { ...scope, ...variables } as AnyVariables).toPromise(),
      );
    },
    async mutate(document, variables) {
      return answer(
        await client.mutation(document as DocumentNode, { ...scope, ...variables } as AnyVariables).toPromise(),
      );
    },
  };
}
