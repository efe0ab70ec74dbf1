/**
 * The one GraphQL client of the storefront (DESIGN.md step 5): @urql/core, always passing channelId,
 * marketId and languageId. Against the built-in API it executes in process (an exchange of its own hands
 * the operations to the handler: no network hop, no HTTP round of serializing, batching the operations
 * sent together; an answer served from the cache comes parsed once per isolate, cache.ts parsedAnswer).
 * Against a remote endpoint (GRAPHQL_ENDPOINT, issue 26) the same exchange hands them to the same handler,
 * whose checks and KV cache stand in front of the remote's execution (remote.ts).
 */
import {
  Client,
  getOperationName,
  makeErrorResult,
  makeResult,
  stringifyDocument,
  type AnyVariables,
  type Exchange,
  type ExecutionResult,
  type Operation,
  type OperationResult,
  type TypedDocumentNode,
} from '@urql/core';
import { filter, fromPromise, merge, mergeMap, pipe, share, takeUntil } from 'wonka';
import type { DocumentNode } from 'graphql';
import type { Config } from '../config';
import { answerOperations, type OperationAnswer } from './http';
import { parsedAnswer } from './cache';
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
 * Sends operations to the built-in API in process (http.ts answerOperations): no HTTP request, no
 * serialized body, no Response to read back; the answer's JSON is parsed once (a kept one once per
 * isolate: cache.ts parsedAnswer). The operations the client sends within a few promise turns of each
 * other (a page's reads started together, e.g. the start page's widget shelves and category puffs) go as
 * one batch, whose cached answers are read from KV at once. Each operation still gets its own answer,
 * cache status and key, exactly as if sent alone.
 */
function batchedOperations(context: GraphQLContext): (operation: Operation) => Promise<OperationResult> {
  let queue: { operation: Operation; resolve: (result: OperationResult) => void }[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    answerOperations(
      batch.map(({ operation }) => ({
        raw: {
          query: stringifyDocument(operation.query),
          variables: operation.variables as Record<string, unknown>,
          operationName: getOperationName(operation.query) ?? null,
        },
        method: 'POST' as const,
      })),
      context,
    ).then(
      (answers) =>
        answers.forEach((answer, i) => {
          const { operation, resolve } = batch[i]!;
          resolve(answer.status === 'fulfilled' ? resultOf(operation, answer.value) : failed(operation, answer.reason));
        }),
      (error: unknown) => batch.forEach(({ operation, resolve }) => resolve(failed(operation, error))),
    );
  };
  return (operation) =>
    new Promise<OperationResult>((resolve) => {
      queue.push({ operation, resolve });
      if (queue.length === 1) void afterPromiseJobs().then(flush);
    });
}

function failed(operation: Operation, reason: unknown): OperationResult {
  return makeErrorResult(operation, reason instanceof Error ? reason : new Error(String(reason)));
}

/** The client's result of an answer, as urql's fetchExchange would make it of the same HTTP response. */
function resultOf(operation: Operation, answer: OperationAnswer): OperationResult {
  let result: ExecutionResult;
  try {
    result = (answer.kept ? parsedAnswer(answer.kept) : JSON.parse(answer.body)) as ExecutionResult;
  } catch (error) {
    return failed(operation, error);
  }
  if (!result || (!('data' in result) && !('errors' in result))) {
    return failed(operation, new Error(`GraphQL answer without data or errors (${answer.status})`));
  }
  return makeResult(operation, result);
}

/** The exchange that answers queries and mutations in process (the built-in API's client). */
function inProcessExchange(context: GraphQLContext): Exchange {
  const send = batchedOperations(context);
  return ({ forward }) =>
    (operations$) => {
      const shared = pipe(operations$, share);
      const answered = pipe(
        shared,
        filter((operation) => operation.kind === 'query' || operation.kind === 'mutation'),
        mergeMap((operation) =>
          pipe(
            fromPromise(send(operation)),
            takeUntil(
              pipe(
                shared,
                filter((other) => other.kind === 'teardown' && other.key === operation.key),
              ),
            ),
          ),
        ),
      );
      const rest = pipe(
        shared,
        filter((operation) => operation.kind !== 'query' && operation.kind !== 'mutation'),
        forward,
      );
      return merge([answered, rest]);
    };
}

export function createStorefrontClient(options: {
  config: Config;
  scope: OperationScope;
  context: GraphQLContext;
}): StorefrontClient {
  const { scope, context } = options;
  // Built-in or remote (GRAPHQL_ENDPOINT, issue 26), every operation goes through answerOperations: the
  // same checks and KV cache; a remote API executes it there (remote.ts) with the request's tokens.
  const client = new Client({
    url: BUILT_IN_URL,
    exchanges: [inProcessExchange(context)],
    requestPolicy: 'network-only',
    preferGetMethod: false,
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
