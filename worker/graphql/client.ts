/**
 * The one GraphQL client of the storefront (DESIGN.md step 5): @urql/core, always passing channelId,
 * marketId and languageId. Against the built-in API it executes in process (its `fetch` calls the
 * handler directly, no network hop, batching the requests sent together); against an external endpoint
 * it POSTs with X-ApiKey.
 */
import { Client, fetchExchange, type AnyVariables, type TypedDocumentNode } from '@urql/core';
import type { DocumentNode } from 'graphql';
import type { Config } from '../config';
import { handleGraphQLBatch } from './http';
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

/**
 * Waits a few turns of the promise job queue: long enough for the reads that other reads' answers start
 * (a batch's answers resolve together) to join the next batch, far shorter than a timer (~1 ms in workerd).
 */
async function afterPromiseJobs(): Promise<void> {
  for (let turn = 0; turn < BATCH_WINDOW_TURNS; turn++) await undefined;
}
const BATCH_WINDOW_TURNS = 16;

/**
 * The in-process transport: the requests the client sends within a few promise turns of each other (a
 * page's reads started together, e.g. the start page's widget shelves and category puffs) go to the
 * handler as one batch, which reads their cached answers from KV at once (http.ts
 * handleGraphQLBatch). Each request still gets its own answer, exactly as if sent alone.
 */
function batchedHandler(context: GraphQLContext): typeof fetch {
  let queue: { request: Request; resolve: (response: Response) => void; reject: (reason: unknown) => void }[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    handleGraphQLBatch(
      batch.map((item) => item.request),
      context,
    ).then(
      (results) =>
        results.forEach((result, i) =>
          result.status === 'fulfilled' ? batch[i]!.resolve(result.value) : batch[i]!.reject(result.reason),
        ),
      (error: unknown) => batch.forEach((item) => item.reject(error)),
    );
  };
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      queue.push({ request: new Request(input as string, init as RequestInit), resolve, reject });
      if (queue.length === 1) void afterPromiseJobs().then(flush);
    });
}

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
    fetch: external ? undefined : batchedHandler(context),
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
