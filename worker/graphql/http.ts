/**
 * GraphQL over HTTP for the built-in API (spec §7): POST with a JSON body, or GET with query parameters
 * for queries, persisted ones included (persisted.ts). Bad requests and documents over the abuse limits
 * (limits.ts) get a 400 with a GraphQL `errors` body before anything executes; public catalog reads go
 * through the KV response cache (cache.ts). Unexpected failures are logged and masked, so no internals
 * reach the caller. The in-process client (client.ts) hands the operations a page starts together to
 * answerOperations as one batch, whose cached answers are read from KV at once; handleGraphQLBatch does
 * the same for HTTP requests.
 *
 * Every response says what the cache did (`X-Cache: HIT | MISS | STALE | BYPASS`; a request with
 * `Cache-Control: no-cache` is answered fresh, a MISS that refreshes the entry) and how long the
 * handler took (`Server-Timing: graphql;dur=…`). Inside workerd the clock only advances on I/O (D1, KV),
 * so that figure is the time from the request to the handler's last I/O: it includes every D1 and KV
 * wait and the work between them, not the CPU spent after the last I/O (serializing the answer).
 */
import { GraphQLError, type ExecutionResult } from 'graphql';
import { createTranslator, localeOfLanguageId } from '../../locales';
import * as v from 'valibot';
import { executePrepared, prepareOperation, type GraphQLRequest, type PreparedOperation } from './executor';
import type { GraphQLContext } from './context';
import { registerPersistedQuery, resolvePersistedQuery } from './persisted';
import { executeRemote } from './remote';
import {
  cachedBody,
  cachePolicyOf,
  CacheNone,
  readEntries,
  responseCacheKey,
  type CacheEntry,
  type CacheStatus,
  type KeptAnswer,
  type RenderedBody,
  worthKeeping,
} from './cache';

const RequestSchema = v.object({
  query: v.nullish(v.pipe(v.string('query must be a string'), v.maxLength(100_000))),
  variables: v.nullish(v.record(v.string(), v.unknown(), 'variables must be an object')),
  operationName: v.nullish(v.string('operationName must be a string')),
  extensions: v.nullish(v.record(v.string(), v.unknown(), 'extensions must be an object')),
});
type RawRequest = v.InferOutput<typeof RequestSchema>;

function json(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

function errorBody(errors: readonly GraphQLError[] | readonly { message: string; extensions?: object }[]): string {
  return JSON.stringify({ errors });
}

function badRequest(message: string, status = 400): Response {
  return json(errorBody([{ message, extensions: { code: 'BAD_REQUEST' } }]), status);
}

function parseJsonParam(params: URLSearchParams, name: string): unknown {
  const text = params.get(name);
  return text === null || text === '' ? null : JSON.parse(text);
}

async function readRequest(request: Request): Promise<RawRequest | Response> {
  let raw: unknown;
  if (request.method === 'GET') {
    const params = new URL(request.url).searchParams;
    const json: Record<string, unknown> = {};
    for (const name of ['variables', 'extensions']) {
      try {
        json[name] = parseJsonParam(params, name);
      } catch {
        return badRequest(`${name} must be JSON`);
      }
    }
    raw = { query: params.get('query'), operationName: params.get('operationName'), ...json };
  } else if (request.method === 'POST') {
    // The media type's essence, not a substring: `text/plain;application/json` is text/plain, which a
    // page on another site may send with the shopper's cookies and no preflight (issue 12).
    const essence = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (essence !== 'application/json' && essence !== 'application/graphql-response+json') {
      return badRequest('Content-Type must be application/json', 415);
    }
    try {
      raw = await request.json();
    } catch {
      return badRequest('The body is not valid JSON');
    }
  } else {
    return badRequest('Use GET or POST', 405);
  }
  const parsed = v.safeParse(RequestSchema, raw);
  return parsed.success ? parsed.output : badRequest(parsed.issues[0].message);
}

/**
 * Replaces errors that did not come from a deliberate GraphQLError (a D1 failure, a bug) with the
 * generic message of spec §8 in the operation's language, after logging them: nothing internal leaks.
 */
function maskErrors(result: ExecutionResult, languageId: unknown): ExecutionResult {
  if (!result.errors) return result;
  return {
    ...result,
    errors: result.errors.map((error) => {
      const original = error.originalError;
      if (!original || original instanceof GraphQLError) return error;
      console.error('graphql resolver failed', error.path?.join('.'), original);
      const t = createTranslator(localeOfLanguageId(typeof languageId === 'string' ? languageId : undefined));
      return new GraphQLError(t('errors.generic'), {
        path: error.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
    }),
  };
}

/** The policy and key of a cacheable operation, or undefined to bypass the cache (KV or D1 trouble included). */
async function cachePlan(prepared: PreparedOperation, context: GraphQLContext) {
  const policy = cachePolicyOf(prepared, context);
  if (policy === CacheNone || !context.cache) return undefined;
  try {
    return { policy, key: await responseCacheKey(prepared, context), cache: context.cache };
  } catch (error) {
    console.error('graphql cache key failed', error);
    return undefined;
  }
}

/** An operation's answer, before it becomes an HTTP response (or the in-process client's result). */
export interface OperationAnswer {
  body: string;
  status: number;
  cache: CacheStatus;
  headers?: Record<string, string>;
  /** Served from a stored response: the in-process client reads it parsed (cache.ts parsedAnswer). */
  kept?: KeptAnswer;
}

/** An operation read and prepared, ready to be answered from the cache or executed. */
interface PlannedOperation {
  render: () => Promise<RenderedBody>;
  plan: Awaited<ReturnType<typeof cachePlan>>;
  /** RFC 9111 §5.2.1.4: a request's no-cache asks for an answer not served from a cache. */
  refresh: boolean;
}

/** What an operation asks: its body's fields, how it came (GET allows queries only), a no-cache. */
export interface OperationInput {
  raw: RawRequest;
  method: 'GET' | 'POST';
  refresh?: boolean;
}

/** Prepares an operation: an answer when it is refused before anything executes. */
async function planOperation(
  input: OperationInput,
  context: GraphQLContext,
): Promise<PlannedOperation | OperationAnswer> {
  const { raw } = input;
  const persisted = await resolvePersistedQuery(raw, context.cache);
  if ('error' in persisted) {
    return {
      body: errorBody([persisted.error]),
      status: persisted.status,
      cache: 'BYPASS',
      headers: persisted.headers,
    };
  }
  const operation: GraphQLRequest = {
    query: persisted.query,
    variables: raw.variables,
    operationName: raw.operationName,
  };
  const prepared = prepareOperation(operation, {
    introspection: context.config.graphqlIntrospection,
    queriesOnly: input.method === 'GET',
  });
  // Errors before execution mean the document itself was bad (or over a limit): nothing ran.
  if ('errors' in prepared) return { body: errorBody(prepared.errors), status: prepared.status, cache: 'BYPASS' };
  if (persisted.registerAs) await registerPersistedQuery(context.cache, persisted.registerAs, persisted.query);

  const render = async (): Promise<RenderedBody> => {
    // A remote commerce API executes it (issue 26); the checks and the cache above are the same.
    if (context.config.graphqlEndpoint) return executeRemote(prepared, context);
    const result = maskErrors(await executePrepared(prepared, context), prepared.request.variables?.languageId);
    // No `data` at all: the variables did not fit the operation, a bad request.
    const status = 'data' in result ? 200 : 400;
    return { body: JSON.stringify(result), status, storable: worthKeeping(status, result) };
  };
  // It opens nothing new: other variables would miss the cache just as well.
  const plan = await cachePlan(prepared, context);
  // A page to keep shows prices and stock no older than the product versions it is kept under
  // (docs/decisions/015): its short-lived reads come from D1 and refresh the cache.
  const forKeptPage = context.keptPageRender !== undefined && plan?.policy.name === 'CacheShort';
  return { render, plan, refresh: (input.refresh ?? false) || forKeptPage || context.freshAnswers === true };
}

/** Answers a planned operation: from the cache (entries of a batch's read, `preread`, or its own read) or executed. */
async function answerPlanned(
  planned: PlannedOperation,
  context: GraphQLContext,
  preread?: ReadonlyMap<string, CacheEntry | undefined>,
): Promise<OperationAnswer> {
  const { render, plan, refresh } = planned;
  if (!plan) {
    const rendered = await render();
    return { body: rendered.body, status: rendered.status, cache: 'BYPASS' };
  }
  return cachedBody({
    context: { ...context, cache: plan.cache },
    policy: plan.policy,
    key: plan.key,
    refresh,
    preread,
    render,
  });
}

/**
 * Answers the operations a page sends together (the in-process client's batch, client.ts) as one: each
 * is prepared, checked and cached as if alone (same answers, same cache keys), but the cached ones are
 * read from KV in one bulk read instead of one read each. An operation that fails rejects alone.
 */
export async function answerOperations(
  inputs: readonly OperationInput[],
  context: GraphQLContext,
): Promise<PromiseSettledResult<OperationAnswer>[]> {
  const planned = await Promise.allSettled(inputs.map((input) => planOperation(input, context)));
  const keys: string[] = [];
  for (const result of planned) {
    if (result.status !== 'fulfilled' || !('render' in result.value)) continue;
    const { plan, refresh } = result.value;
    if (!plan || refresh) continue;
    keys.push(plan.key);
  }
  const preread = context.cache && keys.length > 1 ? await readEntries(context.cache, keys) : undefined;
  return Promise.allSettled(
    planned.map(async (result) => {
      if (result.status === 'rejected') throw result.reason;
      return 'render' in result.value ? answerPlanned(result.value, context, preread) : result.value;
    }),
  );
}

/**
 * The HTTP answer: what the cache did (`X-Cache`) and how long the handler took (`Server-Timing`,
 * from `started`).
 */
function respond(answer: OperationAnswer, started: number): Response {
  return json(answer.body, answer.status, {
    'X-Cache': answer.cache,
    'Server-Timing': `graphql;dur=${(performance.now() - started).toFixed(2)}`,
    ...answer.headers,
  });
}

/** A request's operation, or the 4xx answer to a request that is not one. */
async function inputOf(request: Request): Promise<OperationInput | Response> {
  const raw = await readRequest(request);
  if (raw instanceof Response) return raw;
  return {
    raw,
    method: request.method === 'GET' ? 'GET' : 'POST',
    refresh: /\bno-cache\b/i.test(request.headers.get('Cache-Control') ?? ''),
  };
}

/** Answers one GraphQL HTTP request against the built-in API. */
export async function handleGraphQLRequest(request: Request, context: GraphQLContext): Promise<Response> {
  const started = performance.now();
  const input = await inputOf(request);
  if (input instanceof Response) return input;
  const [answer] = await answerOperations([input], context);
  if (answer!.status === 'rejected') throw answer!.reason;
  return respond(answer!.value, started);
}

/**
 * Answers HTTP requests sent together as one batch (answerOperations): each gets the response it would
 * get alone. A request that fails rejects alone.
 */
export async function handleGraphQLBatch(
  requests: readonly Request[],
  context: GraphQLContext,
): Promise<PromiseSettledResult<Response>[]> {
  const started = performance.now();
  const read = await Promise.allSettled(requests.map(inputOf));
  const operations = read.flatMap((entry) =>
    entry.status === 'fulfilled' && !(entry.value instanceof Response) ? [entry.value] : [],
  );
  const answers = await answerOperations(operations, context);
  let next = 0;
  return read.map((entry): PromiseSettledResult<Response> => {
    if (entry.status === 'rejected') return entry;
    if (entry.value instanceof Response) return { status: 'fulfilled', value: entry.value };
    const answer = answers[next++]!;
    return answer.status === 'fulfilled' ? { status: 'fulfilled', value: respond(answer.value, started) } : answer;
  });
}
